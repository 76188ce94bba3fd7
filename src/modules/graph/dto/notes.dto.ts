import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { NODE_ID_PATTERN, OptionalSubjectQuery } from './graph.dto';

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
  @IsUUID('all', { message: 'not a note id' })
  id!: string;
}

export interface NoteResponse {
  id: string;
  subjectId: string;
  nodeId: string | null;
  nodeName: string | null;
  title: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}
