import { ApiProperty } from '@nestjs/swagger';
import { raListQueryDto, type RaListSpec } from '../../../../common/http/ra-list';
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

/** The multipart body of `POST /api/admin/media`, for the OpenAPI document (the handler reads the stream itself). */
export const UPLOAD_BODY_SCHEMA = {
  type: 'object' as const,
  required: ['subjectId', 'file'],
  properties: {
    subjectId: { type: 'string' as const, description: 'subject id, name or title; send it before the file' },
    file: { type: 'string' as const, format: 'binary', description: 'an mp4 or WebM video' },
  },
};
