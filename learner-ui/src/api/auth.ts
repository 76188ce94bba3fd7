import { api } from './client';
import type { OkResponse, RequestBody, Schema } from '@lp/api-types';

/** The roles the site knows by name; the server may send others. */
export type Role = 'learner' | 'studio' | 'admin' | 'clinician' | (string & {});

export type SessionUser = Omit<Schema<'SessionUserResponse'>, 'roles'> & { roles: Role[] };

/** Returned by login and refresh: `expiresAt` is the access token's expiry in epoch milliseconds. */
export type Session = Omit<OkResponse<'/api/auth/login', 'post'>, 'user'> & { user: SessionUser };

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
  refresh: () => api.post<Session>('/api/auth/refresh'),
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
  session: () =>
    api.get<Omit<OkResponse<'/api/auth/session', 'get'>, 'user'> & { user: SessionUser }>('/api/auth/session'),
};
