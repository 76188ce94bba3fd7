import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { loadConfig } from '../config/config';
import { createMigrationOrmConfig } from './migration-orm.config';
import { schemaDiff } from './schema-diff';
import { DemoUsersSeeder } from './seeders/demo-users.seeder';

/** The advisory lock key all migrating processes share ("lpmg" as a number; any constant would do). */
export const MIGRATION_LOCK_KEY = 0x6c706d67;

/**
 * Applies every pending migration; returns the names applied. Under a session-level PostgreSQL advisory lock held on
 * a connection of its own: when several APIs (or a compose `migrate` service and the APIs) start at once on a new
 * database, one migrates and the others wait, then find nothing left to do. A process that dies mid-way closes its
 * connection, which frees the lock (each migration runs in its own transaction, so none is left half applied).
 * `to` stops after the named migration (a restore brings a new database to its backup's schema first).
 */
export async function runMigrations(databaseUrl: string, options: { to?: string } = {}): Promise<string[]> {
  const lock = new Client({ connectionString: databaseUrl, application_name: 'lp-migrate-lock' });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const orm = await MikroORM.init(createMigrationOrmConfig(databaseUrl));
    try {
      const applied = await orm.getMigrator().up(options.to ? { to: options.to } : undefined);
      return applied.map((m) => m.name);
    } finally {
      await orm.close(true);
    }
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}

export async function seedDemoUsers(databaseUrl: string, password: string): Promise<void> {
  const orm = await MikroORM.init(createMigrationOrmConfig(databaseUrl));
  try {
    await new DemoUsersSeeder(password).run(orm.em.fork());
  } finally {
    await orm.close(true);
  }
}

async function main(command: string | undefined) {
  const config = loadConfig();
  switch (command) {
    case 'migrate': {
      const applied = await runMigrations(config.databaseUrl);
      console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date');
      break;
    }
    case 'seed':
      if (config.isProduction) {
        console.log('Production: demo accounts are not seeded');
        break;
      }
      await seedDemoUsers(config.databaseUrl, config.demoPassword);
      console.log('Demo accounts are in place');
      break;
    case 'schema-diff':
      // what the entities declare and the migrations do not (or the other way round): empty when they agree
      console.log((await schemaDiff(config.databaseUrl)) || '-- no difference');
      break;
    default:
      console.error('usage: node dist/src/database/cli.js migrate|seed|schema-diff');
      process.exitCode = 2;
  }
}

if (require.main === module) {
  main(process.argv[2]).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
