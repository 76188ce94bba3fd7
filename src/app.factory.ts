import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { registerNulGuard } from './common/http/nul-guard';
import { registerStaticUi } from './common/http/static-ui';
import { type AppConfig, loadConfig } from './config/config';
import { APP_CONFIG } from './config/config.module';

export function createAdapter(config: AppConfig = loadConfig()): FastifyAdapter {
  return new FastifyAdapter({ trustProxy: config.trustProxy, bodyLimit: 1024 * 1024 });
}

/** Everything main.ts does to an application before it listens; the e2e tests apply the same. */
export async function configureApp(app: NestFastifyApplication): Promise<NestFastifyApplication> {
  const config = app.get<AppConfig>(APP_CONFIG);
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api', { exclude: ['health'] });
  app.enableShutdownHooks();
  await app.register(fastifyCookie);
  registerNulGuard(app.getHttpAdapter().getInstance());

  const openApi = new DocumentBuilder()
    .setTitle('Adaptive Learning Platform API')
    .setDescription('Learner, Studio and operator API. Errors are {statusCode, error, message}.')
    .setVersion('1')
    .addBearerAuth()
    .addCookieAuth('lp_refresh')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), { jsonDocumentUrl: 'api/docs/json' });

  if (config.ui.serve) await registerStaticUi(app.getHttpAdapter().getInstance(), config);
  return app;
}

export async function createApp(): Promise<NestFastifyApplication> {
  // rawBody: Stripe webhook signatures are checked on the exact bytes received.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createAdapter(), { bufferLogs: true, rawBody: true });
  return configureApp(app);
}
