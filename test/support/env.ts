// Runs before each e2e file, before the file's own code: settings that make the booted app
// testable without changing how it behaves, and this file's own database and Redis prefix.
// DATABASE_URL (the template) and REDIS_URL come from `npm test` (scripts/test.mjs).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'silent';
process.env.SERVE_UI ??= 'false';
// The default deployment trusts no proxy: X-Forwarded-For is ignored and per-IP limits key on the
// connection's address. A file that tests the proxied deployment sets TRUST_PROXY itself.
delete process.env.TRUST_PROXY;
process.env.REFRESH_REUSE_GRACE_SECONDS ??= '1';
process.env.PUBLIC_URL ??= 'http://learn.test';
// argon2id at its cheapest (src/config passwordHashCost, honoured only under NODE_ENV=test): every sign-up and
// sign-in of the tier hashed at OWASP's cost took most of a second on a loaded machine. auth.e2e-spec.ts, which
// checks the stored hash's parameters, turns it off.
process.env.PASSWORD_HASH_CHEAP ??= 'true';

const file = randomBytes(4).toString('hex');
// Queues, rate-limit counters and mails of one file never meet another's.
process.env.REDIS_PREFIX = `${process.env.E2E_REDIS_PREFIX ?? `lp-test-${process.pid}`}-${file}`;
process.env.MAIL_DIR = mkdtempSync(join(tmpdir(), 'lp-mail-'));
// The media library's bytes too: never the developer's .data/media.
process.env.MEDIA_DIR = mkdtempSync(join(tmpdir(), 'lp-media-'));

// A copy of the migrated and seeded template, made synchronously (a setup file cannot await) so
// that DATABASE_URL is final before the test file runs; global-teardown.ts drops the copies.
// Files that import the bundled courses start from the template that has them (test/support/e2e-environment.js).
const template =
  process.env.E2E_WITH_CONTENT === '1'
    ? process.env.E2E_CONTENT_TEMPLATE_DATABASE_URL
    : process.env.E2E_TEMPLATE_DATABASE_URL;
if (template) {
  process.env.DATABASE_URL = execFileSync(
    process.execPath,
    [join(__dirname, 'databases.js'), 'create', template, `${process.env.E2E_DATABASE_PREFIX}${file}`],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
}
jest.setTimeout(30000);
