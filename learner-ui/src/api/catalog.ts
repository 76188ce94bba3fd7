import { api } from './client';
import type { OkResponse, QueryParams, RequestBody, Schema } from '@lp/api-types';

/**
 * Catalog, checkout and preview calls (docs/catalog-api.md). Subjects and entitlements live in
 * ./subjects.ts (subjectsApi, entitlementsApi) and are shared with the subject selector.
 * Every call is typed from the OpenAPI document (@lp/api-types): what the server declares is the contract.
 */

// ---------------------------------------------------------------------------------------------
// Prices and purchases

/** A subject's price: `amount` in minor units (4900 = $49.00); `priceId` is what checkout takes. */
export type Price = Schema<'PriceResponse'>;

/** A paid purchase: `subjects` is the one subject bought, `created_at` when the payment completed. */
export type Purchase = Schema<'PurchaseResponse'>;

export const catalogApi = {
  /** GET /api/marketplace/prices (public). */
  prices: async (): Promise<Price[]> =>
    (await api.get<OkResponse<'/api/marketplace/prices', 'get'>>('/api/marketplace/prices')).prices,
  /** GET /api/purchases (signed in): the caller's paid purchases, newest first. */
  purchases: () => api.get<OkResponse<'/api/purchases', 'get'>>('/api/purchases'),
};

// ---------------------------------------------------------------------------------------------
// Checkout

export type CheckoutVerification = OkResponse<'/api/checkout/verify', 'post'>;
export type DevCheckoutSession = OkResponse<'/api/checkout/dev/{id}', 'get'>;
export type CheckoutRedirect = OkResponse<'/api/checkout/dev/{id}/complete', 'post'>;

const devPath = (sessionId: string) => `/api/checkout/dev/${encodeURIComponent(sessionId)}`;

export const checkoutApi = {
  /** POST /api/checkout/create: 400 wrong price, 404 unknown subject, 409 'You already own this course'. */
  create: (subjectId: string, priceId: string) =>
    api.post<OkResponse<'/api/checkout/create', 'post'>>('/api/checkout/create', {
      subjectId,
      priceId,
    } satisfies RequestBody<'/api/checkout/create', 'post'>),
  /** POST /api/checkout/verify with the session_id the payment provider sent back. */
  verify: (sessionId: string) =>
    api.post<CheckoutVerification>('/api/checkout/verify', {
      session_id: sessionId,
    } satisfies RequestBody<'/api/checkout/verify', 'post'>),
  /** GET /api/checkout/dev/{sessionId}: the built-in provider's session (owner only). */
  devSession: (sessionId: string) => api.get<DevCheckoutSession>(devPath(sessionId)),
  /** POST .../complete → /dashboard?checkout=success&session_id=…; 409 once the session is no longer open. */
  devComplete: (sessionId: string) => api.post<CheckoutRedirect>(`${devPath(sessionId)}/complete`),
  /** POST .../cancel → /shop?subject=…; 409 once the session is no longer open. */
  devCancel: (sessionId: string) =>
    api.post<OkResponse<'/api/checkout/dev/{id}/cancel', 'post'>>(`${devPath(sessionId)}/cancel`),
};

// ---------------------------------------------------------------------------------------------
// Preview (public)

export type CoursePreview = OkResponse<'/api/preview', 'get'>;
export type PreviewModule = CoursePreview['modules'][number];

export const previewApi = {
  /** GET /api/preview?subject=: the first 2 modules (up to 6 lessons each) and the 2 sample lessons. */
  get: (subject: string) =>
    api.get<CoursePreview>('/api/preview', { query: { subject } satisfies QueryParams<'/api/preview', 'get'> }),
  /** GET /api/preview/nodes/{id}?subject=: sample lessons only; 403 for the rest, 404 unknown. */
  node: (nodeId: string, subject: string) =>
    api.get<OkResponse<'/api/preview/nodes/{id}', 'get'>>(`/api/preview/nodes/${encodeURIComponent(nodeId)}`, {
      query: { subject } satisfies QueryParams<'/api/preview/nodes/{id}', 'get'>,
    }),
};
