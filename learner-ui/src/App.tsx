import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { AppProviders } from './AppProviders';
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
 * (a deploy replaced it) throws into the layout's ErrorBoundary.
 */
function page<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  loaders.push(load);
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
const loaders: (() => Promise<unknown>)[] = [];

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

const LoginPage = page(() => import('./features/auth/pages/LoginPage'), 'LoginPage');
const RegisterPage = page(() => import('./features/auth/pages/RegisterPage'), 'RegisterPage');
const RequestResetPage = page(() => import('./features/auth/pages/RequestResetPage'), 'RequestResetPage');
const ResetPasswordPage = page(() => import('./features/auth/pages/ResetPasswordPage'), 'ResetPasswordPage');
const VerifyPage = page(() => import('./features/auth/pages/VerifyPage'), 'VerifyPage');
const NotFoundPage = page(() => import('./features/common/NotFoundPage'), 'NotFoundPage');
const DashboardPage = page(() => import('./features/dashboard/DashboardPage'), 'DashboardPage');
const LandingPage = page(() => import('./features/landing/LandingPage'), 'LandingPage');
const CheckoutStartPage = page(() => import('./features/checkout/CheckoutStartPage'), 'CheckoutStartPage');
const DevCheckoutPage = page(() => import('./features/checkout/DevCheckoutPage'), 'DevCheckoutPage');
const PreviewNodePage = page(() => import('./features/preview/PreviewNodePage'), 'PreviewNodePage');
const PreviewPage = page(() => import('./features/preview/PreviewPage'), 'PreviewPage');
const ShopPage = page(() => import('./features/shop/ShopPage'), 'ShopPage');
const GraphPage = page(() => import('./features/graph/GraphPage'), 'GraphPage');
const NodePage = page(() => import('./features/node/NodePage'), 'NodePage');
const NotesPage = page(() => import('./features/notes/NotesPage'), 'NotesPage');
const BookmarksPage = page(() => import('./features/bookmarks/BookmarksPage'), 'BookmarksPage');
const QuizPage = page(() => import('./features/quiz/QuizPage'), 'QuizPage');
const PracticePage = page(() => import('./features/practice/PracticePage'), 'PracticePage');
const MasteryPage = page(() => import('./features/mastery/MasteryPage'), 'MasteryPage');
const LecturesPage = page(() => import('./features/lectures/LecturesPage'), 'LecturesPage');
const ChallengesPage = page(() => import('./features/challenges/ChallengesPage'), 'ChallengesPage');
const ChallengePage = page(() => import('./features/challenges/ChallengePage'), 'ChallengePage');
const ChallengeDayPage = page(() => import('./features/challenges/ChallengeDayPage'), 'ChallengeDayPage');
const CertificatePage = page(() => import('./features/certificates/CertificatePage'), 'CertificatePage');

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
            <Route path="challenge/:cid" element={<ChallengePage />} />
            <Route path="challenge/:cid/day/:day" element={<ChallengeDayPage />} />
          </Route>

          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  );
}
