/**
 * What bench/graph and bench/http share: a throwaway database with the app's schema and demo accounts
 * (loopback only), the app's environment pointed at it, and the bare baselines' small helpers.
 */
import { Client } from 'pg';
import { plainExcerpt, SUMMARY_EXCERPT_CHARS } from '../../src/modules/graph/graph-response';

export const env = (k: string, d: string) => process.env[k] ?? d;

const LOOPBACK = ['127.0.0.1', 'localhost', '::1', '[::1]'];

export interface BenchDatabase {
  databaseUrl: string;
  /** the environment the app (in this process and in its own, startAppProcess) runs with */
  appEnv: Record<string, string>;
  /** drops the database (also when the run failed) and closes the admin connection */
  drop(): Promise<void>;
  /** BENCH_REUSE_DB: the database was kept from an earlier run, with its data */
  reused: boolean;
}

/**
 * Creates `lp_bench_<name>_<pid>` on BENCH_PG_URL, points this process's environment at it (the app
 * reads its configuration once, at boot, so before any of its modules load), migrates it and seeds the
 * demo accounts. Refuses any PostgreSQL or Redis that is not on loopback.
 */
export async function createBenchDatabase(name: string): Promise<BenchDatabase> {
  const adminUrl = env('BENCH_PG_URL', 'postgres://postgres@127.0.0.1:5432/postgres');
  for (const h of [new URL(adminUrl).hostname, new URL(env('REDIS_URL', 'redis://127.0.0.1:6379')).hostname])
    if (!LOOPBACK.includes(h)) throw new Error(`the benchmark only talks to loopback, not ${h}`);
  // BENCH_DB_PREFIX / BENCH_REDIS_PREFIX: on a shared machine, the names a helper was given
  // BENCH_REUSE_DB=<name>: a database an earlier run kept (BENCH_KEEP_DB=1), migrated to now and not seeded again
  const reused = env('BENCH_REUSE_DB', '');
  if (reused && !/^lp_bench\w*$/.test(reused)) throw new Error(`BENCH_REUSE_DB must name a kept lp_bench database`);
  const dbName = reused || `${env('BENCH_DB_PREFIX', 'lp_bench')}_${name}_${process.pid}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();

  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  if (!reused) await admin.query(`create database ${dbName}`);
  const drop = async () => {
    // BENCH_KEEP_DB=1 keeps the seeded database for looking at plans by hand (drop it yourself afterwards)
    if (reused || env('BENCH_KEEP_DB', '') === '1') {
      console.log(`kept ${dbName}`);
      await admin.end();
      return;
    }
    await admin
      .query(`drop database if exists ${dbName} with (force)`)
      .catch((e: Error) => console.error(`could not drop ${dbName}: ${e.message}`));
    await admin.end();
  };
  try {
    const appEnv = {
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `${env('BENCH_REDIS_PREFIX', 'lp-bench')}-${name}-${process.pid}`,
      LOG_LEVEL: 'silent',
      SERVE_UI: 'false',
      NODE_ENV: 'development',
    };
    Object.assign(process.env, appEnv);
    // required lazily: the app's modules must not load before the environment above is set
    const { runMigrations, seedDemoUsers } =
      require('../../src/database/cli') as typeof import('../../src/database/cli');
    await runMigrations(databaseUrl);
    await seedDemoUsers(databaseUrl, 'demo-password');
    return { databaseUrl, appEnv, drop, reused: Boolean(reused) };
  } catch (err) {
    await drop();
    throw err;
  }
}

/** PostgreSQL's $1, $2… for the `?` placeholders the app's SQL uses (knex style). */
export const numbered = (sql: string) => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};

/**
 * The graph list's plain-text excerpt of a summary, memoised by its html, as a handler serving that
 * shape would do (the html-to-text step costs more than the query).
 */
export function memoisedExcerpt(): (html: string | undefined) => string {
  const excerpts = new Map<string, string>();
  return (html) => {
    if (!html) return '';
    let e = excerpts.get(html);
    if (e === undefined) excerpts.set(html, (e = plainExcerpt(html, SUMMARY_EXCERPT_CHARS)));
    return e;
  };
}
