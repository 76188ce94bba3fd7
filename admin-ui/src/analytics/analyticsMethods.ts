import { callApi } from '../providers/callApi';

export const analyticsMethods = {
  /** `GET /api/admin/analytics`: per challenge, in content order (0 included), enrollments and certificates. */
  analytics: () => callApi('get', '/api/admin/analytics'),
};
