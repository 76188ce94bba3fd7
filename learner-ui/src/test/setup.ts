import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetApiClient } from '../api/client';
import { accessToken } from '../api/token';

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
});

// CI machines run the tiers side by side: give async queries more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
