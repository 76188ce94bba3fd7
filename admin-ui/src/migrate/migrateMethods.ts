import type { RequestBody } from '@lp/api-types';

import { callApi } from '../providers/apiCall';

export type MigrationRequest = { source: 'bundled' } | { source: 'rest'; baseUrl: string };
type MigrateBody = RequestBody<'/api/admin/migrate', 'post'>;

export const migrateMethods = {
  /**
   * `POST /api/admin/migrate`: `{}` for the bundled content folder (the spec's empty body), `{ source: 'rest',
   * baseUrl }` for a legacy API; answers once the job has finished.
   */
  migrate: (request: MigrationRequest) => {
    const body: MigrateBody = request.source === 'rest' ? { source: 'rest', baseUrl: request.baseUrl.trim() } : {};
    return callApi('post', '/api/admin/migrate', { body });
  },
};
