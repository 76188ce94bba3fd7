import { callApi } from '../providers/apiCall';

const subject = (subjectId: string) => ({ body: { subjectId } });

export const versionsMethods = {
  /** `GET /api/studio/versions?subject=`: the versions, newest first, and whether a draft overlay exists. */
  versions: (subjectId: string) => callApi('get', '/api/studio/versions', { query: { subject: subjectId } }),
  /**
   * `POST /api/studio/versions/publish` with `If-Match` of the draft the screen showed: a new version from the
   * overlay (409 when there is nothing to publish; 412 with `current` when the draft changed since).
   */
  publishVersion: (subjectId: string, etag?: string) =>
    callApi('post', '/api/studio/versions/publish', {
      header: etag ? { 'If-Match': etag } : undefined,
      body: { subjectId },
    }),
  /** `POST /api/studio/versions/reset`: discards the overlay. */
  resetOverlay: (subjectId: string) => callApi('post', '/api/studio/versions/reset', subject(subjectId)),
};
