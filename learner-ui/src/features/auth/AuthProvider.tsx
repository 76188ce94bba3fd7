import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { configureApiClient, errorMessage } from '../../api';
import type { RegisterBody, Role } from '../../api';
import { useToast } from '../toast/toast-context';
import { AuthContext, type AuthContextValue } from './auth-context';
import { SessionController } from './session-controller';

interface AuthProviderProps {
  children: ReactNode;
  /** Injected in tests; the app creates one for its lifetime. */
  controller?: SessionController;
}

export function AuthProvider({ children, controller: injected }: AuthProviderProps) {
  // Created once per provider so React StrictMode's double effects share the start-up probe.
  const [controller] = useState(() => injected ?? new SessionController());
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  const navigate = useNavigate();
  const location = useLocation();
  // The router is the source of truth for "where is the user" (the 401 rule skips account pages).
  const pathnameRef = useRef(location.pathname);
  useLayoutEffect(() => {
    pathnameRef.current = location.pathname;
  }, [location.pathname]);
  const queryClient = useQueryClient();
  const { toast } = useToast();

  useEffect(() => {
    void controller.start();
    return () => controller.stop();
  }, [controller]);

  useEffect(
    () =>
      configureApiClient({
        onUnauthorized: () => {
          // Navigate first: in the same render the guard is gone, so it cannot add its own ?next=.
          void navigate('/login', { replace: true });
          controller.signOutLocally();
        },
        currentPathname: () => pathnameRef.current,
        refreshExpiredToken: () => controller.refresh(),
      }),
    [controller, navigate],
  );

  // Per-user server state (entitlements, notes, ...) lives under the ['user'] key: drop it when
  // the signed-in account changes so nobody sees the previous user's data.
  const signedInEmail = snapshot.status === 'authenticated' ? (snapshot.user?.email ?? null) : null;
  const previousEmail = useRef<string | null>(signedInEmail);
  useEffect(() => {
    if (previousEmail.current !== signedInEmail) {
      if (previousEmail.current !== null) queryClient.removeQueries({ queryKey: ['user'] });
      previousEmail.current = signedInEmail;
    }
  }, [signedInEmail, queryClient]);

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        const result = await controller.login(email, password);
        toast({ title: 'Welcome back!', description: 'You have successfully logged in.', variant: 'success' });
        return result;
      } catch (err) {
        toast({ title: 'Login failed', description: errorMessage(err, 'Invalid credentials'), variant: 'destructive' });
        throw err;
      }
    },
    [controller, toast],
  );

  const register = useCallback(
    async (email: string, password: string, extras?: Pick<RegisterBody, 'name' | 'checkout'>) => {
      try {
        const message = await controller.register(email, password, extras);
        toast({
          title: 'Welcome!',
          description: 'Your account has been created successfully.',
          variant: 'success',
        });
        return message;
      } catch (err) {
        toast({
          title: 'Registration failed',
          description: errorMessage(err, 'Unable to create account'),
          variant: 'destructive',
        });
        throw err;
      }
    },
    [controller, toast],
  );

  const logout = useCallback(async () => {
    await controller.logout();
    toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
  }, [controller, toast]);

  const value = useMemo<AuthContextValue>(() => {
    const roles: Role[] = snapshot.user?.roles ?? [];
    return {
      user: snapshot.user,
      roles,
      isAuthenticated: snapshot.status === 'authenticated',
      loading: snapshot.status === 'loading',
      hasRole: (role: Role) => roles.includes(role),
      login,
      register,
      logout,
      requestReset: (email) => controller.requestReset(email),
      resetPassword: (token, password) => controller.resetPassword(token, password),
      verify: (token) => controller.verify(token),
      requestVerify: (email) => controller.requestVerify(email),
      refresh: () => controller.refresh(),
      setName: (name) => controller.setName(name),
    };
  }, [snapshot, controller, login, register, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
