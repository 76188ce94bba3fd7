import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';

import analytics from './analytics';
import certificates from './certificates';
import editor from './editor';
import hub from './hub';
import jobs from './jobs';
import { CentredSpinner } from './layout/CentredSpinner';
import { LearnerSignInRedirect } from './layout/LearnerSignInRedirect';
import { NotFound } from './layout/NotFound';
import { StudioLayout } from './layout/StudioLayout';
import media from './media';
import migrate from './migrate';
import { authProvider, STUDIO_BASE } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import review from './review';
import subjects from './subjects';
import tts from './tts';
import ttsVideo from './tts-video';
import users from './users';
import versions from './versions';

// requireAuth: no Studio route renders before authProvider.checkAuth has passed (the Studio guard).
const StudioAdmin = () => (
  <Admin
    basename={STUDIO_BASE}
    title="Studio"
    disableTelemetry
    requireAuth
    authProvider={authProvider}
    dataProvider={dataProvider}
    layout={StudioLayout}
    dashboard={hub.dashboard}
    loginPage={LearnerSignInRedirect}
    loading={CentredSpinner}
    catchAll={NotFound}
  >
    <CustomRoutes>
      <Route path={migrate.path} element={<migrate.list />} />
      <Route path={versions.path} element={<versions.list />} />
      <Route path={editor.path} element={<editor.edit />} />
      <Route path={users.path} element={<users.list />} />
      <Route path={media.path} element={<media.list />} />
      <Route path={tts.path} element={<tts.list />} />
      <Route path={ttsVideo.path} element={<ttsVideo.list />} />
      <Route path={jobs.path} element={<jobs.list />} />
      <Route path={subjects.path} element={<subjects.list />} />
      <Route path={review.path} element={<review.list />} />
      <Route path={certificates.path} element={<certificates.list />} />
      <Route path={analytics.path} element={<analytics.list />} />
    </CustomRoutes>
  </Admin>
);

export const App = () => (
  <BrowserRouter>
    <Routes>
      <Route path={`${STUDIO_BASE}/*`} element={<StudioAdmin />} />
      <Route path="*" element={<Navigate to={STUDIO_BASE} replace />} />
    </Routes>
  </BrowserRouter>
);

export default App;
