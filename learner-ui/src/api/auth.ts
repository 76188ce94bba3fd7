import { api } from './client';

export type Role = 'learner' | 'studio' | 'admin' | 'clinician' | (string & {});

export interface SessionUser {
  id: string;
  email: string;
  roles: Role[];
  emailVerified?: boolean;
  createdAt?: string;
}

/** Returned by login and refresh (see docs/auth-api.md). */
export interface Session {
  accessToken: string;
  /** Access token expiry, epoch milliseconds. */
  expiresAt: number;
  user: SessionUser;
}

export interface MessageResponse {
  message: string;
}

export const authApi = {
  login: (email: string, password: string) => api.post<Session>('/api/auth/login', { email, password }),
  register: (email: string, password: string) =>
    api.post<MessageResponse>('/api/auth/register', { email, password }),
  /** The refresh token travels in the httpOnly cookie, so there is no body. */
  refresh: () => api.post<Session>('/api/auth/refresh'),
  logout: () => api.post<void>('/api/auth/logout'),
  requestReset: (email: string) => api.post<MessageResponse>('/api/auth/request-reset', { email }),
  resetPassword: (token: string, password: string) =>
    api.post<MessageResponse>('/api/auth/reset', { token, password }),
  requestVerify: (email: string) => api.post<MessageResponse>('/api/auth/request-verify', { email }),
  verify: (token: string) => api.post<MessageResponse>('/api/auth/verify', { token }),
  session: () => api.get<{ user: SessionUser; expiresAt: number }>('/api/auth/session'),
};
