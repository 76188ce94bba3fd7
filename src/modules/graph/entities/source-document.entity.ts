import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A crawled web page, indexed for one subject's tutor. */
@Entity({ tableName: 'source_documents' })
@Unique({ properties: ['subjectId', 'url'] })
export class SourceDocument {
  [OptionalProps]?: 'title' | 'fetchedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'text' })
  url!: string;

  @Property({ type: 'text', nullable: true })
  title?: string | null;

  @Property({ type: 'text' })
  contentHash!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  fetchedAt: Date = new Date();
}
