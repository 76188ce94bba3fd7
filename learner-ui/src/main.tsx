import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { catalogApi, subjectsApi } from './api';
import { App, preloadRoute } from './App';
import { SessionController } from './features/auth/session-controller';
import { catalogKeys } from './features/catalog/hooks';
import { prefetchSignedInPage } from './features/graph/prefetch';
import { subjectKeys } from './features/subjects/hooks/useSubjects';
import { createQueryClient } from './query-client';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/** First pages that show prices from the start (a signed-in page shows one only to a learner who lacks the course). */
const PRICED_PAGES = /^\/(shop|preview|checkout)?(\/|$)/;

// Before React renders, all at once: the session probe (a signed-in page waits for it; a topic or graph page's own data
// follows it at once), the first page's code,
// and the public lists the page reads (the subjects, for the selector and the pages; the prices, on the public
// pages that show them). The same client and controller then serve the app; each query's hook reads what arrived.
const queryClient = createQueryClient();
const sessionController = new SessionController();
void sessionController
  .start()
  .then(() => prefetchSignedInPage(queryClient, sessionController.getSnapshot(), window.location));
preloadRoute(window.location.pathname);
void queryClient.prefetchQuery({ queryKey: subjectKeys.detailed, queryFn: subjectsApi.list, staleTime: 5 * 60_000 });
if (PRICED_PAGES.test(window.location.pathname))
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
