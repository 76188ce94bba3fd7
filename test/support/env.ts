// Runs before each e2e file: settings that make the booted app testable without
// changing how it behaves. DATABASE_URL and REDIS_URL come from `npm test` (scripts/test.mjs).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'silent';
process.env.SERVE_UI ??= 'false';
// Each test sends its own X-Forwarded-For so per-IP limits of one test do not leak into another.
process.env.TRUST_PROXY = '1';
process.env.REDIS_PREFIX ??= `lp-test-${process.pid}-${Date.now()}`;
process.env.MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'lp-mail-'));
process.env.REFRESH_REUSE_GRACE_SECONDS ??= '1';
process.env.PUBLIC_URL ??= 'http://learn.test';
jest.setTimeout(30000);
