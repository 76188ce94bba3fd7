import { createContext, useContext } from 'react';
import type { RegisterBody, Role } from '../../api';
import type { AuthUser, SignInResult } from './session-controller';

export interface AuthContextValue {
  /** The signed-in user; while loading, the remembered user from local storage (or null). */
  user: AuthUser | null;
  roles: Role[];
  isAuthenticated: boolean;
  loading: boolean;
  hasRole: (role: Role) => boolean;
  /** Signs in; shows the success or 'Login failed' toast and rethrows failures. */
  login: (email: string, password: string) => Promise<SignInResult>;
  /** Creates the account; shows the success or 'Registration failed' toast and rethrows failures. */
  register: (email: string, password: string, extras?: Pick<RegisterBody, 'name' | 'checkout'>) => Promise<string>;
  /** Shows a new name on certificates for the signed-in user (after PUT /api/me/profile). */
  setName: (name: string | null) => void;
  /** Revokes the session on the server and signs out here; errors are only logged. */
  logout: () => Promise<void>;
  /** Sends the password-reset e-mail (no toast: the page decides what to show). */
  requestReset: (email: string) => Promise<string>;
  /** Sets a new password with the token from the e-mail; signs this tab out. */
  resetPassword: (token: string, password: string) => Promise<string>;
  /** Confirms the e-mail address with the token from the e-mail. */
  verify: (token: string) => Promise<string>;
  /** Sends a new verification e-mail. */
  requestVerify: (email: string) => Promise<string>;
  /** Forces a session refresh (shared with any refresh already in flight). */
  refresh: () => Promise<unknown>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
