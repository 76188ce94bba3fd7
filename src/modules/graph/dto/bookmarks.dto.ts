import { OptionalSubjectQuery, SubjectNodeDto } from './graph.dto';

/** The caller's bookmarks, of one subject or all. */
export class BookmarksQuery extends OptionalSubjectQuery {}

export class BookmarkDto extends SubjectNodeDto {}

export interface BookmarkResponse {
  id: string;
  subjectId: string;
  nodeId: string;
  nodeTitle: string;
  nodeCategory: string;
  createdAt: string;
}
