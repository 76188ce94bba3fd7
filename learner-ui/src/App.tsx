import { Route, Routes } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { RequireAuth } from './features/auth/components/RequireAuth';
import { LoginPage } from './features/auth/pages/LoginPage';
import { RegisterPage } from './features/auth/pages/RegisterPage';
import { RequestResetPage } from './features/auth/pages/RequestResetPage';
import { ResetPasswordPage } from './features/auth/pages/ResetPasswordPage';
import { VerifyPage } from './features/auth/pages/VerifyPage';
import { NotFoundPage } from './features/common/NotFoundPage';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { LandingPage } from './features/landing/LandingPage';
import { AppLayout } from './features/layout/AppLayout';
import { CheckoutStartPage } from './features/checkout/CheckoutStartPage';
import { DevCheckoutPage } from './features/checkout/DevCheckoutPage';
import { PreviewNodePage } from './features/preview/PreviewNodePage';
import { PreviewPage } from './features/preview/PreviewPage';
import { ShopPage } from './features/shop/ShopPage';
import { GraphPage } from './features/graph/GraphPage';
import { NodePage } from './features/node/NodePage';
import { NotesPage } from './features/notes/NotesPage';
import { BookmarksPage } from './features/bookmarks/BookmarksPage';
import { QuizPage } from './features/quiz/QuizPage';
import { PracticePage } from './features/practice/PracticePage';
import { MasteryPage } from './features/mastery/MasteryPage';
import { LecturesPage } from './features/lectures/LecturesPage';
import { ChallengesPage } from './features/challenges/ChallengesPage';
import { ChallengePage } from './features/challenges/ChallengePage';
import { ChallengeDayPage } from './features/challenges/ChallengeDayPage';
import { CertificatePage } from './features/certificates/CertificatePage';

/**
 * The route table (spec: studio-and-routes.md). Features that arrive later replace their
 * ComingSoonPage element here. /studio is a separate application served by the API.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
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
