import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsInt,
  Max,
  Min,
  IsArray,
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateNested,
  ValidationOptions,
} from 'class-validator';
import { sanitize } from '../../../../common/html/sanitize';
import { NODE_ID_PATTERN } from '../../structure/dto/topic-ref.dto';
import type { VersionRecord } from '../versions.repository';
import type { NodeDraftView, OutlineView } from '../draft-types';

export const MAX_HTML_BYTES = 100 * 1024;
export const MAX_SOURCES = 20;
export const MAX_PREREQUISITES = 100;
export const MAX_QUIZ_ITEMS = 50;
export const MAX_OUTLINE_TOPICS = 20000;
// 2..8 is checked with the item's field path; the DTO only caps what it parses
const MAX_CHOICES_SENT = 50;

/** A string of at most `max` bytes in UTF-8. */
function MaxBytes(max: number, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'maxBytes',
      validator: { validate: (v: unknown) => typeof v === 'string' && Buffer.byteLength(v, 'utf8') <= max },
    },
    options,
  );
}

export class SubjectParamQuery {
  @ApiProperty({ description: 'subject id, name or title', example: 'vagus-nerve' })
  @IsString({ message: 'subject is required' })
  @MinLength(1, { message: 'subject is required' })
  @MaxLength(200)
  subject!: string;
}

export class NodeIdPathParam {
  @ApiProperty({ example: 'vn-anatomy' })
  @IsString()
  @Matches(NODE_ID_PATTERN, { message: 'nodeId is not a topic id' })
  nodeId!: string;
}

export class SubjectBodyDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;
}

export class VariantsDto {
  @ApiProperty()
  @IsString({ message: 'variants.beginner must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'variants.beginner must be at most 100 kB' })
  beginner!: string;

  @ApiProperty()
  @IsString({ message: 'variants.advanced must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'variants.advanced must be at most 100 kB' })
  advanced!: string;

  @ApiProperty()
  @IsString({ message: 'variants.practical must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'variants.practical must be at most 100 kB' })
  practical!: string;

  @ApiProperty()
  @IsString({ message: 'variants.theoretical must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'variants.theoretical must be at most 100 kB' })
  theoretical!: string;
}

export class NodeSourceDto {
  @ApiProperty()
  @IsString({ message: 'a source title must be a string' })
  @MinLength(1, { message: 'a source needs a title' })
  @MaxLength(500)
  title!: string;

  @ApiProperty({ example: 'https://en.wikipedia.org/wiki/Vagus_nerve' })
  @IsString({ message: 'a source url must be a string' })
  @MaxLength(2000)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'a source url must be an http(s) url' },
  )
  url!: string;

  @ApiProperty({ example: 'encyclopedia' })
  @IsString({ message: 'a source type must be a string' })
  @MaxLength(50)
  type!: string;
}

export class QuizChoiceDto {
  @ApiProperty({ example: 'a' })
  @IsString({ message: 'a choice id must be a string' })
  @Matches(/^[A-Za-z0-9_-]{1,32}$/, { message: 'a choice id is 1 to 32 letters, digits, - or _' })
  id!: string;

  @ApiProperty({ description: 'plain text' })
  @IsString({ message: 'a choice text must be a string' })
  @Matches(/\S/, { message: 'a choice text must not be empty' })
  @MaxLength(2000, { message: 'a choice text must be at most 2000 characters' })
  text!: string;
}

/** A quiz item as the Studio edits it (plain text); `id` left out: the server names a new item. */
export class QuizItemDraftDto {
  @ApiPropertyOptional({ example: 'vn-anatomy-q1', description: 'left out for a new item' })
  @IsOptional()
  @IsString({ message: 'a quiz item id must be a string' })
  @Matches(NODE_ID_PATTERN, { message: 'a quiz item id is letters, digits, _ . : -' })
  id?: string;

  @ApiProperty({ description: 'plain text' })
  @IsString({ message: 'a quiz stem must be a string' })
  @Matches(/\S/, { message: 'a quiz stem must not be empty' })
  @MaxLength(4000, { message: 'a quiz stem must be at most 4000 characters' })
  stem!: string;

  @ApiProperty({ type: [QuizChoiceDto], description: '2 to 8 choices with unique ids' })
  @IsArray({ message: 'choices must be an array' })
  @ArrayMaxSize(MAX_CHOICES_SENT, { message: 'at most 50 choices' })
  @ValidateNested({ each: true })
  @Type(() => QuizChoiceDto)
  choices!: QuizChoiceDto[];

  @ApiProperty({ example: 'b', description: 'the id of the correct choice' })
  @IsString({ message: 'correct must be a choice id' })
  @MaxLength(32)
  correct!: string;

  @ApiProperty({ description: 'plain text, shown after grading' })
  @IsString({ message: 'explanation must be a string' })
  @MaxLength(4000, { message: 'an explanation must be at most 4000 characters' })
  explanation!: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 3, description: '1 easy, 2 medium, 3 hard' })
  @IsInt({ message: 'difficulty must be 1, 2 or 3' })
  @Min(1, { message: 'difficulty must be 1, 2 or 3' })
  @Max(3, { message: 'difficulty must be 1, 2 or 3' })
  difficulty!: number;

  @ApiPropertyOptional({
    enum: ['check', 'assessment'],
    default: 'assessment',
    description:
      '`check`: shown by the topic check and practice, answer and explanation revealed after answering; `assessment`: only the diagnostic and the post test, never revealed',
  })
  @IsOptional()
  @IsString({ message: 'use must be check or assessment' })
  @MaxLength(32, { message: 'use must be check or assessment' })
  use?: string;
}

export class NodeVideoDto {
  @ApiProperty({ example: '/media/vagus-nerve/video/vn-anatomy-1a2b3c4d.mp4' })
  @IsString({ message: 'video.url must be a string' })
  @MaxLength(2000)
  @Matches(/^(\/media\/|https:\/\/)/, { message: 'video.url must be a /media/ path or an https URL' })
  url!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'video.title must be a string' })
  @MaxLength(200)
  title?: string;
}

/** `PUT /api/studio/nodes/{nodeId}`: the whole draft of a topic, saved against the ETag it was based on. */
export class SaveNodeDraftDto {
  @ApiProperty()
  @IsString({ message: 'title must be a string' })
  @Matches(/\S/, { message: 'title must not be empty' })
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  title!: string;

  @ApiProperty({ description: 'html; refused when the sanitiser would change it' })
  @IsString({ message: 'summary_html must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'summary_html must be at most 100 kB' })
  summary_html!: string;

  @ApiProperty({ description: 'html; refused when the sanitiser would change it' })
  @IsString({ message: 'lesson_html must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'lesson_html must be at most 100 kB' })
  lesson_html!: string;

  @ApiProperty({ type: VariantsDto })
  @IsDefined({ message: 'variants is required' })
  @IsObject({ message: 'variants must be an object' })
  @ValidateNested()
  @Type(() => VariantsDto)
  variants!: VariantsDto;

  @ApiProperty({ type: [NodeSourceDto] })
  @IsArray({ message: 'sources must be an array' })
  @ArrayMaxSize(MAX_SOURCES, { message: 'at most 20 sources' })
  @ValidateNested({ each: true })
  @Type(() => NodeSourceDto)
  sources!: NodeSourceDto[];

  @ApiPropertyOptional({ type: NodeVideoDto, nullable: true, description: 'left out: kept; null: no video' })
  @IsOptional()
  @ValidateNested()
  @Type(() => NodeVideoDto)
  video?: NodeVideoDto | null;

  @ApiProperty({ example: 'foundations' })
  @IsString({ message: 'moduleId must be a string' })
  @MinLength(1, { message: 'moduleId is required' })
  @MaxLength(200)
  moduleId!: string;

  @ApiProperty({ type: [String], description: 'ids of the topics it builds on' })
  @IsArray({ message: 'prerequisites must be an array' })
  @ArrayMaxSize(MAX_PREREQUISITES, { message: 'at most 100 prerequisites' })
  @IsString({ each: true, message: 'prerequisites must be topic ids' })
  @MaxLength(200, { each: true })
  prerequisites!: string[];

  @ApiPropertyOptional({ type: 'integer', description: 'reading order; left out: kept' })
  @IsOptional()
  @IsInt({ message: 'position must be a whole number' })
  @Min(0, { message: 'position must be 0 or more' })
  @Max(1_000_000, { message: 'position is too large' })
  position?: number;

  @ApiProperty({ type: [QuizItemDraftDto], description: "the topic's quiz items, in order" })
  @IsArray({ message: 'quiz must be an array' })
  @ArrayMaxSize(MAX_QUIZ_ITEMS, { message: 'at most 50 quiz items' })
  @ValidateNested({ each: true })
  @Type(() => QuizItemDraftDto)
  quiz!: QuizItemDraftDto[];

  // What GET answers besides the editable fields: a client may send the record back as it read it.
  @ApiPropertyOptional({ description: 'ignored (read-only)' }) @IsOptional() @Allow() id?: unknown;
  @ApiPropertyOptional({ description: 'ignored (read-only)' }) @IsOptional() @Allow() subjectId?: unknown;
  @ApiPropertyOptional({ description: 'ignored (read-only)' }) @IsOptional() @Allow() hasOverlay?: unknown;
  @ApiPropertyOptional({ description: 'ignored (read-only)' }) @IsOptional() @Allow() created?: unknown;
  @ApiPropertyOptional({ description: 'ignored (read-only)' }) @IsOptional() @Allow() retired?: unknown;
  @ApiPropertyOptional({ description: 'ignored (read-only)' }) @IsOptional() @Allow() etag?: unknown;
}

/** `POST /api/studio/nodes`: a new topic in the draft, appended to its module. */
export class CreateNodeDto {
  @ApiProperty()
  @IsString({ message: 'title must be a string' })
  @Matches(/\S/, { message: 'title must not be empty' })
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  title!: string;

  @ApiProperty({ example: 'foundations' })
  @IsString({ message: 'moduleId must be a string' })
  @MinLength(1, { message: 'moduleId is required' })
  @MaxLength(200)
  moduleId!: string;

  @ApiPropertyOptional({ description: 'defaults to a slug of the title, made unique in the subject' })
  @IsOptional()
  @IsString({ message: 'id must be a string' })
  @Matches(NODE_ID_PATTERN, { message: 'id may hold letters, digits, _ . : - and start with a letter or digit' })
  id?: string;
}

export class OutlineModuleDto {
  @ApiProperty({ example: 'foundations' })
  @IsString({ message: 'a module id must be a string' })
  @MinLength(1)
  @MaxLength(200)
  id!: string;

  @ApiProperty({ type: [String], description: 'its topics in reading order' })
  @IsArray({ message: 'topicIds must be an array' })
  @ArrayMaxSize(MAX_OUTLINE_TOPICS)
  @IsString({ each: true, message: 'topicIds must be topic ids' })
  @MaxLength(200, { each: true })
  topicIds!: string[];
}

/** `PUT /api/studio/outline`: every non-retired topic exactly once, in its module, in reading order. */
export class SaveOutlineDto {
  @ApiProperty({ type: [OutlineModuleDto] })
  @IsArray({ message: 'modules must be an array' })
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => OutlineModuleDto)
  modules!: OutlineModuleDto[];
}

/** `POST /api/admin/media/attach`: a video of the subject's media library becomes the topic's, in the draft. */
export class AttachMediaDto {
  @ApiProperty({ example: 'vn-anatomy' })
  @IsString({ message: 'nodeId is required' })
  @Matches(NODE_ID_PATTERN, { message: 'nodeId is not a topic id' })
  nodeId!: string;

  @ApiProperty({ description: 'subject id, name or title', example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;

  @ApiProperty({
    description: "the file's `path` (/media/<subject>/<file name>) or its signed `url` (/api/media/file/…)",
    example: '/media/vagus-nerve/video/vn-anatomy-1a2b3c4d.mp4',
  })
  @IsString({ message: 'url is required' })
  @MaxLength(2000, { message: 'url is too long' })
  @Matches(/^\/(media|api\/media\/file)\//, {
    message: "url must be the file's path (/media/<subject>/<file>) or its signed URL (/api/media/file/…)",
  })
  url!: string;
}

// ---- responses -------------------------------------------------------------------------------------

export class NodeVariantsResponse {
  @ApiProperty({ description: 'sanitised html' }) beginner!: string;
  @ApiProperty({ description: 'sanitised html' }) advanced!: string;
  @ApiProperty({ description: 'sanitised html' }) practical!: string;
  @ApiProperty({ description: 'sanitised html' }) theoretical!: string;
}

export class NodeDraftSourceResponse {
  @ApiProperty() title!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ example: 'encyclopedia' }) type!: string;
}

export class NodeDraftVideoResponse {
  @ApiProperty({ example: '/media/vagus-nerve/video/vn-anatomy-1a2b3c4d.mp4' }) url!: string;
  @ApiProperty() title!: string;
}

export class StudioQuizChoiceResponse {
  @ApiProperty({ example: 'a' }) id!: string;
  @ApiProperty({ description: 'plain text' }) text!: string;
}

/** A quiz item as stored, for studio only: its answer and explanation included. */
export class StudioQuizItemResponse {
  @ApiProperty({ example: 'vn-anatomy-q1' }) id!: string;
  @ApiProperty({ description: 'plain text' }) stem!: string;
  @ApiProperty({ type: [StudioQuizChoiceResponse] }) choices!: StudioQuizChoiceResponse[];
  @ApiProperty({ example: 'b', description: 'the correct choice id' }) correct!: string;
  @ApiProperty() explanation!: string;
  @ApiProperty({ type: 'integer', example: 2 }) difficulty!: number;
  @ApiProperty({ enum: ['check', 'assessment'] }) use!: 'check' | 'assessment';
}

/** A topic as the editor edits it: the draft's values when it has a draft, else the published ones. */
export class NodeDraftResponse {
  @ApiProperty({ example: 'vn-anatomy' }) id!: string;
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'sanitised html' }) summary_html!: string;
  @ApiProperty({ description: 'sanitised html' }) lesson_html!: string;
  @ApiProperty({ type: NodeVariantsResponse }) variants!: NodeVariantsResponse;
  @ApiProperty({ type: [NodeDraftSourceResponse] }) sources!: NodeDraftSourceResponse[];
  @ApiProperty({ type: NodeDraftVideoResponse, nullable: true }) video!: NodeDraftVideoResponse | null;
  @ApiProperty({ example: 'foundations' }) moduleId!: string;
  @ApiProperty({ type: [String], description: 'ids of the topics it builds on' }) prerequisites!: string[];
  @ApiProperty({ type: 'integer', description: 'reading order' }) position!: number;
  @ApiProperty({ description: 'retired in the draft, or archived when published' }) retired!: boolean;
  @ApiProperty({ description: 'added in the Studio and not yet published' }) created!: boolean;
  @ApiProperty({ type: [StudioQuizItemResponse], description: "the topic's quiz items (the draft's when it has one)" })
  quiz!: StudioQuizItemResponse[];
  @ApiProperty({ description: 'the topic has unpublished draft changes' }) hasOverlay!: boolean;
  @ApiProperty({ description: 'the ETag header repeated: send it as If-Match', example: '"3f9c0a"' }) etag!: string;
}

/** A retired topic's draft, and the topics that lost it as a prerequisite in the draft. */
export class RetireNodeResponse extends NodeDraftResponse {
  @ApiProperty({ type: [String], description: 'topics whose draft prerequisites no longer name it' })
  droppedFrom!: string[];
}

/** 400 of a draft save: `field` is the path of the refused field, e.g. `quiz[1].correct`. */
export class FieldErrorResponse {
  @ApiProperty({ example: 400 }) statusCode!: number;
  @ApiProperty({ example: 'Bad Request' }) error!: string;
  @ApiProperty({ example: 'quiz[1].correct: "d" is not one of its choices (a, b, c)' }) message!: string;
  @ApiProperty({ example: 'quiz[1].correct' }) field!: string;
}

/** 412 of a draft save: someone saved since; `current` is the draft as it is now. */
export class NodeDraftConflictResponse {
  @ApiProperty({ example: 412 }) statusCode!: number;
  @ApiProperty({ example: 'Precondition Failed' }) error!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ type: NodeDraftResponse }) current!: NodeDraftResponse;
}

export class OutlineTopicResponse {
  @ApiProperty({ example: 'vn-intro' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'the topic has unpublished changes' }) draft!: boolean;
  @ApiProperty({ description: 'added in the Studio and not yet published' }) created!: boolean;
  @ApiProperty({
    type: 'integer',
    description:
      "the topic's check items as the next publish makes them: learners' topic check and practice need at least 2 (publishing does not refuse fewer)",
  })
  checkItems!: number;
}

export class OutlineModuleResponse {
  @ApiProperty({ example: 'foundations' }) id!: string;
  @ApiProperty({ example: 'Anatomy & Foundations' }) title!: string;
  @ApiProperty({ type: [OutlineTopicResponse], description: 'in reading order, draft positions applied' })
  topics!: OutlineTopicResponse[];
}

export class OutlineRetiredResponse {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() moduleId!: string;
  @ApiProperty({ description: 'the topic has unpublished changes' }) draft!: boolean;
}

/** The draft outline: modules in order with their topics, and the retired topics. */
export class OutlineResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ type: [OutlineModuleResponse] }) modules!: OutlineModuleResponse[];
  @ApiProperty({ type: [OutlineRetiredResponse] }) retired!: OutlineRetiredResponse[];
  @ApiProperty({ description: 'the subject has unpublished draft changes' }) hasOverlay!: boolean;
  @ApiProperty({ description: 'the ETag header repeated: send it as If-Match' }) etag!: string;
}

export class OutlineConflictResponse {
  @ApiProperty({ example: 412 }) statusCode!: number;
  @ApiProperty({ example: 'Precondition Failed' }) error!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ type: OutlineResponse }) current!: OutlineResponse;
}

export class VersionResponse {
  @ApiProperty({ description: '`<subject>@<version>`', example: 'vagus-nerve@3' }) id!: string;
  @ApiProperty({ type: 'integer', example: 3 }) version!: number;
  @ApiProperty({ enum: [true], description: 'every listed version is published' }) published!: true;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: [String], description: 'ids of the nodes this version changed' }) changedNodes!: string[];
}

export class VersionListResponse {
  @ApiProperty({ type: [VersionResponse], description: 'newest first' }) versions!: VersionResponse[];
  @ApiProperty({ description: 'the subject has unpublished draft edits' }) hasOverlay!: boolean;
  @ApiProperty({ description: "the draft's ETag (the header repeated): send it as If-Match to publish" })
  etag!: string;
}

export class VersionsConflictResponse {
  @ApiProperty({ example: 412 }) statusCode!: number;
  @ApiProperty({ example: 'Precondition Failed' }) error!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ type: VersionListResponse }) current!: VersionListResponse;
}

export class PublishVersionResponse {
  @ApiProperty({ type: 'integer', description: 'the new version' }) version!: number;
  @ApiProperty({ type: [String] }) changedNodes!: string[];
}

export class ResetDraftResponse {
  @ApiProperty({ type: 'integer', description: 'draft overlay rows removed' }) discarded!: number;
}

export class AttachedVideo {
  @ApiProperty({ example: '/media/vagus-nerve/video/vn-anatomy-1a2b3c4d.mp4' }) url!: string;
  @ApiProperty({ description: "the topic's title" }) title!: string;
}

export class AttachMediaResponse {
  @ApiProperty() nodeId!: string;
  @ApiProperty() subjectId!: string;
  @ApiProperty({ type: AttachedVideo }) video!: AttachedVideo;
}

/** Stored html is kept as given; what leaves the server is sanitised. */
export function toNodeDraftResponse(draft: NodeDraftView): NodeDraftResponse {
  const { content } = draft;
  return {
    id: draft.nodeId,
    subjectId: draft.subjectId,
    title: content.title,
    summary_html: sanitize(content.summaryHtml),
    lesson_html: sanitize(content.lessonHtml),
    variants: {
      beginner: sanitize(content.variants.beginner),
      advanced: sanitize(content.variants.advanced),
      practical: sanitize(content.variants.practical),
      theoretical: sanitize(content.variants.theoretical),
    },
    sources: content.sources.map((s) => ({ title: s.title, url: s.url, type: s.type })),
    video: content.video ? { url: content.video.url, title: content.video.title ?? '' } : null,
    moduleId: content.moduleId,
    prerequisites: [...content.prerequisites],
    position: content.position,
    retired: content.retired,
    created: draft.created,
    quiz: draft.quiz.map((q) => ({
      id: q.id,
      stem: q.stem,
      choices: q.choices.map((c) => ({ id: c.id, text: c.text })),
      correct: q.correct,
      explanation: q.explanation,
      difficulty: q.difficulty,
      use: q.use,
    })),
    hasOverlay: draft.hasOverlay,
    etag: draft.etag,
  };
}

export function toRetireNodeResponse(draft: NodeDraftView, droppedFrom: string[]): RetireNodeResponse {
  return { ...toNodeDraftResponse(draft), droppedFrom: [...droppedFrom] };
}

export function toOutlineResponse(o: OutlineView): OutlineResponse {
  return {
    subjectId: o.subjectId,
    modules: o.modules.map((m) => ({
      id: m.id,
      title: m.title,
      topics: m.topics.map((t) => ({
        id: t.id,
        title: t.title,
        draft: t.draft,
        created: t.created,
        checkItems: t.checkItems,
      })),
    })),
    retired: o.retired.map((t) => ({ id: t.id, title: t.title, moduleId: t.moduleId, draft: t.draft })),
    hasOverlay: o.hasOverlay,
    etag: o.etag,
  };
}

export function toVersionListResponse(
  subjectId: string,
  versions: VersionRecord[],
  hasOverlay: boolean,
  etag: string,
): VersionListResponse {
  return {
    versions: versions.map((v) => ({
      id: `${subjectId}@${v.version}`,
      version: v.version,
      published: true,
      createdAt: new Date(v.createdAt).toISOString(),
      changedNodes: v.changedNodes,
    })),
    hasOverlay,
    etag,
  };
}

export function toPublishVersionResponse(published: {
  version: number;
  changedNodes: string[];
}): PublishVersionResponse {
  return { version: published.version, changedNodes: published.changedNodes };
}

export function toResetDraftResponse(discarded: number): ResetDraftResponse {
  return { discarded };
}

export function toAttachMediaResponse(set: {
  subjectId: string;
  nodeId: string;
  video: { url: string; title: string };
}): AttachMediaResponse {
  return { nodeId: set.nodeId, subjectId: set.subjectId, video: { url: set.video.url, title: set.video.title } };
}
