import { RETRYABLE_STATUSES } from '@lp/shared/auth';
import { api, readResult } from './client';
import type { OkResponse, RequestBody, Schema } from '@lp/api-types';

export type SessionUser = Schema<'SessionUserResponse'>;

/** A role name: learner, studio, admin or clinician. */
export type Role = SessionUser['roles'][number];

/** The roles the server knows (its enum), for reading a list kept outside the server's answers. */
export const ROLES: readonly Role[] = ['learner', 'studio', 'admin', 'clinician'] satisfies Role[];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** Returned by login and refresh: `expiresAt` is the access token's expiry in epoch milliseconds. */
export type Session = Schema<'LoginResponse'>;

/** The login answer: a session, plus (once, after signing up from a checkout) the purchase to resume. */
export type SignIn = OkResponse<'/api/auth/login', 'post'>;

export type PendingCheckout = Schema<'PendingCheckoutResponse'>;

export type RegisterBody = RequestBody<'/api/auth/register', 'post'>;

/** The caller's e-mail and the name on their certificates. */
export type Profile = Schema<'ProfileResponse'>;

export type MessageResponse = Schema<'MessageResponse'>;

const REFRESH = '/api/auth/refresh';
type Refreshed = OkResponse<'/api/auth/refresh', 'post'>;

export const authApi = {
  login: (email: string, password: string) =>
    api.post<SignIn>('/api/auth/login', { email, password } satisfies RequestBody<'/api/auth/login', 'post'>),
  /** `extras`: the optional name on certificates, and the course being bought when the visitor chose to sign up. */
  register: (email: string, password: string, extras: Pick<RegisterBody, 'name' | 'checkout'> = {}) =>
    api.post<MessageResponse>('/api/auth/register', { email, password, ...extras } satisfies RegisterBody),
  /** The refresh token travels in the httpOnly cookie, so there is no body. */
  refresh: () => api.post<Refreshed>(REFRESH),
  /**
   * The answer of the session probe public/session-probe.js posted before the app's code arrived (see
   * session-probe.ts), read as `refresh` would answer; null when it must be asked again (a network failure or a
   * 502/503/504, which the client retries).
   */
  fromProbe: async (probe: Promise<Response>): Promise<Refreshed | null> => {
    const response = await probe.catch(() => null);
    if (!response || RETRYABLE_STATUSES.has(response.status)) return null;
    return readResult<Refreshed>(REFRESH, response);
  },
  /** 204: no body. */
  logout: () => api.post<void>('/api/auth/logout'),
  requestReset: (email: string) =>
    api.post<MessageResponse>('/api/auth/request-reset', { email } satisfies RequestBody<
      '/api/auth/request-reset',
      'post'
    >),
  resetPassword: (token: string, password: string) =>
    api.post<MessageResponse>('/api/auth/reset', { token, password } satisfies RequestBody<'/api/auth/reset', 'post'>),
  requestVerify: (email: string) =>
    api.post<MessageResponse>('/api/auth/request-verify', {
      email,
    } satisfies RequestBody<'/api/auth/request-verify', 'post'>),
  verify: (token: string) =>
    api.post<MessageResponse>('/api/auth/verify', { token } satisfies RequestBody<'/api/auth/verify', 'post'>),
  session: () => api.get<OkResponse<'/api/auth/session', 'get'>>('/api/auth/session'),
};

export const profileApi = {
  get: () => api.get<Profile>('/api/me/profile'),
  /** null or "" clears the name. */
  update: (name: string | null) =>
    api.put<Profile>('/api/me/profile', { name } satisfies RequestBody<'/api/me/profile', 'put'>),
};
