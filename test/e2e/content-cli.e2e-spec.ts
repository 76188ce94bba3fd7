import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { parse, stringify } from 'yaml';
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

/** `npm run content:check <dir>` is what npm test and authors run: a node with 1 check item fails it. */
it('content:check exits 1 and names the node when a topic has fewer than 2 check items', () => {
  const root = join(__dirname, '..', '..');
  const dir = mkdtempSync(join(tmpdir(), 'content-cli-'));
  try {
    cpSync(join(root, 'content', 'vagus-nerve'), join(dir, 'vagus-nerve'), { recursive: true });
    const file = join(dir, 'vagus-nerve', 'nodes', '02-vn-anatomy.yaml');
    const doc = parse(readFileSync(file, 'utf8')) as { quiz: { use?: string }[] };
    const first = doc.quiz.findIndex((q) => q.use === 'check');
    doc.quiz = doc.quiz.filter((q, i) => q.use !== 'check' || i === first);
    writeFileSync(file, stringify(doc));

    const bad = spawnSync(process.execPath, [join(root, 'scripts', 'content-check.mjs'), dir], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(bad.stdout).toContain('[vn-anatomy] a node needs at least 2 check items (use: check), found 1');
    expect(bad.status).toBe(1);

    rmSync(join(dir, 'vagus-nerve'), { recursive: true });
    cpSync(join(root, 'content', 'vagus-nerve'), join(dir, 'vagus-nerve'), { recursive: true });
    const good = spawnSync(process.execPath, [join(root, 'scripts', 'content-check.mjs'), dir], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(good.stdout).toMatch(/vagus-nerve: \d+ modules, 16 nodes, 32 check \+ 64 assessment items/);
    expect(good.status).toBe(0);

    // Issue 27: an expected field without keywords or a range (a plain name, as older packs have) still imports,
    // but content:check asks for a rule, so the built-in project check can read the answer.
    cpSync(join(root, 'content', 'challenges'), join(dir, 'challenges'), { recursive: true });
    const challenge = join(dir, 'challenges', 'vagus-breath-7.yaml');
    const c = parse(readFileSync(challenge, 'utf8')) as { days: { micro_project: { expected_fields: unknown[] } }[] };
    c.days[0].micro_project.expected_fields[1] = 'minutes_practised';
    writeFileSync(challenge, stringify(c));
    const plain = spawnSync(process.execPath, [join(root, 'scripts', 'content-check.mjs'), dir], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(plain.stdout).toContain(
      '[vagus-breath-7 day 1] expected field "minutes_practised" needs keywords or a range ({name, keywords: [...]} or {name, range: [min, max]})',
    );
    expect(plain.status).toBe(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
