import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (no browser download) against the product as
// `npm start` runs it. `npm test` supplies a fresh database, Redis, a free port and a mail folder.
const port = Number(process.env.PORT || 3100);
// Debian's headless shell (what Playwright runs headless by default), else the full browser.
const chromium =
  process.env.CHROMIUM_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'test/browser',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A focused test (test.only) would quietly skip the rest of the suite: refuse it, locally too.
  forbidOnly: true,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // Both UIs honour prefers-reduced-motion (no transitions or ripples): pages settle without waiting for them.
    // motion.spec.ts checks both settings; keyboard.spec.ts and study.spec.ts run with the default motion.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${port}/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      ...process.env,
      PORT: String(port),
      LOG_PRETTY: 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // PUT /api/test/clock (admin): the challenge test moves the server's clock a week on. Never in production.
      TEST_CLOCK: 'true',
      // Every browser test signs in and registers from 127.0.0.1, about 60 sign-ins in a 15-minute run:
      // the per-address limits (50 and 20 per 15 minutes) would refuse the last tests. The limits
      // themselves are tested in e2e (auth, rate limits) and across two APIs in the scale test.
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_REGISTER_PER_IP: '1000',
    } as Record<string, string>,
  },
});
