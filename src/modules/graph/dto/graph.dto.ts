import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export const NODE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

export class GraphQuery {
  @ApiProperty({ description: 'subject id, name or title', example: 'vagus-nerve' })
  @IsString({ message: 'subject is required' })
  @MinLength(1, { message: 'subject is required' })
  @MaxLength(200)
  subject!: string;
}

export class NodeDetailQuery extends GraphQuery {
  @ApiPropertyOptional({ enum: ['overlay'], description: 'studio only: show the draft overlay' })
  @IsOptional()
  @IsIn(['overlay'], { message: 'preview must be overlay' })
  preview?: 'overlay';
}

export class NodeIdParam {
  @IsString()
  @Matches(NODE_ID_PATTERN, { message: 'not a topic id' })
  id!: string;
}

/**
 * The published graph's topics, one array per field and one entry per topic in reading order
 * (columns, so 10,000 topics do not repeat every key 10,000 times). `module` and `prerequisites`
 * are indexes into `modules` and into these arrays; `summary` is a plain-text excerpt (what a card shows).
 */
export class GraphTopicsResponse {
  @ApiProperty({ type: [String] }) id!: string[];
  @ApiProperty({ type: [String] }) title!: string[];
  @ApiProperty({ type: [Number], description: 'index into modules; -1 when the module is not listed' })
  module!: number[];
  @ApiProperty({ type: [String], description: 'plain-text excerpt of the summary' }) summary!: string[];
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'integer' } } }) prerequisites!: number[][];
}

export class GraphSubjectResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() title!: string;
}

export class GraphModuleResponse {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
}

/**
 * The latest published graph of a subject: the same for every learner (cached, with an ETag);
 * the caller's mastery is `GET /api/graph/mastery`.
 */
export class GraphResponse {
  @ApiProperty({ type: GraphSubjectResponse }) subject!: GraphSubjectResponse;
  @ApiProperty() version!: number;
  @ApiProperty({ type: [GraphModuleResponse] }) modules!: GraphModuleResponse[];
  @ApiProperty({ type: GraphTopicsResponse }) topics!: GraphTopicsResponse;
}

/** The caller's P(known) (0..1) per topic with evidence; topics left out are 0. */
export class GraphMasteryResponse {
  @ApiProperty() subjectId!: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, example: { 'vn-anatomy': 0.42 } })
  levels!: Record<string, number>;
}

export interface NodeSourceResponse {
  title: string;
  url: string;
  type: string;
}

export interface MicroQuizItemResponse {
  id: string;
  stemHtml: string;
  choices: { id: string; textHtml: string }[];
}

/**
 * A topic's video, ready to play: a media library video as a URL signed for the caller (expiring) with
 * its signed WebVTT captions (or null); an external video's URL as it is, with `captions: null`.
 */
export interface NodeVideoResponse {
  url: string;
  title: string;
  captions: string | null;
}

export interface NodeDetailResponse {
  id: string;
  subject_id: string;
  title: string;
  category: string;
  moduleId: string;
  summary_html: string;
  lesson_html: string;
  variants: Record<string, string>;
  sources: NodeSourceResponse[];
  video: NodeVideoResponse | null;
  prerequisites: { id: string; title: string }[];
  micro_quiz: MicroQuizItemResponse[];
  mastery_level: number;
  bookmarked: boolean;
}

/** `?subjectId=` on the caller's own lists (notes, bookmarks): one subject, or all when left out. */
export class OptionalSubjectQuery {
  @ApiPropertyOptional({ example: 'vagus-nerve', description: 'only this subject; all subjects when left out' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  subjectId?: string;
}

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
