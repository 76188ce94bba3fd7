import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { REDUCED_MOTION_QUERY } from '@lp/shared/motion';
import { AuthProvider } from './features/auth/AuthProvider';
import type { SessionController } from './features/auth/session-controller';
import { ErrorBoundary } from './features/common/ErrorBoundary';
import { ToastProvider } from './features/toast/ToastProvider';
import { createQueryClient } from './query-client';
import { reducedMotionTheme, theme } from './theme';

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  sessionController?: SessionController;
  /** Tests pass a MemoryRouter; the site uses the browser's address. */
  router?: (children: ReactNode) => ReactNode;
}

export function AppProviders({ children, queryClient, sessionController, router }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Read at once (noSsr), so the first paint already has the motion the learner asked for; follows a change live.
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY, { noSsr: true });
  const inner = <AuthProvider controller={sessionController}>{children}</AuthProvider>;
  return (
    <ThemeProvider theme={reducedMotion ? reducedMotionTheme : theme}>
      <CssBaseline />
      <ErrorBoundary>
        <QueryClientProvider client={client}>
          <ToastProvider>
            {router ? (
              router(inner)
            ) : (
              // Sync navigations: a 401 sign-out and the move to /login must land in the same render,
              // otherwise the sign-in guard sees the signed-out state first and redirects on its own.
              <BrowserRouter useTransitions={false}>{inner}</BrowserRouter>
            )}
          </ToastProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
