import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { AppProviders } from '../AppProviders';
import { createQueryClient } from '../query-client';
import { SessionController, type SessionControllerOptions } from '../features/auth/session-controller';
import { beforeAll } from 'vitest';
import { AppRoutes, preloadPages } from '../App';

// The site loads each page lazily: a test file that renders it loads them all first, as a browser has
// long done by the time a user acts, so no query times out on a page's first load on a busy machine.
beforeAll(() => preloadPages(), 60_000);

export interface RenderOptions {
  route?: string;
  controller?: SessionController;
  controllerOptions?: SessionControllerOptions;
}

/** Shows the router's current location so tests can assert navigations. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" hidden>
      {`${location.pathname}${location.search}${location.hash}`}
    </div>
  );
}

function setup(ui: ReactElement, { route = '/', controller, controllerOptions }: RenderOptions) {
  const sessionController = controller ?? new SessionController({ locks: null, ...controllerOptions });
  const utils = render(
    <AppProviders
      queryClient={createQueryClient()}
      sessionController={sessionController}
      router={(children) => (
        <MemoryRouter initialEntries={[route]} useTransitions={false}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      )}
    >
      {ui}
    </AppProviders>,
  );
  return { ...utils, controller: sessionController };
}

/** Renders the whole site (layout, routes, providers) at a route. */
export function renderApp(options: RenderOptions = {}) {
  return setup(<AppRoutes />, options);
}

/** Renders one element at a route, inside the providers, with a catch-all showing the path. */
export function renderPage(element: ReactElement, path: string, options: RenderOptions = {}) {
  return setup(
    <Routes>
      <Route path={path} element={element} />
      <Route path="*" element={<div>elsewhere</div>} />
    </Routes>,
    options,
  );
}
