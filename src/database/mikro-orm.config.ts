import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export function createOrmConfig(databaseUrl: string, opts: { debug?: boolean } = {}) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities: ENTITIES,
    extensions: [Migrator, SeedManager],
    debug: opts.debug ?? false,
    // The schema is owned by migrations; the ORM never alters it on its own.
    schemaGenerator: { disableForeignKeys: false },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: 10 },
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
  });
}
