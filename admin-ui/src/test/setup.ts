import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // react-admin's store (list params, preferences) lives in localStorage: no test starts with another's
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// CI machines run the tiers side by side: give async queries more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
