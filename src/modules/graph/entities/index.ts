import { Bookmark } from './bookmark.entity';
import { NodeOverlay } from './node-overlay.entity';
import { NodePrerequisite } from './node-prerequisite.entity';
import { NodeVersionSnapshot } from './node-version-snapshot.entity';
import { Note } from './note.entity';
import { SourceDocument } from './source-document.entity';
import { SourcePassage } from './source-passage.entity';
import { SubjectModule } from './subject-module.entity';
import { SubjectVersion } from './subject-version.entity';
import { TopicNode } from './topic-node.entity';
import { TutorAnswer } from './tutor-answer.entity';

export {
  Bookmark,
  NodeOverlay,
  NodePrerequisite,
  NodeVersionSnapshot,
  Note,
  SourceDocument,
  SourcePassage,
  SubjectModule,
  SubjectVersion,
  TopicNode,
  TutorAnswer,
};
export type { NodeSource } from './topic-node.entity';
export type { NodeContentFields, NodeVideo } from './node-overlay.entity';
export const GRAPH_ENTITIES = [
  SubjectModule,
  TopicNode,
  NodePrerequisite,
  Note,
  Bookmark,
  NodeOverlay,
  SubjectVersion,
  NodeVersionSnapshot,
  SourceDocument,
  SourcePassage,
  TutorAnswer,
];
