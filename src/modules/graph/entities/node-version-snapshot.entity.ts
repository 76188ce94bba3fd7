import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { NodeContentFields } from './node-overlay.entity';

/** What a node's content became in a version (immutable): `before` and `after` of each change. */
@Entity({ tableName: 'node_version_snapshots' })
export class NodeVersionSnapshot {
  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'integer' })
  version!: number;

  @PrimaryKey({ type: 'text' })
  nodeId!: string;

  @Property({ type: 'jsonb' })
  before!: NodeContentFields;

  @Property({ type: 'jsonb' })
  after!: NodeContentFields;
}
