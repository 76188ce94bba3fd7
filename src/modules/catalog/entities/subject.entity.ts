import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A course sold in the shop. Content fields are owned by the content migration; `isPublished` by the Studio. */
@Entity({ tableName: 'subjects' })
export class Subject {
  [OptionalProps]?: 'isPublished' | 'safetyNote' | 'position' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'text', nullable: true })
  safetyNote?: string | null;

  @Property({ type: 'boolean', default: true })
  isPublished: boolean = true;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  /** SHA-256 of the imported content, so a re-run can tell unchanged from updated. */
  @Property({ type: 'text' })
  contentHash!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
