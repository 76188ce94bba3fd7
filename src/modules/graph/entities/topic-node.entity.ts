import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export interface NodeSource {
  title: string;
  url: string;
  type: string;
}

/** A topic of a subject's knowledge graph. Identified per subject, as the API addresses it. */
@Entity({ tableName: 'topic_nodes' })
@Index({ properties: ['subjectId', 'moduleId'] })
export class TopicNode {
  [OptionalProps]?: 'preview' | 'position' | 'video' | 'archivedAt' | 'studioEditedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  moduleId!: string;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  /** a free preview sample */
  @Property({ type: 'boolean', default: false })
  preview: boolean = false;

  @Property({ type: 'text' })
  summaryHtml!: string;

  @Property({ type: 'text' })
  lessonHtml!: string;

  @Property({ type: 'jsonb' })
  variants!: Record<string, string>;

  @Property({ type: 'jsonb' })
  sources!: NodeSource[];

  @Property({ type: 'jsonb', nullable: true })
  video?: { url: string; title?: string } | null;

  @Property({ type: 'text' })
  contentHash!: string;

  /** Set when a node disappears from the content source; kept so learners' notes and mastery survive. */
  @Property({ type: 'timestamptz', nullable: true })
  archivedAt?: Date | null;

  /** Set when a Studio publish changed, added or retired it: imports leave it as it is (unless told to take the pack). */
  @Property({ type: 'timestamptz', nullable: true })
  studioEditedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
