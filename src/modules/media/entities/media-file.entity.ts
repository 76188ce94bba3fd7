import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

export type MediaKind = 'audio' | 'video' | 'captions';

/**
 * A file of the media library: the row is the catalogue, the bytes live in MediaStorage under
 * `storageKey`. Media made from content records what it was made from (provider, voice, text hash)
 * so a bulk run can skip what is current, and publishing a version marks it stale.
 */
@Entity({ tableName: 'media_files' })
@Unique({ properties: ['subjectId', 'fileName'] })
@Index({ properties: ['subjectId', 'sectionId', 'kind'] })
export class MediaFile {
  [OptionalProps]?: 'free' | 'stale' | 'createdAt';

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'text', nullable: true })
  nodeId?: string | null;

  /** the lecture section it was made from (section ids equal node ids) */
  @Property({ type: 'text', nullable: true })
  sectionId?: string | null;

  @Property({ type: 'text' })
  kind!: MediaKind;

  @Property({ type: 'text' })
  fileName!: string;

  @Property({ type: 'text' })
  storageKey!: string;

  @Property({ type: 'bigint' })
  size!: number;

  @Property({ type: 'integer', nullable: true })
  durationMs?: number | null;

  /** playable by anyone, without an entitlement */
  @Property({ type: 'boolean', default: false })
  free: boolean = false;

  /** sha256 of the bytes */
  @Property({ type: 'text' })
  contentHash!: string;

  @Property({ type: 'text', nullable: true })
  provider?: string | null;

  @Property({ type: 'text', nullable: true })
  voice?: string | null;

  @Property({ type: 'text', nullable: true })
  textHash?: string | null;

  /** the file name of its WebVTT captions */
  @Property({ type: 'text', nullable: true })
  captionsFile?: string | null;

  @Property({ type: 'uuid', nullable: true })
  createdBy?: string | null;

  @Property({ type: 'boolean', default: false })
  stale: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;
}
