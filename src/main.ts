import 'reflect-metadata';
import { createApp } from './app.factory';
import { startMetricsServer } from './common/metrics/metrics-http';
import { limitHeapGrowth } from './common/runtime/heap';
import { type AppConfig, ConfigError } from './config/config';
import { APP_CONFIG } from './config/config.module';

async function bootstrap() {
  limitHeapGrowth();
  const app = await createApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen({ port: config.port, host: config.host });
  // the same metrics without a token, for a scraper on this machine only
  if (config.metrics.port) (await startMetricsServer(config.metrics.port, '127.0.0.1')).unref();
}

bootstrap().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
