import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
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
import type { NodeContentRecord, VersionRecord } from '../versions.repository';

export const MAX_HTML_BYTES = 100 * 1024;
export const MAX_SOURCES = 20;

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

export class SaveNodeDraftDto {
  @ApiPropertyOptional({ description: 'kept as it is when left out' })
  @IsOptional()
  @IsString({ message: 'title must be a string' })
  @Matches(/\S/, { message: 'title must not be empty' })
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  title?: string;

  @ApiProperty({ description: 'html, stored as given and sanitised whenever served' })
  @IsString({ message: 'summary_html must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'summary_html must be at most 100 kB' })
  summary_html!: string;

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

/** A node as the editor edits it: the draft overlay's content when there is one, else the published one. */
export class NodeDraftResponse {
  @ApiProperty({ example: 'vn-anatomy' }) id!: string;
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'sanitised html' }) summary_html!: string;
  @ApiProperty({ type: NodeVariantsResponse }) variants!: NodeVariantsResponse;
  @ApiProperty({ type: [NodeDraftSourceResponse] }) sources!: NodeDraftSourceResponse[];
  @ApiProperty({ description: 'the content is the draft overlay (unpublished)' }) hasOverlay!: boolean;
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
export function toNodeDraftResponse(draft: {
  subjectId: string;
  nodeId: string;
  content: NodeContentRecord;
  hasOverlay: boolean;
}): NodeDraftResponse {
  const { content, hasOverlay } = draft;
  return {
    id: draft.nodeId,
    subjectId: draft.subjectId,
    title: content.title,
    summary_html: sanitize(content.summaryHtml),
    variants: {
      beginner: sanitize(content.variants.beginner),
      advanced: sanitize(content.variants.advanced),
      practical: sanitize(content.variants.practical),
      theoretical: sanitize(content.variants.theoretical),
    },
    sources: content.sources.map((s) => ({ title: s.title, url: s.url, type: s.type })),
    hasOverlay,
  };
}

export function toVersionListResponse(
  subjectId: string,
  versions: VersionRecord[],
  hasOverlay: boolean,
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
