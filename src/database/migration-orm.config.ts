import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { MIGRATIONS } from './migrations';
import { createOrmConfig } from './mikro-orm.config';

/** The ORM for the database CLI (migrate, seed) and the schema check: the runtime config plus migrations. */
export function createMigrationOrmConfig(databaseUrl: string) {
  return {
    ...createOrmConfig(databaseUrl),
    extensions: [Migrator, SeedManager],
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      // the callers say what was applied (cli.ts prints the names): no per-migration lines from MikroORM
      silent: true,
    },
  };
}
