import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A topic's video: `url` is a media library path (`/media/<subject>/<fileName>`) or an external https URL. */
export interface NodeVideo {
  url: string;
  title: string;
}

export interface NodeContentFields {
  title: string;
  summary_html: string;
  variants: Record<'beginner' | 'advanced' | 'practical' | 'theoretical', string>;
  sources: { title: string; url: string; type: string }[];
  /** absent: no video (an overlay saved before videos were tracked keeps the published one) */
  video?: NodeVideo | null;
  // Since issue 25 a draft holds everything a learner sees; absent in older drafts: the published value.
  lesson_html?: string;
  moduleId?: string;
  prerequisites?: string[];
  position?: number;
  retired?: boolean;
  /** a topic added in the Studio, not yet published */
  created?: boolean;
}

/**
 * A Studio edit not yet published: the subject's draft overlay, one row per edited node. No foreign key to the
 * node: a topic the Studio adds exists only here until it is published.
 */
@Entity({ tableName: 'node_overlays' })
export class NodeOverlay {
  [OptionalProps]?: 'updatedBy' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  nodeId!: string;

  @Property({ type: 'jsonb' })
  content!: NodeContentFields;

  @Property({ type: 'uuid', nullable: true })
  updatedBy?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
