import type { Schema } from '@lp/api-types';

import { callApi } from '../providers/apiCall';

/** A row of the `certificates` resource (`GET /api/admin/certificates`). */
export type Certificate = Schema<'AdminCertificateResponse'>;

export const certificatesMethods = {
  /** `POST /api/admin/certificates/{id}/revoke` (admin): 409 when it is already revoked. */
  revoke: (id: string, reason: string) =>
    callApi('post', '/api/admin/certificates/{id}/revoke', { path: { id }, body: { reason } }),
};
