import { useState } from 'react';
import { Admin, Resource } from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import { REDUCED_MOTION_QUERY } from '@lp/shared/motion';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';

import hub from './hub';
import { CentredSpinner } from './layout/CentredSpinner';
import { LearnerSignInRedirect } from './layout/LearnerSignInRedirect';
import { NotFound } from './layout/NotFound';
import { StudioLayout } from './layout/StudioLayout';
import { studioDarkTheme, studioDarkThemeReduced, studioLightTheme, studioLightThemeReduced } from './layout/theme';
import { authProvider, STUDIO_BASE } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { resources } from './screens';

// requireAuth: no Studio route renders before authProvider.checkAuth has passed (the Studio guard).
const StudioAdmin = () => {
  // Read at once (noSsr), so the first paint already has the motion the user asked for; follows a change live.
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY, { noSsr: true });
  return (
    <Admin
      basename={STUDIO_BASE}
      title="Studio"
      disableTelemetry
      requireAuth
      authProvider={authProvider}
      dataProvider={dataProvider}
      layout={StudioLayout}
      lightTheme={reducedMotion ? studioLightThemeReduced : studioLightTheme}
      darkTheme={reducedMotion ? studioDarkThemeReduced : studioDarkTheme}
      dashboard={hub.dashboard}
      loginPage={LearnerSignInRedirect}
      loading={CentredSpinner}
      catchAll={NotFound}
    >
      {resources.map(({ name, label, icon, list, edit, create, show, recordRepresentation }) => (
        <Resource
          key={name}
          name={name}
          options={{ label }}
          icon={icon}
          list={list}
          edit={edit}
          create={create}
          show={show}
          recordRepresentation={recordRepresentation}
        />
      ))}
    </Admin>
  );
};

/**
 * A data router (not <BrowserRouter>): react-admin's warnWhenUnsavedChanges blocks router navigation
 * with react-router's useBlocker, which only data routers support. Made per App so each render (and
 * each test) starts from the current address.
 */
const makeRouter = () =>
  createBrowserRouter([
    { path: `${STUDIO_BASE}/*`, element: <StudioAdmin /> },
    { path: '*', element: <Navigate to={STUDIO_BASE} replace /> },
  ]);

export const App = () => {
  const [router] = useState(makeRouter);
  return <RouterProvider router={router} />;
};

export default App;
