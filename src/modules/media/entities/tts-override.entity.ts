import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** Studio's per-section changes to what text-to-speech reads (the text) and with which voice. */
@Entity({ tableName: 'tts_overrides' })
export class TtsOverride {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  sectionId!: string;

  @Property({ type: 'text', nullable: true })
  text?: string | null;

  @Property({ type: 'text', nullable: true })
  voiceId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  updatedBy?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt!: Date;
}
