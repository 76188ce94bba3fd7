import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import type { NoteRecord } from '../notes.repository';
import { NODE_ID_PATTERN } from '../structure/dto/topic-ref.dto';
import { OptionalSubjectQuery } from './graph.dto';

export const NOTE_TEXT_MAX = 20000;

/** The caller's notes, of one subject or all. */
export class NotesQuery extends OptionalSubjectQuery {}

export class CreateNoteDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;

  @ApiPropertyOptional({ example: 'vn-anatomy' })
  @IsOptional()
  @IsString()
  @Matches(NODE_ID_PATTERN, { message: 'nodeId is not a topic id' })
  nodeId?: string;

  @ApiProperty({ example: 'Title\n\nContent' })
  @IsString({ message: 'text is required' })
  @Matches(/\S/, { message: 'text must not be empty' })
  @MaxLength(NOTE_TEXT_MAX)
  text!: string;
}

export class UpdateNoteDto {
  @ApiProperty({ example: 'Title\n\nContent' })
  @IsString({ message: 'text is required' })
  @Matches(/\S/, { message: 'text must not be empty' })
  @MaxLength(NOTE_TEXT_MAX)
  text!: string;
}

export class NoteIdParam {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'not a note id' })
  id!: string;
}

// ---- responses -------------------------------------------------------------------------------------

/** The spec's note: stored as one text, answered as its first line (`title`) and the rest (`content`). */
export class NoteResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ type: String, nullable: true, example: 'vn-anatomy' }) nodeId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "the topic's title; null without a topic" })
  nodeName!: string | null;
  @ApiProperty({ description: 'the topic was retired (or left the course): the note is kept, shown as archived' })
  archived!: boolean;
  @ApiProperty({ description: 'the first line of the text' }) title!: string;
  @ApiProperty({ description: 'the text after the first line and the blank lines below it' }) content!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

/** Stored text: the first line is the title, the rest (after the blank separator line) the content. */
function splitNoteText(text: string): { title: string; content: string } {
  const normalised = text.replace(/\r\n?/g, '\n');
  const nl = normalised.indexOf('\n');
  if (nl < 0) return { title: normalised.trim(), content: '' };
  return {
    title: normalised.slice(0, nl).trim(),
    content: normalised
      .slice(nl + 1)
      .replace(/^(?:[ \t]*\n)+/, '')
      .trimEnd(),
  };
}

export function toNoteResponse(n: NoteRecord): NoteResponse {
  const { title, content } = splitNoteText(n.text);
  return {
    id: n.id,
    subjectId: n.subjectId,
    nodeId: n.nodeId,
    nodeName: n.nodeName,
    archived: n.archived,
    title,
    content,
    createdAt: new Date(n.createdAt).toISOString(),
    updatedAt: new Date(n.updatedAt).toISOString(),
  };
}
