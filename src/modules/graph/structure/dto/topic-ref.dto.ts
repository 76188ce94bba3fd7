import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';

/*
 * How requests name a topic. Here, in the course-structure folder other modules may import, because they
 * take topic ids too (practice reviews extend SubjectNodeDto); the graph's own DTOs use the same pattern.
 */

/** What a topic id may look like: what requests may name, before any lookup. */
export const NODE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

/** A topic of a subject, named by both ids (bookmarks, practice reviews). */
export class SubjectNodeDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;

  @ApiProperty({ example: 'vn-anatomy' })
  @IsString({ message: 'nodeId is required' })
  @Matches(NODE_ID_PATTERN, { message: 'nodeId is not a topic id' })
  nodeId!: string;
}
