import type { Schema } from '@lp/api-types';

import { callApi } from '../providers/apiCall';

/** A row of the `jobs` resource (`GET /api/admin/jobs`): one generation job. */
export type Job = Schema<'JobResponse'>;

/** Retry and Cancel on the Jobs screen; each answers the job as the server left it. */
export const jobsMethods = {
  /** `POST /api/admin/jobs/{id}/retry`: a failed or cancelled job goes back to the queue. */
  retryJob: (id: string) => callApi('post', '/api/admin/jobs/{id}/retry', { path: { id } }),
  /** `POST /api/admin/jobs/{id}/cancel`: a queued or running job stops. */
  cancelJob: (id: string) => callApi('post', '/api/admin/jobs/{id}/cancel', { path: { id } }),
};
