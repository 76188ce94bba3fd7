import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetApiClient } from '../api/client';
import { accessToken } from '../api/token';

afterEach(() => {
  cleanup();
  resetApiClient();
  accessToken.clear();
  window.localStorage.clear();
});
