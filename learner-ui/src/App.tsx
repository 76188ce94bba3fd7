import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './AppProviders';
import type { SessionController } from './features/auth/session-controller';
import { RequireAuth } from './features/auth/components/RequireAuth';
import { AppLayout } from './features/layout/AppLayout';

/**
 * While a page's code arrives: announced once to screen readers (a polite status), no heading, so
 * the focus still moves to the page's own h1 when it renders (useFocusHeadingOnNavigate).
 */
export function PageLoading() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, minHeight: '40vh' }}
      data-testid="page-loading"
    >
      <CircularProgress size={32} aria-hidden />
      <Box component="span" sx={{ color: 'text.secondary' }}>
        Loading page…
      </Box>
    </Box>
  );
}

/**
 * A route's page, loaded when it is first visited: the first visit downloads only the layout and the
 * page it opens (learner-ui/scripts/js-budget.mjs keeps that under budget). A chunk that fails to load
 * (a deploy replaced it) throws into the layout's ErrorBoundary. `segment`, the first segment of the page's
 * path, lets preloadRoute start it before React renders.
 *
 * A page whose code is already here (preloaded, or visited before) renders at once: React.lazy suspends on
 * its first render even then, and the fallback it shows stays for React's 300 ms reveal throttle, by which
 * time a signed-in page could have asked for its data.
 */
function page<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  segment?: string,
): ComponentType {
  let loaded: ComponentType | null = null;
  const loadPage = () =>
    load().then((m) => {
      loaded = m[name];
      return m;
    });
  loaders.push(loadPage);
  if (segment !== undefined) bySegment.set(segment, loadPage);
  const Lazy = lazy(() => loadPage().then((m) => ({ default: m[name] as ComponentType })));
  return function Page() {
    // chosen once per mount: switching from Lazy to the loaded component would remount the page
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  };
}
const loaders: (() => Promise<unknown>)[] = [];
/** A page's loader by the first segment of its path ('' is the landing page). */
const bySegment = new Map<string, () => Promise<unknown>>();

/**
 * Starts downloading the page a first load of `pathname` shows (main.tsx calls it before React renders), so its
 * chunk arrives while the session probe runs instead of after it: a signed-in page renders only once the probe
 * answers, and its lazy component would only then ask for its code.
 */
export function preloadRoute(pathname: string): void {
  const load = bySegment.get(pathname.split('/')[1] ?? '');
  // a failure shows when the page itself loads (the layout's ErrorBoundary)
  if (load) load().catch(() => undefined);
}

/** Loads every page's code now (the UI tests do, so no test waits on the first load of a page). */
export async function preloadPages(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}

/** The layout stays on screen while the page inside it loads. */
function PageOutlet() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

const LoginPage = page(() => import('./features/auth/pages/LoginPage'), 'LoginPage', 'login');
const RegisterPage = page(() => import('./features/auth/pages/RegisterPage'), 'RegisterPage', 'register');
const RequestResetPage = page(() => import('./features/auth/pages/RequestResetPage'), 'RequestResetPage');
const ResetPasswordPage = page(() => import('./features/auth/pages/ResetPasswordPage'), 'ResetPasswordPage');
const VerifyPage = page(() => import('./features/auth/pages/VerifyPage'), 'VerifyPage', 'verify');
const NotFoundPage = page(() => import('./features/common/NotFoundPage'), 'NotFoundPage');
const DashboardPage = page(() => import('./features/dashboard/DashboardPage'), 'DashboardPage', 'dashboard');
const LandingPage = page(() => import('./features/landing/LandingPage'), 'LandingPage', '');
const CheckoutStartPage = page(() => import('./features/checkout/CheckoutStartPage'), 'CheckoutStartPage');
const DevCheckoutPage = page(() => import('./features/checkout/DevCheckoutPage'), 'DevCheckoutPage');
const PreviewNodePage = page(() => import('./features/preview/PreviewNodePage'), 'PreviewNodePage');
const PreviewPage = page(() => import('./features/preview/PreviewPage'), 'PreviewPage', 'preview');
const ShopPage = page(() => import('./features/shop/ShopPage'), 'ShopPage', 'shop');
const GraphPage = page(() => import('./features/graph/GraphPage'), 'GraphPage', 'graph');
const NodePage = page(() => import('./features/node/NodePage'), 'NodePage', 'node');
const NotesPage = page(() => import('./features/notes/NotesPage'), 'NotesPage', 'notes');
const BookmarksPage = page(() => import('./features/bookmarks/BookmarksPage'), 'BookmarksPage', 'bookmarks');
const QuizPage = page(() => import('./features/quiz/QuizPage'), 'QuizPage', 'quiz');
const PracticePage = page(() => import('./features/practice/PracticePage'), 'PracticePage', 'practice');
const MasteryPage = page(() => import('./features/mastery/MasteryPage'), 'MasteryPage', 'mastery');
const LecturesPage = page(() => import('./features/lectures/LecturesPage'), 'LecturesPage', 'lectures');
const ChallengesPage = page(() => import('./features/challenges/ChallengesPage'), 'ChallengesPage', 'challenges');
const ChallengePage = page(() => import('./features/challenges/ChallengePage'), 'ChallengePage', 'challenge');
const ChallengeDayPage = page(() => import('./features/challenges/ChallengeDayPage'), 'ChallengeDayPage');
const MyCertificatesPage = page(() => import('./features/certificates/MyCertificatesPage'), 'MyCertificatesPage');
const CertificatePage = page(
  () => import('./features/certificates/CertificatePage'),
  'CertificatePage',
  'certificates',
);

/**
 * The route table (spec: studio-and-routes.md). Features that arrive later replace their
 * ComingSoonPage element here. /studio is a separate application served by the API.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route element={<PageOutlet />}>
          {/* Public */}
          <Route index element={<LandingPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="request-reset" element={<RequestResetPage />} />
          <Route path="forgot" element={<RequestResetPage />} />
          <Route path="verify" element={<VerifyPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="reset" element={<ResetPasswordPage />} />
          <Route path="shop" element={<ShopPage />} />
          <Route path="preview" element={<PreviewPage />} />
          <Route path="preview/node/:nodeId" element={<PreviewNodePage />} />
          <Route path="lectures" element={<LecturesPage />} />
          <Route path="checkout/start" element={<CheckoutStartPage />} />
          {/* Anyone can verify a certificate: no sign-in. */}
          <Route path="certificates/:id" element={<CertificatePage />} />

          {/* Signed in */}
          <Route element={<RequireAuth />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="checkout/dev/:sessionId" element={<DevCheckoutPage />} />
            <Route path="graph" element={<GraphPage />} />
            <Route path="node/:nodeId" element={<NodePage />} />
            <Route path="quiz" element={<QuizPage />} />
            <Route path="practice" element={<PracticePage />} />
            <Route path="notes" element={<NotesPage />} />
            <Route path="bookmarks" element={<BookmarksPage />} />
            <Route path="mastery" element={<MasteryPage />} />
            <Route path="challenges" element={<ChallengesPage />} />
            {/* under /challenges (an allowed redirect target); challenges themselves live at /challenge/:cid */}
            <Route path="challenges/certificates" element={<MyCertificatesPage />} />
            <Route path="challenge/:cid" element={<ChallengePage />} />
            <Route path="challenge/:cid/day/:day" element={<ChallengeDayPage />} />
          </Route>

          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

/** main.tsx passes the query client and the session controller it started before rendering. */
export function App({
  queryClient,
  sessionController,
}: {
  queryClient?: QueryClient;
  sessionController?: SessionController;
}) {
  return (
    <AppProviders queryClient={queryClient} sessionController={sessionController}>
      <AppRoutes />
    </AppProviders>
  );
}
