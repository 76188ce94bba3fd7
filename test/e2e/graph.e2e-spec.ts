import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness } from '../support/harness';

interface GraphNode {
  id: string;
  title: string;
  category: string;
  moduleId: string;
  summary: string;
  prerequisites: string[];
}
interface Graph {
  subject: { id: string; name: string; title: string };
  version: number;
  modules: { id: string; title: string }[];
  nodes: GraphNode[];
}
interface Choice {
  id: string;
  textHtml: string;
}
interface TopicNode {
  id: string;
  title: string;
  summary_html: string;
  lesson_html: string;
  variants: Record<string, string>;
  sources: { title: string; url: string; type: string }[];
  prerequisites: { id: string; title: string }[];
  micro_quiz: { id: string; stemHtml: string; choices: Choice[] }[];
  bookmarked: boolean;
  mastery_level: number;
}

let h: Harness;
let owner: { id: string; token: string };
let stranger: { id: string; token: string };
let studio: string;

/** The vagus-nerve node ids in the order of the course files (the reading order). */
const VAGUS_IDS = readdirSync(join(__dirname, '..', '..', 'content', 'vagus-nerve', 'nodes'))
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => f.replace(/^\d+-/, '').replace(/\.yaml$/, ''));

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  owner = await h.learnerWith('vagus-nerve', 'graph-owner');
  stranger = await h.newUser('graph-stranger');
  studio = await h.demoToken('studio');
});
afterAll(() => h.close());

describe('GET /api/graph', () => {
  it('needs a token, an entitlement, and a known subject', async () => {
    expect((await h.get<Graph>('/api/graph?subject=vagus-nerve')).status).toBe(401);
    const denied = await h.get<ApiError>('/api/graph?subject=vagus-nerve', { token: stranger.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'You do not have access to this course. Buy access to continue.',
    });
    expect((await h.get<Graph>('/api/graph?subject=no-such-subject', { token: owner.token })).status).toBe(404);
    expect((await h.get('/api/graph', { token: owner.token })).status).toBe(400);
    expect((await h.get<Graph>('/api/graph?subject=vagus-nerve&extra=1', { token: owner.token })).status).toBe(400);
    // the owner of one course is not let into another
    expect((await h.get<Graph>('/api/graph?subject=metabolic', { token: owner.token })).status).toBe(403);
  });

  it('lists the 16 vagus-nerve topics in reading order with their prerequisites', async () => {
    expect(VAGUS_IDS).toHaveLength(16);
    const res = await h.get<Graph>('/api/graph?subject=vagus-nerve', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.subject).toEqual({
      id: 'vagus-nerve',
      name: 'Vagus Nerve',
      title: expect.stringContaining('Vagus Nerve'),
    });
    const [{ v }] = await h.sql<{ v: number }>(
      `select coalesce(max(version), 0)::int as v from subject_versions where subject_id = 'vagus-nerve'`,
    );
    expect(res.body.version).toBe(v);
    expect(res.body.modules[0]).toEqual({ id: 'foundations', title: 'Anatomy & Foundations' });
    expect(res.body.modules).toHaveLength(4);
    const nodes = res.body.nodes;
    expect(nodes.map((n) => n.id)).toEqual(VAGUS_IDS);
    const anatomy = nodes.find((n) => n.id === 'vn-anatomy');
    expect(anatomy).toEqual({
      id: 'vn-anatomy',
      title: 'Anatomy: From Brainstem to Abdomen',
      category: 'Anatomy & Foundations',
      moduleId: 'foundations',
      // what the card shows: plain text, cut to an excerpt
      summary: expect.stringMatching(/^The vagus nerve arises/),
      prerequisites: ['vn-what-is-the-vagus-nerve'],
    });
    expect(anatomy!.summary.length).toBeLessThanOrEqual(48);
    expect(nodes.every((n) => !/[<>]/.test(n.summary))).toBe(true);
    // the lesson html is not part of the list
    expect(JSON.stringify(res.body)).not.toContain('lesson');
    // every stored edge, and nothing else, is in the answer
    const edges = await h.sql<{ node_id: string; prerequisite_id: string }>(
      `select node_id, prerequisite_id from node_prerequisites where subject_id = 'vagus-nerve'`,
    );
    expect(edges.length).toBeGreaterThan(10);
    const listed = nodes.flatMap((n) => n.prerequisites.map((p: string) => `${n.id}<-${p}`)).sort();
    expect(listed).toEqual(edges.map((e) => `${e.node_id}<-${e.prerequisite_id}`).sort());
    // a name resolves like the id
    const byName = await h.get<Graph>('/api/graph?subject=Vagus%20Nerve', { token: owner.token });
    expect(byName.status).toBe(200);
    expect(byName.body.nodes).toHaveLength(16);
  });

  it('sanitises summaries and leaves archived topics and their edges out', async () => {
    const [orig] = await h.sql<{ summary_html: string }>(
      `select summary_html from topic_nodes where subject_id = 'vagus-nerve' and id = 'vn-vagal-tone'`,
    );
    await h.sql(`update topic_nodes set summary_html = ? where subject_id = 'vagus-nerve' and id = 'vn-vagal-tone'`, [
      '<p onclick="x()">Tone<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">link</a></p>',
    ]);
    await h.sql(
      `update topic_nodes set archived_at = now() where subject_id = 'vagus-nerve' and id = 'vn-what-is-the-vagus-nerve'`,
    );
    try {
      const res = await h.get<Graph>('/api/graph?subject=vagus-nerve', { token: owner.token });
      expect(res.status).toBe(200);
      const nodes = res.body.nodes;
      const tone = nodes.find((n) => n.id === 'vn-vagal-tone')!;
      expect(tone.summary).toMatch(/^Tone ?link$/);
      expect(tone.summary).not.toMatch(/script|onerror|onclick|javascript|<img|alert/);
      expect(nodes.map((n) => n.id)).not.toContain('vn-what-is-the-vagus-nerve');
      expect(nodes.find((n) => n.id === 'vn-anatomy')!.prerequisites).toEqual([]);
      expect(
        (
          await h.get<TopicNode>('/api/graph/nodes/vn-what-is-the-vagus-nerve?subject=vagus-nerve', {
            token: owner.token,
          })
        ).status,
      ).toBe(404);
    } finally {
      await h.sql(`update topic_nodes set summary_html = ? where subject_id = 'vagus-nerve' and id = 'vn-vagal-tone'`, [
        orig.summary_html,
      ]);
      await h.sql(
        `update topic_nodes set archived_at = null where subject_id = 'vagus-nerve' and id = 'vn-what-is-the-vagus-nerve'`,
      );
    }
  });

  it('lets studio staff in without buying', async () => {
    const res = await h.get<Graph>('/api/graph?subject=metabolic', { token: studio });
    expect(res.status).toBe(200);
    expect(res.body.nodes.length).toBeGreaterThan(0);
  });

  it('is the same cached bytes for every learner, with an ETag answered by 304', async () => {
    const other = await h.learnerWith('vagus-nerve', 'graph-other');
    const a = await h.get<Graph>('/api/graph?subject=vagus-nerve', { token: owner.token });
    const b = await h.get<Graph>('/api/graph?subject=vagus-nerve', { token: other.token });
    expect(a.status).toBe(200);
    const etag = a.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(b.headers.etag).toBe(etag);
    expect(b.body).toEqual(a.body);
    expect(a.headers['cache-control']).toBe('private, no-cache');
    const notModified = await h.get('/api/graph?subject=vagus-nerve', {
      token: other.token,
      headers: { 'if-none-match': etag },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body ?? '').toBe('');
    // the entitlement is checked before any cached answer: a stranger with the ETag still gets 403
    const denied = await h.get('/api/graph?subject=vagus-nerve', {
      token: stranger.token,
      headers: { 'if-none-match': etag },
    });
    expect(denied.status).toBe(403);
    const stale = await h.get('/api/graph?subject=vagus-nerve', {
      token: owner.token,
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(stale.status).toBe(200);
  });

  it('a publish changes the graph (and its ETag) at once; a draft does not', async () => {
    const url = '/api/graph?subject=metabolic';
    const before = await h.get<Graph>(url, { token: studio });
    const node = 'met-reading-lab-reports';
    const draft = await h.get<{ etag: string }>(`/api/studio/nodes/${node}?subject=metabolic`, { token: studio });
    const saved = await h.put(
      `/api/studio/nodes/${node}?subject=metabolic`,
      { ...draft.body, title: 'Reading Lab Reports, retitled' },
      { token: studio, headers: { 'if-match': draft.body.etag } },
    );
    expect(saved.status).toBe(200);
    const drafted = await h.get<Graph>(url, {
      token: studio,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(drafted.status).toBe(304);
    const published = await h.post('/api/studio/versions/publish', { subjectId: 'metabolic' }, { token: studio });
    expect(published.status).toBe(200);
    const after = await h.get<Graph>(url, {
      token: studio,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.version).toBe(before.body.version + 1);
    expect(after.body.nodes.find((n) => n.id === node)!.title).toBe('Reading Lab Reports, retitled');
  });
});

describe('GET /api/graph/mastery', () => {
  it("is the caller's own mastery, only the topics with evidence, behind the same entitlement", async () => {
    expect((await h.get('/api/graph/mastery?subject=vagus-nerve')).status).toBe(401);
    expect((await h.get('/api/graph/mastery?subject=vagus-nerve', { token: stranger.token })).status).toBe(403);
    const learner = await h.learnerWith('vagus-nerve', 'graph-mastery');
    const empty = await h.get<{ subjectId: string; levels: Record<string, number> }>(
      '/api/graph/mastery?subject=vagus-nerve',
      { token: learner.token },
    );
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ subjectId: 'vagus-nerve', levels: {} });
    await h.sql(
      `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known)
       values (?, 'vagus-nerve', 'vn-anatomy', 'Anatomy', 'topic', 0.8)`,
      [learner.id],
    );
    const mine = await h.get<{ levels: Record<string, number> }>('/api/graph/mastery?subject=vagus-nerve', {
      token: learner.token,
    });
    expect(mine.body.levels).toEqual({ 'vn-anatomy': 0.8 });
    const theirs = await h.get<{ levels: Record<string, number> }>('/api/graph/mastery?subject=vagus-nerve', {
      token: owner.token,
    });
    expect(theirs.body.levels['vn-anatomy']).toBeUndefined();
  });
});

describe('GET /api/graph/nodes/{id}', () => {
  it('needs a token, an entitlement, a known topic and valid input', async () => {
    expect((await h.get<TopicNode>('/api/graph/nodes/vn-anatomy?subject=vagus-nerve')).status).toBe(401);
    expect(
      (await h.get<TopicNode>('/api/graph/nodes/vn-anatomy?subject=vagus-nerve', { token: stranger.token })).status,
    ).toBe(403);
    const missing = await h.get<ApiError>('/api/graph/nodes/no-such-node?subject=vagus-nerve', { token: owner.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Topic not found');
    // a topic of another subject is not found through this one
    expect((await h.get<TopicNode>('/api/graph/nodes/vn-anatomy?subject=metabolic', { token: studio })).status).toBe(
      404,
    );
    expect((await h.get<TopicNode>('/api/graph/nodes/vn-anatomy?subject=nope', { token: owner.token })).status).toBe(
      404,
    );
    expect((await h.get<TopicNode>('/api/graph/nodes/vn-anatomy', { token: owner.token })).status).toBe(400);
    expect(
      (await h.get<TopicNode>('/api/graph/nodes/bad%20id!?subject=vagus-nerve', { token: owner.token })).status,
    ).toBe(400);
    expect(
      (await h.get<TopicNode>('/api/graph/nodes/vn-anatomy?subject=vagus-nerve&preview=draft', { token: studio }))
        .status,
    ).toBe(400);
  });

  it("reads a topic page's content in one round trip to PostgreSQL (node, quiz items and level together)", async () => {
    const path = '/api/graph/nodes/vn-anatomy?subject=vagus-nerve';
    // the first request fills the access view (session, roles, entitlements) in Redis
    expect((await h.get(path, { token: owner.token })).status).toBe(200);
    const sent = jest.spyOn(Client.prototype, 'query');
    try {
      const res = await h.get<TopicNode>(path, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body.micro_quiz.length).toBeGreaterThan(0);
      const texts = sent.mock.calls.map(([q]) =>
        typeof q === 'string' ? q : ((q as { text?: string } | undefined)?.text ?? ''),
      );
      const content = texts.filter((t) => /topic_nodes|quiz_items|user_mastery|bookmarks/.test(t));
      expect(content).toHaveLength(1);
      for (const table of ['from topic_nodes', 'bookmarks', 'quiz_items', 'user_mastery'])
        expect(content[0]).toContain(table);
    } finally {
      sent.mockRestore();
    }
  });

  it('returns the whole topic, sanitised, with its micro quiz but never the answers', async () => {
    const res = await h.get<TopicNode>('/api/graph/nodes/vn-anatomy?subject=vagus-nerve', { token: owner.token });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(Object.keys(b).sort()).toEqual(
      [
        'bookmarked',
        'category',
        'check',
        'complete',
        'excerpt',
        'id',
        'lesson_html',
        'mastery_level',
        'micro_quiz',
        'moduleId',
        'prerequisites',
        'sources',
        'subject_id',
        'summary_html',
        'title',
        'variants',
        'video',
      ].sort(),
    );
    expect(b).toMatchObject({
      id: 'vn-anatomy',
      subject_id: 'vagus-nerve',
      category: 'Anatomy & Foundations',
      moduleId: 'foundations',
      mastery_level: 0,
      bookmarked: false,
    });
    expect(b.lesson_html).toContain('<table>');
    expect(Object.keys(b.variants).sort()).toEqual(['advanced', 'beginner', 'practical', 'theoretical']);
    expect(b.sources[0]).toEqual({
      title: 'Vagus nerve - Wikipedia',
      url: 'https://en.wikipedia.org/wiki/Vagus_nerve',
      type: 'encyclopedia',
    });
    expect(b.prerequisites).toEqual([{ id: 'vn-what-is-the-vagus-nerve', title: expect.any(String) }]);
    const items = await h.sql<{ id: string; correct: string; explanation: string; use: string }>(
      `select id, correct, explanation, use from quiz_items where subject_id = 'vagus-nerve' and node_id = 'vn-anatomy' order by position, id`,
    );
    const checks = items.filter((i) => i.use === 'check');
    expect(checks.length).toBeGreaterThanOrEqual(2);
    // the topic's check items only: an assessment item is never served on the page
    expect(b.micro_quiz.map((q) => q.id)).toEqual(checks.map((i) => i.id));
    for (const q of b.micro_quiz) {
      // no key before answering
      expect(q).toMatchObject({ answered: null });
      expect(Object.keys(q).sort()).toEqual(['answered', 'choices', 'id', 'stemHtml']);
      expect(q.choices.length).toBeGreaterThan(1);
      for (const c of q.choices) expect(Object.keys(c).sort()).toEqual(['id', 'textHtml']);
    }
    expect(b).toMatchObject({
      check: { total: checks.length, answered: 0, correct: 0, passed: false },
      complete: false,
    });
    expect(JSON.stringify(b.micro_quiz)).not.toMatch(/"correct"|"explanation"|"correctAnswer"/);
    const json = JSON.stringify(b);
    for (const i of items) expect(json).not.toContain(i.explanation.slice(0, 40));
  });

  it('says whether the caller bookmarked it', async () => {
    await h.sql(
      `insert into bookmarks (id, user_id, subject_id, node_id) values (gen_random_uuid(), ?, 'vagus-nerve', 'vn-gut-brain') on conflict do nothing`,
      [owner.id],
    );
    expect(
      (await h.get<TopicNode>('/api/graph/nodes/vn-gut-brain?subject=vagus-nerve', { token: owner.token })).body
        .bookmarked,
    ).toBe(true);
    expect(
      (await h.get<TopicNode>('/api/graph/nodes/vn-gut-brain?subject=vagus-nerve', { token: studio })).body.bookmarked,
    ).toBe(false);
  });

  it('shows studio staff the draft overlay on request, and refuses it to learners', async () => {
    const overlay = {
      title: 'Draft anatomy title',
      summary_html: '<p>Draft summary<script>alert(1)</script></p>',
      variants: {
        beginner: '<p>Draft beginner</p>',
        advanced: '<p>a</p>',
        practical: '<p>p</p>',
        theoretical: '<p>t</p>',
      },
      sources: [{ title: 'Draft source', url: 'https://example.org/draft', type: 'article' }],
    };
    await h.sql(
      `insert into node_overlays (subject_id, node_id, content) values ('vagus-nerve', 'vn-anatomy', ?::jsonb)`,
      [JSON.stringify(overlay)],
    );
    try {
      const draft = await h.get<TopicNode>('/api/graph/nodes/vn-anatomy?subject=vagus-nerve&preview=overlay', {
        token: studio,
      });
      expect(draft.status).toBe(200);
      expect(draft.body.title).toBe('Draft anatomy title');
      expect(draft.body.summary_html).toBe('<p>Draft summary</p>');
      expect(draft.body.variants.beginner).toBe('<p>Draft beginner</p>');
      expect(draft.body.sources).toEqual([
        { title: 'Draft source', url: 'https://example.org/draft', type: 'article' },
      ]);
      expect(draft.body.lesson_html).toContain('<table>');

      const published = await h.get<TopicNode>('/api/graph/nodes/vn-anatomy?subject=vagus-nerve', { token: studio });
      expect(published.body.title).toBe('Anatomy: From Brainstem to Abdomen');
      const learner = await h.get<TopicNode>('/api/graph/nodes/vn-anatomy?subject=vagus-nerve', { token: owner.token });
      expect(learner.body.title).toBe('Anatomy: From Brainstem to Abdomen');
      expect(JSON.stringify(learner.body)).not.toContain('Draft');

      const refused = await h.get<TopicNode>('/api/graph/nodes/vn-anatomy?subject=vagus-nerve&preview=overlay', {
        token: owner.token,
      });
      expect(refused.status).toBe(403);
      // a node without an overlay shows its published content in preview
      const plain = await h.get<TopicNode>('/api/graph/nodes/vn-gut-brain?subject=vagus-nerve&preview=overlay', {
        token: studio,
      });
      expect(plain.status).toBe(200);
      expect(plain.body.title).not.toContain('Draft');
    } finally {
      await h.sql(`delete from node_overlays where subject_id = 'vagus-nerve' and node_id = 'vn-anatomy'`);
    }
  });
});

describe('OpenAPI', () => {
  it('lists the graph, notes, bookmarks and me routes', async () => {
    const res = await h.get<{ paths: Record<string, unknown> }>('/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/graph',
        '/api/graph/nodes/{id}',
        '/api/notes',
        '/api/notes/{id}',
        '/api/bookmarks',
        '/api/me/unlocks',
        '/api/me/tags',
      ]),
    );
  });
});

describe('GET /api/me/unlocks and /api/me/tags', () => {
  it('returns only the caller’s own unlocks and tags', async () => {
    expect((await h.get('/api/me/tags')).status).toBe(401);
    expect((await h.get('/api/me/unlocks?subjectId=vagus-nerve')).status).toBe(401);
    expect((await h.get('/api/me/unlocks', { token: owner.token })).status).toBe(400);
    await h.sql(
      `insert into user_unlocks (user_id, subject_id, module_id) values (?, 'vagus-nerve', 'vagal-tone-and-hrv'), (?, 'vagus-nerve', 'foundations'), (?, 'vagus-nerve', 'everyday-practices')`,
      [owner.id, owner.id, stranger.id],
    );
    // staff tags: one shown to its learner, the others staff-only
    await h.sql(
      `insert into user_tags (user_id, tag, learner_visible) values (?, 'needs-review', false), (?, 'welcome', true), (?, 'fast-track', true)`,
      [owner.id, owner.id, stranger.id],
    );
    const unlocks = await h.get('/api/me/unlocks?subjectId=vagus-nerve', { token: owner.token });
    expect(unlocks.status).toBe(200);
    // the modules opened beyond the first (the first is always open), and the ones still locked with the reason
    expect(unlocks.body).toEqual({
      subjectId: 'vagus-nerve',
      modules: ['vagal-tone-and-hrv'],
      locked: [
        {
          id: 'everyday-practices',
          title: expect.any(String),
          reason: expect.stringMatching(/^Master “.+” to open this module$/),
        },
        { id: 'stimulation-and-safety', title: expect.any(String), reason: expect.any(String) },
      ],
    });
    // another course's locks: refused like its path
    expect((await h.get('/api/me/unlocks?subjectId=metabolic', { token: owner.token })).status).toBe(403);
    expect((await h.get<{ tags: string[] }>('/api/me/tags', { token: owner.token })).body.tags).toEqual(['welcome']);
    expect((await h.get<{ tags: string[] }>('/api/me/tags', { token: stranger.token })).body.tags).toEqual([
      'fast-track',
    ]);
  });
});
