import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetApiClient } from '../api/client';
import { accessToken } from '../api/token';

// jsdom has no ResizeObserver, which the graph map (React Flow) needs: a browser's, minus the measuring (jsdom lays
// nothing out). Without it a test that opens the map fails or passes by whether another file has loaded the map's
// chunk before it (the files of a worker share one module graph).
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// By default the browser has been signed in before: the server's marker cookie is there, so the page probes
// the session (the handlers of each test answer the probe). Tests of a first visit clear it.
beforeEach(() => {
  document.cookie = 'lp_session=1; Path=/';
});

afterEach(() => {
  cleanup();
  document.cookie = 'lp_session=; Max-Age=0; Path=/';
  resetApiClient();
  accessToken.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // the page's early session probe: every app render takes it (leaving null); a fresh page has none
  delete window.__lpSessionProbe;
});

// A loaded CI machine runs these 1.5-2x slower than a quiet one, and a query that waits only costs time when it
// fails: give async queries 15 s, not the 1 s default (the project CI saw one learner-ui failure under load, the test
// not recorded; the slowest test here takes 5.5 s in all).
configure({ asyncUtilTimeout: 15000 });
