import { ApiProperty } from '@nestjs/swagger';
import type { BookmarkRecord } from '../bookmarks.repository';
import { SubjectNodeDto } from '../structure/dto/topic-ref.dto';
import { OptionalSubjectQuery } from './graph.dto';

/** The caller's bookmarks, of one subject or all. */
export class BookmarksQuery extends OptionalSubjectQuery {}

export class BookmarkDto extends SubjectNodeDto {}

// ---- responses -------------------------------------------------------------------------------------

/** The spec's bookmark, with its topic's title and category (the module's title). */
export class BookmarkResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ example: 'vn-anatomy' }) nodeId!: string;
  @ApiProperty() nodeTitle!: string;
  @ApiProperty({ description: "the topic's module title" }) nodeCategory!: string;
  @ApiProperty({ description: 'the topic was retired (or left the course): the bookmark is kept, shown as archived' })
  archived!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export function toBookmarkResponse(b: BookmarkRecord): BookmarkResponse {
  return {
    id: b.id,
    subjectId: b.subjectId,
    nodeId: b.nodeId,
    nodeTitle: b.nodeTitle,
    nodeCategory: b.nodeCategory,
    archived: b.archived,
    createdAt: new Date(b.createdAt).toISOString(),
  };
}
