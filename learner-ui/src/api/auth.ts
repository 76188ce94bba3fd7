import { api } from './client';
import type { OkResponse, RequestBody, Schema } from '@lp/api-types';

export type SessionUser = Schema<'SessionUserResponse'>;

/** A role name: learner, studio, admin or clinician. */
export type Role = SessionUser['roles'][number];

/** The roles the server knows (its enum), for reading a list kept outside the server's answers. */
export const ROLES: readonly Role[] = ['learner', 'studio', 'admin', 'clinician'] satisfies Role[];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** Returned by login and refresh: `expiresAt` is the access token's expiry in epoch milliseconds. */
export type Session = OkResponse<'/api/auth/login', 'post'>;

export type MessageResponse = Schema<'MessageResponse'>;

export const authApi = {
  login: (email: string, password: string) =>
    api.post<Session>('/api/auth/login', { email, password } satisfies RequestBody<'/api/auth/login', 'post'>),
  register: (email: string, password: string) =>
    api.post<MessageResponse>('/api/auth/register', {
      email,
      password,
    } satisfies RequestBody<'/api/auth/register', 'post'>),
  /** The refresh token travels in the httpOnly cookie, so there is no body. */
  refresh: () => api.post<OkResponse<'/api/auth/refresh', 'post'>>('/api/auth/refresh'),
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
