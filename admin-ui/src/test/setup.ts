import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// CI machines run the tiers side by side: give async queries more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
