import { NodePrerequisite } from './node-prerequisite.entity';
import { TopicNode } from './topic-node.entity';

export { NodePrerequisite, TopicNode };
export type { NodeSource } from './topic-node.entity';
export const GRAPH_ENTITIES = [TopicNode, NodePrerequisite];
