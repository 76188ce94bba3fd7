import type { Schema } from '@lp/api-types';

import { type Answer, callApi } from '../providers/apiCall';
import { ADMIN_API_URL, httpClient } from '../providers/httpClient';

/** A row of the `media` resource (`GET /api/admin/media`): one of a subject's video files. */
export type MediaFile = Schema<'MediaAdminRow'>;

export const mediaMethods = {
  /** `POST /api/admin/media/attach`: the file (its `path` as `url`) becomes the node's video in the draft overlay. */
  attachMedia: (attach: Schema<'AttachMediaDto'>) => callApi('post', '/api/admin/media/attach', { body: attach }),

  /**
   * `POST /api/admin/media` as multipart: the `subjectId` field first (the server reads it before the
   * file's bytes), then the file. The browser sets the multipart Content-Type itself.
   */
  uploadMedia: async (subjectId: string, file: File) => {
    const form = new FormData();
    form.append('subjectId', subjectId);
    form.append('file', file, file.name);
    const { json } = await httpClient(`${ADMIN_API_URL}/media`, { method: 'POST', body: form });
    return json as Answer<'/api/admin/media', 'post'>;
  },
};
