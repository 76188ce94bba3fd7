import type { RequestBody } from '@lp/api-types';

import { callApi } from '../providers/apiCall';

type MigrateBody = RequestBody<'/api/admin/migrate', 'post'>;
/** Studio-edited topics to import from the pack all the same (they stop being Studio-edited). */
export type TakePack = NonNullable<MigrateBody['takePack']>;
export type MigrationRequest = ({ source: 'bundled' } | { source: 'rest'; baseUrl: string }) & { takePack?: TakePack };

export const migrateMethods = {
  /**
   * `POST /api/admin/migrate`: `{}` for the bundled content folder (the spec's empty body), `{ source: 'rest',
   * baseUrl }` for a legacy API; answers once the job has finished. Topics changed in the Studio are kept and
   * listed (`keptStudioEdits`) unless named in `takePack`.
   */
  migrate: (request: MigrationRequest) => {
    const body: MigrateBody = request.source === 'rest' ? { source: 'rest', baseUrl: request.baseUrl.trim() } : {};
    if (request.takePack?.length) body.takePack = request.takePack;
    return callApi('post', '/api/admin/migrate', { body });
  },
};
