import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ENTITIES } from './entities';

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
    pool: { min: 0, max: 10 },
  });
}
