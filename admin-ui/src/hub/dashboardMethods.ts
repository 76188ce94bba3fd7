import { callApi } from '../providers/apiCall';

export const dashboardMethods = {
  /**
   * `GET /api/admin/dashboard?from=&to=` (studio, admin): the hub's figures for the period and the one before
   * it, a daily series, and for admins the revenue.
   */
  dashboard: (period: { from: string; to: string }) => callApi('get', '/api/admin/dashboard', { query: period }),
};
