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
}

/** A Studio edit not yet published: the subject's draft overlay, one row per edited node. */
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
