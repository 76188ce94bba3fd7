import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { raListQueryDto, type RaListSpec } from '../../../../common/http/ra-list';
import { NODE_ID_PATTERN } from '../../../graph/dto/graph.dto';
import type { MediaFileRecord } from '../../media-library.service';

export const MEDIA_SORT_FIELDS = ['createdAt', 'name'] as const;
export type MediaSortField = (typeof MEDIA_SORT_FIELDS)[number];

const MEDIA_FILTERS = { subjectId: 'string' } as const;

/** What `GET /api/admin/media` sorts and filters by: a subject's videos, newest first unless asked otherwise. */
export const MEDIA_LIST: RaListSpec<MediaSortField, typeof MEDIA_FILTERS> = {
  resource: 'media',
  sortFields: MEDIA_SORT_FIELDS,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: MEDIA_FILTERS,
  maxPageSize: 100,
};

/** The query of `GET /api/admin/media`. */
export class MediaListQueryDto extends raListQueryDto({
  sortFields: MEDIA_SORT_FIELDS,
  sortExample: '["createdAt","DESC"]',
  filter: 'subjectId (required: the subject whose videos to list; its id, name or title)',
  filterExample: '{"subjectId":"vagus-nerve"}',
  maxPageSize: MEDIA_LIST.maxPageSize,
}) {}

/** A row of the Studio's media list: one video file of the subject. */
export class MediaAdminRow {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'the topic the video was made for' })
  nodeId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the lecture section a render was made from' })
  sectionId!: string | null;
  @ApiProperty({ description: 'the file name in the library', example: 'video/vn-anatomy-1a2b3c4d.mp4' })
  name!: string;
  @ApiProperty({
    description: 'the stable reference a topic stores: /media/<subject>/<file name>',
    example: '/media/vagus-nerve/video/vn-anatomy-1a2b3c4d.mp4',
  })
  path!: string;
  @ApiProperty({ description: 'signed for the caller: playable now, expires' }) url!: string;
  @ApiProperty({ type: String, nullable: true, description: 'the signed WebVTT sidecar, or null' })
  captions!: string | null;
  @ApiProperty({ description: 'bytes' }) size!: number;
  @ApiProperty({ type: Number, nullable: true }) durationMs!: number | null;
  @ApiProperty({ description: 'made from content that has changed since (a newer version was published)' })
  stale!: boolean;
  @ApiProperty() free!: boolean;
  @ApiProperty({ enum: ['render', 'upload'] }) source!: 'render' | 'upload';
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export function toMediaAdminRow(
  f: MediaFileRecord,
  signed: { url: string; captions: string | null },
  path: string,
): MediaAdminRow {
  return {
    id: f.id,
    subjectId: f.subjectId,
    nodeId: f.nodeId,
    sectionId: f.sectionId,
    name: f.fileName,
    path,
    url: signed.url,
    captions: signed.captions,
    size: f.size,
    durationMs: f.durationMs,
    stale: f.stale,
    free: f.free,
    source: f.provider === 'upload' ? 'upload' : 'render',
    createdAt: f.createdAt.toISOString(),
  };
}

/** `POST /api/admin/media/attach`. */
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

export class AttachedVideo {
  @ApiProperty({ example: '/media/vagus-nerve/video/vn-anatomy-1a2b3c4d.mp4' }) url!: string;
  @ApiProperty({ description: "the topic's title" }) title!: string;
}

export class AttachMediaResponse {
  @ApiProperty() nodeId!: string;
  @ApiProperty() subjectId!: string;
  @ApiProperty({ type: AttachedVideo }) video!: AttachedVideo;
}

/** The multipart body of `POST /api/admin/media`, for the OpenAPI document (the handler reads the stream itself). */
export const UPLOAD_BODY_SCHEMA = {
  type: 'object' as const,
  required: ['subjectId', 'file'],
  properties: {
    subjectId: { type: 'string' as const, description: 'subject id, name or title; send it before the file' },
    file: { type: 'string' as const, format: 'binary', description: 'an mp4 or WebM video' },
  },
};
