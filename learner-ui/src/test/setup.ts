import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetApiClient } from '../api/client';
import { accessToken } from '../api/token';

afterEach(() => {
  cleanup();
  resetApiClient();
  accessToken.clear();
  window.localStorage.clear();
});

// CI machines run the tiers side by side: give async queries more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
