import { callApi } from '../providers/apiCall';

export const analyticsMethods = {
  /** `GET /api/admin/analytics`: per challenge, in content order (0 included), enrollments and certificates; a funnel per challenge. */
  analytics: () => callApi('get', '/api/admin/analytics'),
};
