import { api } from './client';
import type { OkResponse, QueryParams, Schema } from '@lp/api-types';

/** A published subject as GET /api/subjects?detailed=true lists it (the spec's field names). */
export type Subject = Schema<'SubjectResponse'>;

/** One of the caller's entitlements (GET /api/entitlements lists the active ones). */
export type Entitlement = Schema<'EntitlementResponse'>;

export const subjectsApi = {
  /**
   * GET /api/subjects?detailed=true: published subjects in shop order (the featured one first).
   * Without `detailed` the server answers their ids alone, which the site never needs.
   */
  list: () =>
    api.get<Extract<OkResponse<'/api/subjects', 'get'>, Subject[]>>('/api/subjects', {
      query: { detailed: 'true' } satisfies QueryParams<'/api/subjects', 'get'>,
    }),
};

export const entitlementsApi = {
  /** GET /api/entitlements (signed in): the caller's active entitlements. */
  list: () => api.get<OkResponse<'/api/entitlements', 'get'>>('/api/entitlements'),
};
