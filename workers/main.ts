import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { getQueueToken } from '@nestjs/bullmq';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { Logger } from 'nestjs-pino';
import { useMetricSources } from '../src/common/metrics/metric-sources';
import { startMetricsServer } from '../src/common/metrics/metrics-http';
import { type AppConfig, ConfigError } from '../src/config/config';
import { APP_CONFIG } from '../src/config/config.module';
import { WorkerModule } from './worker.module';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  const config = app.get<AppConfig>(APP_CONFIG);
  const logger = app.get(Logger);
  if (config.metrics.workerPort) {
    // the depth of the queues this worker runs; its job durations come from ObservedWorkerHost
    const queues = config.workerQueues.map((q) => app.get<Queue>(getQueueToken(q), { strict: false }));
    useMetricSources(queues, app.get(MikroORM));
    const server = await startMetricsServer(config.metrics.workerPort, config.metrics.workerHost);
    // never what keeps a stopping worker alive
    server.unref();
    logger.log(`Worker metrics on http://${config.metrics.workerHost}:${config.metrics.workerPort}/metrics`);
  }
  logger.log(`Worker started (queues: ${config.workerQueues.join(', ')})`);
}

bootstrap().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
