import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schemaDiff } from '../../src/database/schema-diff';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness } from '../support/harness';

interface MigrationResult {
  jobId: string;
  totalMigrated: number;
  challenges: number;
  subjects: {
    id: string;
    nodes: number;
    quizItems: number;
    lectureSections: number | null;
    created: number;
    updated: number;
    unchanged: number;
  }[];
  skipped: { id: string; subject?: string; reason: string }[];
}
type Migrated = MigrationResult & ApiError;

const CONTENT = join(__dirname, '..', '..', 'content');
let h: Harness;
let studio: string;
let learner: string;

async function counts(subject?: string) {
  const where = subject ? `where subject_id = '${subject}'` : '';
  const [row] = await h.sql<Record<'subjects' | 'nodes' | 'edges' | 'quiz' | 'lectures' | 'modules', number>>(
    `select (select count(*)::int from subjects ${subject ? `where id = '${subject}'` : ''}) as subjects,
            (select count(*)::int from topic_nodes ${where}) as nodes,
            (select count(*)::int from node_prerequisites ${where}) as edges,
            (select count(*)::int from quiz_items ${where}) as quiz,
            (select count(*)::int from lecture_sections ${where}) as lectures,
            (select count(*)::int from subject_modules ${where}) as modules`,
  );
  return row;
}

const savedEnv = { ...process.env };

beforeAll(async () => {
  // The local legacy server runs on loopback, which outbound fetches refuse unless allow-listed.
  process.env.CRAWL_ALLOWED_HOSTS = '127.0.0.1';
  h = await Harness.boot();
  studio = await h.demoToken('studio');
  learner = await h.demoToken('learner');
});
afterAll(async () => {
  await h.close();
  process.env = savedEnv;
});

describe('POST /api/admin/migrate', () => {
  it('needs a signed-in studio user', async () => {
    expect((await h.post<Migrated>('/api/admin/migrate', {})).status).toBe(401);
    const res = await h.post<Migrated>('/api/admin/migrate', {}, { token: learner });
    expect(res.status).toBe(403);
  });

  it.each([
    [{ source: 'ftp' }, 'source must be "bundled" or "rest"'],
    [{ source: 'rest' }, 'baseUrl must be an http(s) URL'],
    [{ source: 'rest', baseUrl: 'file:///etc/passwd' }, 'baseUrl must be an http(s) URL'],
    [{ source: 'bundled', extra: 1 }, 'property extra should not exist'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await h.post<Migrated>('/api/admin/migrate', body, { token: studio });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('imports the bundled courses through the worker, and a second run changes nothing', async () => {
    const first = await h.post<Migrated>('/api/admin/migrate', {}, { token: studio });
    expect(first.status).toBe(200);
    expect(first.body.totalMigrated).toBe(80);
    expect(first.body.jobId).toEqual(expect.any(String));
    expect(first.body.challenges).toBe(3);
    expect(first.body.skipped).toEqual([]);
    expect(first.body.subjects.map((s) => s.id).sort()).toEqual([
      'ai-for-ceos',
      'ai-for-founders',
      'ai-user',
      'metabolic',
      'vagus-nerve',
    ]);
    // Other tests of this file may have loaded the content already (the order is random).
    for (const s of first.body.subjects) {
      expect(s).toMatchObject({ nodes: 16, quizItems: 96, lectureSections: 16 });
      expect(s.created + s.updated + s.unchanged).toBe(16);
    }

    const stored = await counts();
    expect(stored).toMatchObject({ subjects: 5, nodes: 80, quiz: 480, lectures: 80, modules: 20 });
    const [vn] = await h.sql<{ title: string; lesson_html: string; variants: Record<string, string> }>(
      `select * from topic_nodes where subject_id = 'vagus-nerve' and id = 'vn-anatomy'`,
    );
    expect(vn.title).toBe('Anatomy: From Brainstem to Abdomen');
    expect(vn.lesson_html).toContain('<p>');
    expect(Object.keys(vn.variants).sort()).toEqual(['advanced', 'beginner', 'practical', 'theoretical']);
    const [challenge] = await h.sql(
      `select days_count, (select count(*)::int from challenge_days where challenge_id = 'vagus-reset-14') as days from challenges where id = 'vagus-reset-14'`,
    );
    expect(challenge).toEqual({ days_count: 14, days: 14 });

    const second = await h.post<Migrated>('/api/admin/migrate', { source: 'bundled' }, { token: studio });
    expect(second.status).toBe(200);
    expect(second.body.totalMigrated).toBe(80);
    for (const s of second.body.subjects) expect(s).toMatchObject({ created: 0, updated: 0, unchanged: 16 });
    expect(await counts()).toEqual(stored);
  });

  it('keeps the Studio’s shop visibility when it re-imports a subject', async () => {
    await h.worker!.get(ContentMigrationService).runIfEmpty();
    await h.sql(`update subjects set is_published = false where id = 'ai-user'`);
    try {
      expect((await h.post<Migrated>('/api/admin/migrate', {}, { token: studio })).status).toBe(200);
      const [s] = await h.sql<{ is_published: boolean }>(`select is_published from subjects where id = 'ai-user'`);
      expect(s.is_published).toBe(false);
    } finally {
      await h.sql(`update subjects set is_published = true where id = 'ai-user'`);
    }
  });
});

describe('content migration service', () => {
  const service = () => h.worker!.get(ContentMigrationService);

  function copyContent(): string {
    const dir = mkdtempSync(join(tmpdir(), 'lp-content-'));
    cpSync(CONTENT, dir, { recursive: true });
    return dir;
  }
  const nodeFile = (dir: string, subject: string, id: string) => {
    const nodes = join(dir, subject, 'nodes');
    return join(
      nodes,
      readdirSync(nodes).find((f) => f.endsWith(`-${id}.yaml`))!,
    );
  };

  // These tests change the bundled courses: load them first (whichever test runs first).
  beforeEach(() => service().runIfEmpty());

  it('updates changed content and archives nodes that left the source', async () => {
    const dir = copyContent();
    const file = nodeFile(dir, 'metabolic', 'met-sleep');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Sleep and Metabolic Health (revised)'),
    );
    const summary = await service().run({ kind: 'bundled', dir });
    const metabolic = summary.subjects.find((s) => s.id === 'metabolic')!;
    expect(metabolic).toMatchObject({ updated: 1, unchanged: 15, created: 0 });
    const [node] = await h.sql(`select title from topic_nodes where subject_id = 'metabolic' and id = 'met-sleep'`);
    expect(node.title).toBe('Sleep and Metabolic Health (revised)');

    // Put the original back so other tests see the bundled content.
    const restored = await service().run({ kind: 'bundled', dir: CONTENT });
    expect(restored.subjects.find((s) => s.id === 'metabolic')).toMatchObject({ updated: 1 });
  });

  it('skips and reports a malformed node, imports the rest, and keeps the stored version of the bad one', async () => {
    const dir = copyContent();
    const file = nodeFile(dir, 'ai-user', 'aiu-context-window');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/^lesson_html: \|/m, 'lesson_html: |\n  <p>unclosed <strong>tag</p>'),
    );
    const before = await h.sql(
      `select lesson_html from topic_nodes where subject_id = 'ai-user' and id = 'aiu-context-window'`,
    );
    const summary = await service().run({ kind: 'bundled', dir });
    expect(summary.skipped).toEqual(
      expect.arrayContaining([expect.objectContaining({ subject: 'ai-user', id: 'aiu-context-window' })]),
    );
    expect(summary.subjects.find((s) => s.id === 'ai-user')).toMatchObject({ nodes: 15, archived: 0 });
    const after = await h.sql(
      `select lesson_html, archived_at from topic_nodes where subject_id = 'ai-user' and id = 'aiu-context-window'`,
    );
    expect(after).toEqual([{ lesson_html: before[0].lesson_html, archived_at: null }]);
  });
});

describe('legacy REST source', () => {
  let server: Server;
  let baseUrl: string;
  let nulInSummary = false;

  const graph = {
    nodes: [
      { id: 'leg-basics', title: 'Basics', category: 'Foundations' },
      { id: 'leg-next', title: 'Next Steps', category: 'Foundations', prerequisites: ['leg-basics'] },
      { id: 'leg-broken', title: 'Broken', category: 'Advanced' },
      { id: 'leg-applied', title: 'Applied', category: 'Advanced' },
    ],
    edges: [{ from: 'leg-next', to: 'leg-applied' }],
  };
  const details: Record<string, unknown> = {
    'leg-basics': {
      id: 'leg-basics',
      title: 'Basics',
      category: 'Foundations',
      summary_html: '<p>The basics.</p>',
      lesson_html: '<p>A longer lesson.</p>',
      variants: { beginner: '<p>Simply put.</p>' },
      sources: ['https://en.wikipedia.org/wiki/Learning', { title: 'A book' }],
      micro_quiz: {
        items: [
          {
            id: 'leg-q1',
            stemHtml: 'Which is right?',
            choices: [
              { id: 'a', textHtml: 'This' },
              { id: 'b', textHtml: 'That' },
            ],
            correct: 'a',
          },
          {
            id: 'leg-q-bad',
            stem: 'No answer key',
            choices: [
              { id: 'a', text: 'x' },
              { id: 'b', text: 'y' },
            ],
          },
        ],
      },
    },
    'leg-next': { id: 'leg-next', title: 'Next Steps', summary_html: '<p>Next.</p>', micro_quiz: [] },
    'leg-broken': { id: 'leg-broken', category: 'Advanced' },
    'leg-applied': {
      id: 'leg-applied',
      title: 'Applied',
      summary_html: '<p>Applied.</p>',
      sources: [{ title: 'Sneaky', url: 'javascript:alert(1)' }],
      // Old sources reuse quiz ids across nodes.
      micro_quiz: [
        {
          id: 'leg-q1',
          stem: 'Same id, other node?',
          choices: [
            { id: 'a', text: 'Yes' },
            { id: 'b', text: 'No' },
          ],
          answer: 0,
        },
      ],
    },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const send = (body: unknown, status = 200) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/api/subjects')
        return send([
          { id: 'legacy-course', name: 'Legacy Course', title: 'A Legacy Course', description: 'Imported.' },
          'ghost-course',
        ]);
      if (url.pathname === '/api/graph' && url.searchParams.get('subject') === 'legacy-course') return send(graph);
      if (url.pathname === '/api/graph') return send({ error: 'not found' }, 404);
      const m = /^\/api\/graph\/nodes\/([^/]+)$/.exec(url.pathname);
      if (m && details[m[1]]) {
        const d = details[m[1]] as Record<string, unknown>;
        return send(nulInSummary && m[1] === 'leg-applied' ? { ...d, summary_html: 'bad \u0000 byte' } : d);
      }
      send({ error: 'not found' }, 404);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  // Each test starts without the legacy course, and the other describes never see it.
  const dropLegacyCourse = () => h.sql(`delete from subjects where id = 'legacy-course'`);
  beforeEach(dropLegacyCourse);
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await dropLegacyCourse();
  });

  it('imports the legacy API through the endpoint, reporting malformed items by id', async () => {
    const res = await h.post<Migrated>('/api/admin/migrate', { source: 'rest', baseUrl }, { token: studio });
    expect(res.status).toBe(200);
    expect(res.body.totalMigrated).toBe(3);
    expect(res.body.subjects).toEqual([
      expect.objectContaining({ id: 'legacy-course', nodes: 3, created: 3, quizItems: 2, lectureSections: null }),
    ]);
    const skippedIds = res.body.skipped.map((s) => s.id);
    expect(skippedIds).toEqual(expect.arrayContaining(['leg-broken', 'leg-q-bad', 'ghost-course']));
    expect(res.body.skipped.find((s) => s.id === 'leg-broken')?.reason).toBe(
      'node has neither summary_html nor lesson_html',
    );

    expect(await counts('legacy-course')).toMatchObject({ subjects: 1, nodes: 3, quiz: 2, modules: 2 });
    const quizOwners = await h.sql(`select id, node_id from quiz_items where subject_id = 'legacy-course' order by id`);
    expect(quizOwners).toEqual([
      { id: 'leg-applied-leg-q1', node_id: 'leg-applied' },
      { id: 'leg-q1', node_id: 'leg-basics' },
    ]);
    const [applied] = await h.sql(
      `select sources from topic_nodes where subject_id = 'legacy-course' and id = 'leg-applied'`,
    );
    expect(applied.sources).toEqual([{ title: 'Sneaky', url: '', type: 'article' }]);
    const edges = await h.sql(
      `select node_id, prerequisite_id from node_prerequisites where subject_id = 'legacy-course' order by node_id`,
    );
    expect(edges).toEqual([
      { node_id: 'leg-applied', prerequisite_id: 'leg-next' },
      { node_id: 'leg-next', prerequisite_id: 'leg-basics' },
    ]);
    const [q] = await h.sql(
      `select stem, choices, correct from quiz_items where subject_id = 'legacy-course' and id = 'leg-q1'`,
    );
    expect(q).toEqual({
      stem: 'Which is right?',
      choices: [
        { id: 'a', text: 'This' },
        { id: 'b', text: 'That' },
      ],
      correct: 'a',
    });
    const previews = await h.sql(
      `select id from topic_nodes where subject_id = 'legacy-course' and preview order by id`,
    );
    expect(previews.map((p) => p.id)).toEqual(['leg-basics', 'leg-next']);

    const again = await h.post<Migrated>('/api/admin/migrate', { source: 'rest', baseUrl }, { token: studio });
    expect(again.body.subjects[0]).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await counts('legacy-course')).toMatchObject({ nodes: 3, quiz: 2, edges: 2 });
  });

  it('writes nothing of a subject whose import fails half-way', async () => {
    const service = h.worker!.get(ContentMigrationService);
    expect((await service.run({ kind: 'rest', baseUrl })).subjects).toEqual([
      expect.objectContaining({ id: 'legacy-course', created: 3 }),
    ]);
    const before = await h.sql(
      `select id, summary_html, content_hash from topic_nodes where subject_id = 'legacy-course' order by id`,
    );
    expect(before).toHaveLength(3);
    const original = details['leg-basics'];
    details['leg-basics'] = { ...(original as object), title: 'Basics (changed)' };
    nulInSummary = true; // PostgreSQL refuses NUL bytes in text: the third node's write fails
    try {
      const summary = await service.run({ kind: 'rest', baseUrl });
      expect(summary.subjects).toEqual([]);
      expect(summary.skipped).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: 'legacy-course', reason: expect.stringMatching(/^not migrated/) }),
        ]),
      );
    } finally {
      nulInSummary = false;
      details['leg-basics'] = original;
    }
    // The first node's change was rolled back with the rest.
    expect(
      await h.sql(
        `select id, summary_html, content_hash from topic_nodes where subject_id = 'legacy-course' order by id`,
      ),
    ).toEqual(before);
    const [basics] = await h.sql<{ title: string }>(
      `select title from topic_nodes where subject_id = 'legacy-course' and id = 'leg-basics'`,
    );
    expect(basics.title).toBe('Basics');
  });

  it('answers 502 when the legacy API cannot be reached', async () => {
    const res = await h.post<Migrated>(
      '/api/admin/migrate',
      { source: 'rest', baseUrl: 'http://127.0.0.1:9' },
      { token: studio },
    );
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(
      /^Failed to migrate content: Could not read http:\/\/127\.0\.0\.1:9\/api\/subjects/,
    );
  });

  // loopback targets only, so a regressed guard could send nothing off this machine; the private and
  // link-local ranges are fed to the guard itself in src/common/http/address-check.spec.ts
  it.each(['http://localhost:6379', 'http://127.0.0.2:9', 'http://[::1]:9'])(
    'refuses an internal target (%s)',
    async (target) => {
      const before = await counts();
      const res = await h.post<Migrated>('/api/admin/migrate', { source: 'rest', baseUrl: target }, { token: studio });
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/^Failed to migrate content: Could not read/);
      expect(res.body.message).toMatch(/refused|not allowed|private|loopback|link-local/i);
      expect(await counts()).toEqual(before);
    },
  );
});

describe('schema', () => {
  it('matches the entities (apart from constraints that only migrations declare)', async () => {
    const diff = (await schemaDiff(process.env.DATABASE_URL!))
      .split('\n')
      .map((l) => l.trim())
      // Foreign keys and checks exist only in migrations; the ORM reads a status check as an enum
      // and would retype its column, which is the same text column.
      .filter((l) => l && !/^alter table "\w+" drop constraint (if exists )?"?\w+_(foreign|not_self|check)"?;$/.test(l))
      .filter(
        (l) =>
          !/^alter table "\w+" alter column "(status|kind|use|source)" type text using \("(status|kind|use|source)"::text\);$/.test(
            l,
          ),
      )
      // A media file is made once per section, text, provider and voice: a partial unique index
      // (where section_id is not null) that only the migration can declare.
      .filter((l) => l !== 'drop index "media_files_made_from_unique";')
      // One open attempt per learner, subject and kind: a partial unique index (where status = 'open').
      .filter((l) => l !== 'drop index "quiz_attempts_one_open_unique";')
      // The receipt sweeper's partial index (paid purchases whose receipt is not queued).
      .filter((l) => l !== 'drop index "checkout_sessions_receipt_due_idx";')
      // The owner's dashboard's partial index of passed challenge days.
      .filter((l) => l !== 'drop index "challenge_day_progress_passed_idx";')
      // The full-text vector is a generated column PostgreSQL maintains; the ORM never writes it.
      .filter(
        (l) => !/^(alter table "source_passages" drop column "tsv";|drop index "source_passages_tsv_index";)$/.test(l),
      );
    expect(diff).toEqual([]);
  });
});
