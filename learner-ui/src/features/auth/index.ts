export { AuthProvider } from './AuthProvider';
export { useAuth } from './auth-context';
export type { AuthContextValue } from './auth-context';
export { SessionController } from './session-controller';
export type { AuthUser, AuthSnapshot, AuthStatus } from './session-controller';
export { RequireAuth } from './components/RequireAuth';
export { RequireStudio } from './components/RequireStudio';
export { safeRedirect, loginPathWithNext } from './redirect';
