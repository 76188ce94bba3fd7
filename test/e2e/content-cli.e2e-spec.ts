import { NestFactory } from '@nestjs/core';
import { ContentCliModule } from '../../src/content/migrate-cli';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';

/**
 * `npm start` loads the demo courses through this CLI's module on a fresh machine, outside the API
 * and the worker: every module the migration imports must resolve there too (no mail queue, no
 * rate limits, no HTTP).
 */
it('the first-start content CLI boots with only configuration, the database and the migration', async () => {
  const app = await NestFactory.createApplicationContext(ContentCliModule, { logger: false, abortOnError: false });
  try {
    const service = app.get(ContentMigrationService);
    expect(service.bundledDir()).toMatch(/content$/);
    // --if-empty loads the courses once (unless this database already had them), then leaves them alone
    await service.runIfEmpty();
    expect(await service.runIfEmpty()).toBeNull();
  } finally {
    await app.close();
  }
});
