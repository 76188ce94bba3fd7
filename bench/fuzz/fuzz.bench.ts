/**
 * The long fuzz run: every generated case for every route of the OpenAPI document (several
 * thousand requests), sent over HTTP on loopback to the real app (AppModule + configureApp, as
 * main.ts runs it) on a throwaway database with the demo accounts and the bundled courses.
 * Signed out, as a learner and as a studio user in turn. Prints the count by status and every
 * 5xx, and exits non-zero on any 5xx or when fewer than FUZZ_MIN requests were sent.
 *
 *   npx tsc -p bench/fuzz/tsconfig.json && NODE_PATH=$PWD/node_modules node /tmp/bench-build/bench/fuzz/fuzz.bench.js
 */
import { Client } from 'pg';
import { fuzzCases, type OpenApiDoc, runFuzz } from '../../test/support/fuzz';

const env = (name: string, def: string) => process.env[name] || def;

async function main() {
  const seed = Number(env('FUZZ_SEED', String(Date.now() % 1_000_000)));
  const min = Number(env('FUZZ_MIN', '5000'));
  const rounds = Number(env('FUZZ_ROUNDS', '3'));
  const adminUrl = env('BENCH_PG_URL', 'postgres://postgres@127.0.0.1:5432/postgres');
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(adminUrl).hostname))
    throw new Error('the fuzz run only talks to loopback');
  const dbName = `lp_bench_fuzz_${process.pid}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const cleanup: (() => Promise<unknown>)[] = [];
  let failed = false;
  try {
    Object.assign(process.env, {
      DATABASE_URL: dbUrl.toString(),
      REDIS_PREFIX: `lp-bench-fuzz-${process.pid}`,
      LOG_LEVEL: 'silent',
      SERVE_UI: 'false',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      MAIL_DIR: `/tmp/lp-bench-fuzz-mail-${process.pid}`,
      // one client address sends everything: limits high enough that validation, not 429, answers
      RATE_LIMIT_LOGIN_PER_IP: '1000000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000000',
      RATE_LIMIT_REGISTER_PER_IP: '1000000',
      RATE_LIMIT_RESET_PER_IP: '1000000',
      TUTOR_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    // required lazily: the app's modules must not load before the environment above is set
    const { runMigrations, seedDemoUsers } =
      require('../../src/database/cli') as typeof import('../../src/database/cli');
    await runMigrations(dbUrl.toString());
    await seedDemoUsers(dbUrl.toString(), 'demo-password');
    const { NestFactory } = require('@nestjs/core') as typeof import('@nestjs/core');
    const { Module } = require('@nestjs/common') as typeof import('@nestjs/common');
    const { ConfigModule } =
      require('../../src/config/config.module') as typeof import('../../src/config/config.module');
    const { DatabaseModule } =
      require('../../src/database/database.module') as typeof import('../../src/database/database.module');
    const { ContentMigrationModule } =
      require('../../src/modules/studio/content-migration/content-migration.module') as typeof import('../../src/modules/studio/content-migration/content-migration.module');
    const { ContentMigrationService } =
      require('../../src/modules/studio/content-migration/content-migration.service') as typeof import('../../src/modules/studio/content-migration/content-migration.service');
    const { RedisModule } =
      require('../../src/common/redis/redis.module') as typeof import('../../src/common/redis/redis.module');
    const { AccessViewModule } =
      require('../../src/common/guards/access-view.module') as typeof import('../../src/common/guards/access-view.module');
    @Module({ imports: [ConfigModule, DatabaseModule, RedisModule, AccessViewModule, ContentMigrationModule] })
    class ContentModule {}
    const content = await NestFactory.createApplicationContext(ContentModule, { logger: ['error'] });
    const migration = content.get(ContentMigrationService);
    await migration.run({ kind: 'bundled', dir: migration.bundledDir() });
    await content.close();

    const { AppModule } = require('../../src/app.module') as typeof import('../../src/app.module');
    const { configureApp, createAdapter } = require('../../src/app.factory') as typeof import('../../src/app.factory');
    const app = await NestFactory.create<import('@nestjs/platform-fastify').NestFastifyApplication>(
      AppModule,
      createAdapter(),
      { logger: ['error'], rawBody: true },
    );
    await configureApp(app);
    await app.listen(0, '127.0.0.1');
    cleanup.push(() => app.close());
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;

    const doc = (await (await fetch(`${base}/api/docs/json`)).json()) as OpenApiDoc;
    const signIn = async (who: 'learner' | 'studio') => {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${who}@example.com`, password: 'demo-password' }),
      });
      if (res.status !== 200) throw new Error(`sign-in ${who}: ${res.status}`);
      return ((await res.json()) as { accessToken: string }).accessToken;
    };
    let sent = 0;
    const byStatus: Record<number, number> = {};
    const failures: unknown[] = [];
    const started = Date.now();
    for (let round = 0; round < rounds; round++) {
      const cases = fuzzCases(doc, seed + round);
      const outcome = await runFuzz(
        cases,
        async (c, token) => {
          const headers: Record<string, string> = {};
          if (token) headers.authorization = `Bearer ${token}`;
          let body: string | undefined;
          if (c.body !== undefined && c.method !== 'GET') {
            body = c.rawType ? String(c.body) : JSON.stringify(c.body);
            headers['content-type'] = c.rawType ?? 'application/json';
          }
          const res = await fetch(`${base}${c.url}`, {
            method: c.method,
            headers,
            body,
            redirect: 'manual',
            signal: AbortSignal.timeout(30_000),
          });
          return { status: res.status, body: await res.text() };
        },
        signIn,
      );
      sent += outcome.sent;
      for (const [s, n] of Object.entries(outcome.byStatus)) byStatus[Number(s)] = (byStatus[Number(s)] ?? 0) + n;
      failures.push(...outcome.failures);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz: seed ${seed}, ${Object.keys(doc.paths).length} paths, ${sent} requests in ${seconds.toFixed(1)} s`,
    );
    console.log(
      `by status: ${Object.entries(byStatus)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`,
    );
    console.log(`5xx: ${failures.length}`);
    for (const f of failures) console.log(JSON.stringify(f));
    if (failures.length || sent < min) failed = true;
  } finally {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
