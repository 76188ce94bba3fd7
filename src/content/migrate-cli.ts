import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { AccessViewModule } from '../common/guards/access-view.module';
import { RedisModule } from '../common/redis/redis.module';
import { ContentMigrationModule } from '../modules/studio/content-migration/content-migration.module';
import { ContentMigrationService } from '../modules/studio/content-migration/content-migration.service';

/**
 * Only what the migration needs: no HTTP, no queues, no rate limits (an e2e test boots it). Redis
 * because an import must invalidate the API's cached published graphs (GraphCache).
 */
@Module({ imports: [ConfigModule, DatabaseModule, RedisModule, AccessViewModule, ContentMigrationModule] })
export class ContentCliModule {}

/**
 * `node dist/src/content/migrate-cli.js [--if-empty]`: the same migration the worker runs,
 * from the bundled content folder. `npm start` uses --if-empty on every start, so a fresh
 * installation gets the demo courses and an existing one is left alone.
 */
async function main() {
  const app = await NestFactory.createApplicationContext(ContentCliModule, { logger: ['error', 'warn'] });
  try {
    const service = app.get(ContentMigrationService);
    const summary = process.argv.includes('--if-empty') ? await service.runIfEmpty() : await service.run({ kind: 'bundled', dir: service.bundledDir() });
    if (!summary) {
      console.log('Course content is already loaded');
      return;
    }
    console.log(`Loaded ${summary.totalMigrated} topic nodes in ${summary.subjects.length} subjects and ${summary.challenges} challenges`);
    for (const s of summary.skipped) console.log(`  skipped ${s.subject}/${s.id}: ${s.reason}`);
    for (const k of summary.keptStudioEdits) console.log(`  kept Studio edits: ${k.subjectId}/${k.nodeId} (${k.title})`);
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
