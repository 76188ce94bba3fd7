import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { catalogApi, subjectsApi } from './api';
import { App, preloadRoute } from './App';
import { SessionController } from './features/auth/session-controller';
import { catalogKeys } from './features/catalog/hooks';
import { subjectKeys } from './features/subjects/hooks/useSubjects';
import { createQueryClient } from './query-client';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Before React renders, all at once: the session probe (a signed-in page waits for it), the first page's code,
// and the public lists every page reads (the subjects for the selector and the pages, the prices).
// The same client and controller then serve the app; each query's hook reads what arrived.
const queryClient = createQueryClient();
const sessionController = new SessionController();
void sessionController.start();
preloadRoute(window.location.pathname);
void queryClient.prefetchQuery({ queryKey: subjectKeys.detailed, queryFn: subjectsApi.list, staleTime: 5 * 60_000 });
void queryClient.prefetchQuery({ queryKey: catalogKeys.prices, queryFn: catalogApi.prices, staleTime: 5 * 60_000 });

// A transition: React renders the first screen in slices of a few milliseconds, yielding to the browser between
// them, instead of one long task that blocks input while a phone parses and renders.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} sessionController={sessionController} />
    </StrictMode>,
  );
});
