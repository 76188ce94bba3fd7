import 'reflect-metadata';
import { createApp } from './app.factory';
import { limitHeapGrowth } from './common/runtime/heap';
import { type AppConfig, ConfigError } from './config/config';
import { APP_CONFIG } from './config/config.module';

async function bootstrap() {
  limitHeapGrowth();
  const app = await createApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen({ port: config.port, host: config.host });
}

bootstrap().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
