import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // react-admin's store (list params, preferences) lives in localStorage: no test starts with another's
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// A loaded CI machine runs these 1.5-2x slower than a quiet one, and a query that waits only costs time when it
// fails: give async queries 15 s, not the 1 s default (the project CI saw one learner-ui failure under load, the test
// not recorded; the slowest test here takes 5.5 s in all).
configure({ asyncUtilTimeout: 15000 });
