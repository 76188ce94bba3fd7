import { MikroORM } from '@mikro-orm/postgresql';
import { createMigrationOrmConfig } from './migration-orm.config';

/** SQL that would bring the database in line with the entities: empty when migrations and entities agree. */
export async function schemaDiff(databaseUrl: string): Promise<string> {
  const orm = await MikroORM.init(createMigrationOrmConfig(databaseUrl));
  try {
    return (await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false })).trim();
  } finally {
    await orm.close(true);
  }
}
