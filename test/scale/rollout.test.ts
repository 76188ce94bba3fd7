import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { MIGRATIONS } from '../../src/database/migrations';

/**
 * A rollout on a new database (issue 28 §4): three API containers start at once, each running the image's command
 * (`migrate && main`). Migrations run under a PostgreSQL advisory lock, so one process applies them and the others
 * wait and find nothing to do: all three become healthy and each migration is applied exactly once. Without the
 * lock the three race on the migrations table and at least one dies.
 */

const ROOT = join(__dirname, '..', '..');
const { DATABASE_URL, REDIS_URL, REDIS_PREFIX } = process.env;
if (!DATABASE_URL || !REDIS_URL || !REDIS_PREFIX) {
  throw new Error('The rollout test needs DATABASE_URL, REDIS_URL and REDIS_PREFIX: run it with `npm run test:scale`.');
}

jest.setTimeout(180_000);

const dbName = `lp_rollout_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(DATABASE_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const mediaDir = mkdtempSync(join(tmpdir(), 'lp-rollout-media-'));
const procs: { child: ChildProcess; output: string[]; port: number; exited: Promise<number | null> }[] = [];

async function admin(sql: string) {
  const c = new Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  await admin(`create database ${dbName}`);
});

afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  await Promise.all(
    procs.map((p) =>
      Promise.race([p.exited, new Promise((r) => setTimeout(r, 10_000)).then(() => p.child.kill('SIGKILL'))]),
    ),
  );
  await admin(`drop database if exists ${dbName} with (force)`);
  rmSync(mediaDir, { recursive: true, force: true });
});

it('three APIs started at once on an empty database: all healthy, each migration applied once', async () => {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    REDIS_URL,
    REDIS_PREFIX: `${REDIS_PREFIX}:rollout`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://learn.test',
    SERVE_UI: 'false',
    LOG_LEVEL: 'warn',
    MAIL_DIR: mediaDir,
    MEDIA_DIR: mediaDir,
    RECEIPT_SWEEP_SECONDS: '0',
  };
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    // the production image's command (Dockerfile CMD), as three containers would run it
    const child = spawn('sh', ['-c', 'node dist/src/database/cli.js migrate && exec node dist/src/main.js'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout!.on('data', (b: Buffer) => output.push(b.toString()));
    child.stderr!.on('data', (b: Buffer) => output.push(b.toString()));
    procs.push({ child, output, port, exited: new Promise((r) => child.once('exit', (code) => r(code))) });
  }

  const healthy = async (p: (typeof procs)[number]) => {
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (p.child.exitCode !== null)
        throw new Error(`an API exited (${p.child.exitCode}):\n${p.output.join('').slice(-3000)}`);
      const ok = await fetch(`http://127.0.0.1:${p.port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`an API never became healthy:\n${p.output.join('').slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  await Promise.all(procs.map(healthy));

  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ name: string; n: string }>(
      'select name, count(*) as n from mikro_orm_migrations group by name order by name',
    );
    expect(rows.map((r) => r.name).sort()).toEqual(MIGRATIONS.map((m) => m.name).sort());
    expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
  } finally {
    await db.end();
  }
  // one process applied them; the other two waited for the lock and found the schema up to date
  const said = procs.map((p) => p.output.join(''));
  expect(said.filter((o) => o.includes('Applied migrations:'))).toHaveLength(1);
  expect(said.filter((o) => o.includes('Database schema is up to date'))).toHaveLength(2);
});
