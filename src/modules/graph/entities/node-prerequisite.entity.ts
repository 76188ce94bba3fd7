import { Entity, Index, PrimaryKey } from '@mikro-orm/core';

/** An edge of the topic graph: `nodeId` builds on `prerequisiteId` (same subject). */
@Entity({ tableName: 'node_prerequisites' })
@Index({ properties: ['subjectId', 'prerequisiteId'] })
export class NodePrerequisite {
  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  nodeId!: string;

  @PrimaryKey({ type: 'text' })
  prerequisiteId!: string;
}
