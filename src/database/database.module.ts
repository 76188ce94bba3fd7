import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { createOrmConfig } from './mikro-orm.config';

@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ ...createOrmConfig(config.databaseUrl), registerRequestContext: true }),
      // Naming the driver lets services inject the PostgreSQL-specific EntityManager and MikroORM.
      driver: PostgreSqlDriver,
    }),
  ],
})
export class DatabaseModule {}
