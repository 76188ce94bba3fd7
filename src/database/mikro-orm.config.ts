import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ENTITIES } from './entities';

export const CONNECT_TIMEOUT_MS = 5000;
export const ACQUIRE_TIMEOUT_MS = 10_000;

/**
 * The ORM as the API and the workers run it: entities and the pool only. Migrations and seeding are
 * the CLI's (`migration-orm.config.ts`): their packages and the migration classes stay out of the
 * long-running processes (about 10 MB of heap and 35 MB of RSS each).
 */
export function createOrmConfig(databaseUrl: string, opts: { debug?: boolean } = {}) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities: ENTITIES,
    debug: opts.debug ?? false,
    // The schema is owned by migrations; the ORM never alters it on its own.
    schemaGenerator: { disableForeignKeys: false },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    // While PostgreSQL is away (a restart, a failover) no request may wait long for it: a new connection gives up
    // after CONNECT_TIMEOUT_MS, a request waiting for a pooled one after ACQUIRE_TIMEOUT_MS, and a connect that fails
    // fails the waiting query at once (knex's propagateCreateError); the exception filter answers those with 503.
    // Connections broken by the restart are dropped from the pool, so the API recovers without a restart.
    pool: { min: 0, max: 10, acquireTimeoutMillis: ACQUIRE_TIMEOUT_MS },
    driverOptions: { connection: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS } },
  });
}
