import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A passage of a crawled page. The migration adds a generated tsvector column and a GIN
 * index over it for full-text search (not mapped here: it is written by PostgreSQL).
 */
@Entity({ tableName: 'source_passages' })
@Index({ properties: ['subjectId'] })
export class SourcePassage {
  @PrimaryKey({ type: 'uuid' })
  documentId!: string;

  @PrimaryKey({ type: 'integer' })
  position!: number;

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'text' })
  text!: string;
}
