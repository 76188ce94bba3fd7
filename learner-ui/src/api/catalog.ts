import { api } from './client';
import type { QueryParams, RequestBody } from '@lp/api-types';
import { asString, pickList } from './subjects';

/**
 * Catalog, checkout and preview calls (docs/catalog-api.md). Subjects and entitlements live in
 * ./subjects.ts (subjectsApi, entitlementsApi) and are shared with the subject selector.
 * What these calls send is checked against the OpenAPI document (./openapi.ts); the document does
 * not describe their answers yet, so the response types below are written by hand.
 */

// ---------------------------------------------------------------------------------------------
// Prices and purchases

export interface Price {
  subjectId: string;
  /** Lower-case ISO code, 'usd' when the server leaves it out. */
  currency: string;
  /** Minor units: 4900 = $49.00. */
  amount: number;
  /** What POST /api/checkout/create takes. */
  priceId?: string;
}

export interface PurchaseSubject {
  id: string;
  name?: string;
  title?: string;
}

export interface Purchase {
  id: string;
  subjects: PurchaseSubject;
  amount?: number;
  currency?: string;
  created_at?: string;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** `{ prices: [...] }` (or a bare array); entries without a subject or an amount are dropped. */
export function normalizePrices(data: unknown): Price[] {
  const out: Price[] = [];
  for (const item of pickList(data, 'prices')) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const subjectId = asString(o.subjectId) ?? asString(o.subject_id);
    const amount = asNumber(o.amount);
    if (!subjectId || amount === undefined) continue;
    out.push({
      subjectId,
      currency: (asString(o.currency) ?? 'usd').toLowerCase(),
      amount,
      priceId: asString(o.priceId) ?? asString(o.price_id),
    });
  }
  return out;
}

/** The joined `subjects` may be an object or a one-element array; purchases without one are dropped. */
export function normalizePurchases(data: unknown): Purchase[] {
  const out: Purchase[] = [];
  for (const item of pickList(data, 'purchases')) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const joined = Array.isArray(o.subjects) ? o.subjects[0] : o.subjects;
    const s = joined && typeof joined === 'object' ? (joined as Record<string, unknown>) : {};
    const subjectId = asString(s.id) ?? asString(o.subjectId) ?? asString(o.subject_id);
    if (!subjectId) continue;
    out.push({
      id: asString(o.id) ?? `${subjectId}-${out.length}`,
      subjects: { id: subjectId, name: asString(s.name), title: asString(s.title) },
      amount: asNumber(o.amount),
      currency: asString(o.currency),
      created_at: asString(o.created_at) ?? asString(o.createdAt),
    });
  }
  return out;
}

export const catalogApi = {
  /** GET /api/marketplace/prices (public). */
  prices: async (): Promise<Price[]> => normalizePrices(await api.get<unknown>('/api/marketplace/prices')),
  /** GET /api/purchases (signed in): the caller's paid purchases, newest first. */
  purchases: async (): Promise<Purchase[]> => normalizePurchases(await api.get<unknown>('/api/purchases')),
};

// ---------------------------------------------------------------------------------------------
// Checkout

export type CheckoutStatus = 'open' | 'paid' | 'canceled' | 'failed' | 'refunded' | 'expired';

export interface CheckoutSession {
  /** Where to send the browser: /checkout/dev/{sessionId} (dev provider) or Stripe Checkout. */
  url?: string;
  sessionId?: string;
}

export interface CheckoutVerification {
  sessionId: string;
  status: CheckoutStatus;
  subjectId: string;
  entitled: boolean;
}

export interface DevCheckoutSession {
  sessionId: string;
  status: CheckoutStatus;
  subject: { id: string; name?: string; title?: string };
  amount: number;
  currency: string;
}

export interface CheckoutRedirect {
  redirectUrl: string;
}

const devPath = (sessionId: string) => `/api/checkout/dev/${encodeURIComponent(sessionId)}`;

export const checkoutApi = {
  /** POST /api/checkout/create: 400 wrong price, 404 unknown subject, 409 'You already own this course'. */
  create: (subjectId: string, priceId: string) =>
    api.post<CheckoutSession>('/api/checkout/create', {
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
  devCancel: (sessionId: string) => api.post<CheckoutRedirect>(`${devPath(sessionId)}/cancel`),
};

// ---------------------------------------------------------------------------------------------
// Preview (public)

export interface PreviewLesson {
  id: string;
  title: string;
  /** A free sample lesson, readable without buying. */
  preview: boolean;
}

export interface PreviewModule {
  id: string;
  title: string;
  /** All lessons in the module; `lessons` holds up to 6 of them. */
  lessonCount: number;
  lessons: PreviewLesson[];
}

export interface CoursePreview {
  subject: { id: string; name: string; title?: string; description?: string };
  price: { amount: number; currency: string; priceId?: string } | null;
  modules: PreviewModule[];
  samples: { id: string; title: string }[];
}

export interface PreviewNode {
  id: string;
  title: string;
  category?: string | null;
  summary_html?: string | null;
  lesson_html?: string | null;
}

export const previewApi = {
  /** GET /api/preview?subject=: the first 2 modules (up to 6 lessons each) and the 2 sample lessons. */
  get: (subject: string) =>
    api.get<CoursePreview>('/api/preview', { query: { subject } satisfies QueryParams<'/api/preview', 'get'> }),
  /** GET /api/preview/nodes/{id}?subject=: sample lessons only; 403 for the rest, 404 unknown. */
  node: (nodeId: string, subject: string) =>
    api.get<PreviewNode>(`/api/preview/nodes/${encodeURIComponent(nodeId)}`, {
      query: { subject } satisfies QueryParams<'/api/preview/nodes/{id}', 'get'>,
    }),
};
