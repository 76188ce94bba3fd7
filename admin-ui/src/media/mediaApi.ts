import type { RaRecord, SortPayload } from 'react-admin';

import { ADMIN_API_URL, httpClient } from '../providers/dataProvider';

/** The react-admin resource of a subject's video files: `/api/admin/media`. */
export const MEDIA = 'media';
export const MEDIA_URL = `${ADMIN_API_URL}/${MEDIA}`;
export const MEDIA_ATTACH_URL = `${MEDIA_URL}/attach`;

/** Newest first, one page of up to 100 (`range=[0,99]`). */
export const NEWEST_FIRST: SortPayload = { field: 'createdAt', order: 'DESC' };
export const MEDIA_PAGE_SIZE = 100;

/** What the file picker offers; the server checks the bytes anyway. */
export const VIDEO_TYPES = 'video/mp4,video/webm';

/** A row of `GET /api/admin/media`: one of the subject's video files. */
export interface MediaFile extends RaRecord<string> {
  subjectId: string;
  nodeId: string | null;
  sectionId: string | null;
  name: string;
  /** `/media/<subject>/<fileName>`: the stable reference a node stores. */
  path: string;
  /** Signed for the caller: playable now, not for keeping. */
  url: string;
  /** The signed WebVTT sidecar, or null when the captions are burned in (or there are none). */
  captions: string | null;
  size: number | null;
  durationMs: number | null;
  stale: boolean;
  source: 'render' | 'upload' | string;
  createdAt: string;
}

export interface AttachResult {
  nodeId: string;
  subjectId: string;
  video: { url: string; title: string };
}

/** `POST /api/admin/media/attach {nodeId, subjectId, url}`: sets the node's video in the draft overlay. */
export const attachVideo = async (nodeId: string, subjectId: string, path: string): Promise<AttachResult> => {
  const { json } = await httpClient(MEDIA_ATTACH_URL, {
    method: 'POST',
    body: JSON.stringify({ nodeId, subjectId, url: path }),
  });
  return json as AttachResult;
};

/**
 * `POST /api/admin/media` as multipart: the `subjectId` field first (the server reads it before
 * the file's bytes), then the file. The browser sets the multipart Content-Type itself.
 */
export const uploadVideo = async (subjectId: string, file: File): Promise<MediaFile> => {
  const form = new FormData();
  form.append('subjectId', subjectId);
  form.append('file', file, file.name);
  const { json } = await httpClient(MEDIA_URL, { method: 'POST', body: form });
  return json as MediaFile;
};

/** "1:05" for 65 s, "1:01:05" past the hour; null when unknown. */
export const formatDuration = (ms: number | null | undefined): string | null => {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return null;
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

/** "850 KB", "4.2 MB"; null when unknown. */
export const formatSize = (bytes: number | null | undefined): string | null => {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};
