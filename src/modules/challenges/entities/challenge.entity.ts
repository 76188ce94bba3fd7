import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A multi-day guided challenge belonging to a subject. */
@Entity({ tableName: 'challenges' })
export class Challenge {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text', index: true })
  subjectId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  tagline!: string;

  @Property({ type: 'integer' })
  daysCount!: number;

  @Property({ type: 'text' })
  contentHash!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
