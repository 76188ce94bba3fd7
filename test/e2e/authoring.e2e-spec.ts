import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, type ApiResponse, Harness, type Method, type TestUser } from '../support/harness';

// The authoring contract (docs/authoring-api.md): the draft a learner will see, edited safely.

interface QuizItem {
  id?: string;
  stem: string;
  choices: { id: string; text: string }[];
  correct: string;
  explanation: string;
  difficulty: number;
  use?: 'check' | 'assessment';
}
interface DraftNode {
  id: string;
  subjectId: string;
  title: string;
  summary_html: string;
  lesson_html: string;
  variants: Record<'beginner' | 'advanced' | 'practical' | 'theoretical', string>;
  sources: { title: string; url: string; type: string }[];
  video: { url: string; title: string } | null;
  moduleId: string;
  prerequisites: string[];
  position: number;
  retired: boolean;
  created: boolean;
  quiz: QuizItem[];
  hasOverlay: boolean;
  etag: string;
  droppedFrom?: string[];
}
interface Refusal extends ApiError {
  field?: string;
  current?: DraftNode & Outline & { versions: unknown[] };
}
interface Outline {
  subjectId: string;
  modules: {
    id: string;
    title: string;
    topics: { id: string; title: string; draft: boolean; created: boolean; checkItems: number }[];
  }[];
  retired: { id: string; title: string; moduleId: string; draft: boolean }[];
  hasOverlay: boolean;
  etag: string;
}
interface TopicPage {
  id: string;
  title: string;
  category: string;
  moduleId: string;
  summary_html: string;
  excerpt: string;
  lesson_html: string;
  variants: Record<string, string>;
  sources: { title: string; url: string; type: string }[];
  prerequisites: { id: string; title: string }[];
  micro_quiz: { id: string; stemHtml: string; choices: { id: string; textHtml: string }[] }[];
}
interface GraphList {
  nodes: { id: string; title: string; category: string; summary: string; prerequisites: string[] }[];
}
interface VersionList {
  versions: { version: number; changedNodes: string[] }[];
  hasOverlay: boolean;
  etag: string;
}

let h: Harness;
let studio: string;

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  studio = await h.demoToken('studio');
});
afterAll(() => h.close());
// Every test starts without drafts (a test that fails half-way may leave one behind).
beforeEach(async () => {
  await h.sql(`delete from node_overlays`);
  await h.sql(`delete from quiz_item_drafts`);
});

const nodeUrl = (subject: string, nodeId: string) => `/api/studio/nodes/${nodeId}?subject=${subject}`;

async function read(subject: string, nodeId: string, token = studio): Promise<ApiResponse<DraftNode>> {
  return h.get<DraftNode>(nodeUrl(subject, nodeId), { token });
}

/** What PUT takes of a draft as GET answers it. */
function editable(n: DraftNode) {
  return {
    title: n.title,
    summary_html: n.summary_html,
    lesson_html: n.lesson_html,
    variants: n.variants,
    sources: n.sources,
    moduleId: n.moduleId,
    prerequisites: n.prerequisites,
    quiz: n.quiz,
  };
}

function save(subject: string, nodeId: string, body: unknown, ifMatch?: string, token = studio) {
  return h.put<DraftNode & Refusal>(nodeUrl(subject, nodeId), body, {
    token,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });
}

/** Reads the draft, changes it, saves it against the ETag it read. */
async function edit(subject: string, nodeId: string, change: (n: ReturnType<typeof editable>) => object) {
  const cur = await read(subject, nodeId);
  expect(cur.status).toBe(200);
  return save(subject, nodeId, { ...editable(cur.body), ...change(editable(cur.body)) }, cur.body.etag);
}

async function publish(subject: string, ifMatch?: string) {
  return h.post<{ version: number; changedNodes: string[] } & Refusal>(
    '/api/studio/versions/publish',
    { subjectId: subject },
    { token: studio, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } },
  );
}

async function draftRows(subject: string): Promise<number> {
  const [row] = await h.sql<{ n: number }>(
    `select (select count(*) from node_overlays where subject_id = ?) + (select count(*) from quiz_item_drafts where subject_id = ?) as n`,
    [subject, subject],
  );
  return Number(row.n);
}

/** A topic with quiz items and a prerequisite, a root topic it does not already build on, and another module. */
async function pick(subject: string) {
  const [node] = await h.sql<{ id: string; module_id: string; pre: string }>(
    `select n.id, n.module_id, min(p.prerequisite_id) as pre from topic_nodes n
       join node_prerequisites p on p.subject_id = n.subject_id and p.node_id = n.id
      where n.subject_id = ? and n.archived_at is null
        and (select count(*) from quiz_items q where q.subject_id = n.subject_id and q.node_id = n.id) >= 1
      group by n.id, n.module_id, n.position order by n.position desc limit 1`,
    [subject],
  );
  const [root] = await h.sql<{ id: string }>(
    `select id from topic_nodes n where subject_id = ? and archived_at is null and id <> ? and id <> ?
        and not exists (select 1 from node_prerequisites p where p.subject_id = n.subject_id and p.node_id = n.id)
      order by position limit 1`,
    [subject, node.id, node.pre],
  );
  const [other] = await h.sql<{ id: string; title: string }>(
    `select id, title from subject_modules where subject_id = ? and id <> ? order by position limit 1`,
    [subject, node.module_id],
  );
  return { nodeId: node.id, prerequisite: node.pre, root: root.id, otherModule: other };
}

describe('the draft node', () => {
  it('answers every field, with its ETag in the header and the body', async () => {
    const { nodeId } = await pick('vagus-nerve');
    const res = await read('vagus-nerve', nodeId);
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(res.body.etag);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'id',
        'subjectId',
        'title',
        'summary_html',
        'lesson_html',
        'variants',
        'sources',
        'video',
        'moduleId',
        'prerequisites',
        'position',
        'retired',
        'created',
        'quiz',
        'hasOverlay',
        'etag',
      ].sort(),
    );
    expect(res.body).toMatchObject({ id: nodeId, subjectId: 'vagus-nerve', retired: false, created: false });
    const [stored] = await h.sql<{ lesson_html: string }>(
      `select lesson_html from topic_nodes where subject_id = 'vagus-nerve' and id = ?`,
      [nodeId],
    );
    expect(res.body.lesson_html.length).toBeGreaterThan(0);
    expect(stored.lesson_html.length).toBeGreaterThan(0);
    const items = await h.sql<{ id: string; correct: string; explanation: string }>(
      `select id, correct, explanation from quiz_items where subject_id = 'vagus-nerve' and node_id = ? order by position, id`,
      [nodeId],
    );
    expect(res.body.quiz.map((q) => [q.id, q.correct, q.explanation])).toEqual(
      items.map((i) => [i.id, i.correct, i.explanation]),
    );
    for (const q of res.body.quiz) expect(Object.keys(q).sort()).toEqual(Object.keys(res.body.quiz[0]).sort());
  });

  it('round trip: every field edited, previewed, published, and learners get it (the old answer is now wrong)', async () => {
    const subject = 'vagus-nerve';
    const { nodeId, root, otherModule } = await pick(subject);
    const learner = await h.learnerWith(subject, 'authoring-learner');
    const before = await read(subject, nodeId);
    const oldItem = before.body.quiz[0];
    const newCorrect = oldItem.choices.find((c) => c.id !== oldItem.correct)!.id;
    const saved = await edit(subject, nodeId, (n) => ({
      title: 'Round trip title',
      summary_html: '<p>Round trip summary: <strong>new words</strong> for the card.</p>',
      lesson_html: '<h2>Round trip lesson</h2><p>See <a href="https://example.org/x">this</a>.</p>',
      variants: {
        beginner: '<p>rt beginner</p>',
        advanced: '<p>rt advanced</p>',
        practical: '<p>rt practical</p>',
        theoretical: '<p>rt theoretical</p>',
      },
      sources: [{ title: 'RT source', url: 'https://example.org/rt', type: 'article' }],
      moduleId: otherModule.id,
      prerequisites: [...n.prerequisites, root],
      quiz: [
        // made a check item: learners see it on the topic page and get its key after answering
        { ...oldItem, stem: 'Round trip stem?', correct: newCorrect, explanation: 'Because round trip.', use: 'check' },
        ...n.quiz.slice(1),
        {
          stem: 'A brand new question?',
          choices: [
            { id: 'a', text: 'yes' },
            { id: 'b', text: 'no' },
          ],
          correct: 'a',
          explanation: 'New.',
          difficulty: 1,
        },
      ],
    }));
    expect(saved.status).toBe(200);
    expect(saved.headers.etag).toBe(saved.body.etag);
    expect(saved.body.etag).not.toBe(before.body.etag);
    expect(saved.body).toMatchObject({
      title: 'Round trip title',
      moduleId: otherModule.id,
      hasOverlay: true,
      lesson_html: expect.stringContaining('Round trip lesson'),
    });
    expect(saved.body.prerequisites).toContain(root);
    const added = saved.body.quiz[saved.body.quiz.length - 1];
    expect(added.id).toMatch(new RegExp(`^${nodeId}-q\\d+$`));
    expect(saved.body.quiz[0]).toMatchObject({
      id: oldItem.id,
      stem: 'Round trip stem?',
      correct: newCorrect,
      use: 'check',
    });
    // a new item is an assessment item unless staff say otherwise
    expect(added.use).toBe('assessment');
    const checkStems = saved.body.quiz.filter((q) => q.use === 'check').map((q) => q.stem);

    // learners still read the published topic; studio previews the draft, answers never included
    const page = `/api/graph/nodes/${nodeId}?subject=${subject}`;
    expect((await h.get<TopicPage>(page, { token: learner.token })).body.title).toBe(before.body.title);
    expect((await h.get(`${page}&preview=overlay`, { token: learner.token })).status).toBe(403);
    const preview = await h.get<TopicPage>(`${page}&preview=overlay`, { token: studio });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      title: 'Round trip title',
      category: otherModule.title,
      moduleId: otherModule.id,
      excerpt: 'Round trip summary: new words for the card.',
      lesson_html: expect.stringContaining('Round trip lesson'),
      variants: { practical: '<p>rt practical</p>' },
      sources: [{ title: 'RT source', url: 'https://example.org/rt', type: 'article' }],
    });
    expect(preview.body.prerequisites.map((p) => p.id)).toContain(root);
    // the topic page shows the check items only
    expect(preview.body.micro_quiz.map((q) => q.stemHtml)).toEqual(checkStems);
    expect(JSON.stringify(preview.body.micro_quiz)).not.toMatch(/"correct"|"explanation"|Because round trip/);
    const published0 = await h.get<TopicPage>(page, { token: studio });
    expect(published0.body.excerpt).not.toBe('Round trip summary: new words for the card.');

    const versions = await h.get<VersionList>(`/api/studio/versions?subject=${subject}`, { token: studio });
    const pub = await publish(subject, versions.body.etag);
    expect(pub.status).toBe(200);
    expect(pub.body.changedNodes).toContain(nodeId);

    // topic page, graph card and quiz show the new content
    const after = await h.get<TopicPage>(page, { token: learner.token });
    expect(after.body).toMatchObject({
      title: 'Round trip title',
      category: otherModule.title,
      excerpt: 'Round trip summary: new words for the card.',
      lesson_html: expect.stringContaining('Round trip lesson'),
    });
    expect(after.body.prerequisites.map((p) => p.id)).toContain(root);
    expect(after.body.micro_quiz.map((q) => q.stemHtml)).toEqual(checkStems);
    const graph = await h.get<GraphList>(`/api/graph?subject=${subject}`, { token: learner.token });
    const card = graph.body.nodes.find((n) => n.id === nodeId)!;
    expect(card).toMatchObject({
      title: 'Round trip title',
      category: otherModule.title,
      summary: 'Round trip summary: new words for the card.',
    });
    expect(card.prerequisites).toContain(root);
    const [row] = await h.sql<{ studio_edited_at: Date | null }>(
      `select studio_edited_at from topic_nodes where subject_id = ? and id = ?`,
      [subject, nodeId],
    );
    expect(row.studio_edited_at).not.toBeNull();
    expect(await draftRows(subject)).toBe(0);

    // grading reads the published items: the old correct answer is wrong now, the new one right
    const check = (answer: string) =>
      h.post<{ correct: boolean; correctAnswer: string; explanation: string }>(
        `/api/checks/${nodeId}/answers`,
        { subjectId: subject, questionId: oldItem.id, answer },
        { token: learner.token },
      );
    expect((await check(oldItem.correct)).body).toMatchObject({
      correct: false,
      correctAnswer: newCorrect,
      explanation: 'Because round trip.',
    });
    expect((await check(newCorrect)).body.correct).toBe(true);
  });

  it('refusals: 401, 403, 404 and 428, with their messages', async () => {
    const { nodeId } = await pick('vagus-nerve');
    const cur = await read('vagus-nerve', nodeId);
    const body = editable(cur.body);
    const learner = (await h.newUser('authoring-refusals')).token;
    const routes: [Method, string, unknown?][] = [
      ['GET', nodeUrl('vagus-nerve', nodeId)],
      ['PUT', nodeUrl('vagus-nerve', nodeId), body],
      ['POST', '/api/studio/nodes?subject=vagus-nerve', { title: 'x', moduleId: cur.body.moduleId }],
      ['POST', `/api/studio/nodes/${nodeId}/retire?subject=vagus-nerve`],
      ['POST', `/api/studio/nodes/${nodeId}/restore?subject=vagus-nerve`],
      ['GET', '/api/studio/outline?subject=vagus-nerve'],
      ['PUT', '/api/studio/outline?subject=vagus-nerve', { modules: [] }],
    ];
    for (const [method, url, b] of routes) {
      const headers = { 'if-match': cur.body.etag };
      expect([method, url, (await h.request(method, url, { body: b, headers })).status]).toEqual([method, url, 401]);
      expect([method, url, (await h.request(method, url, { body: b, headers, token: learner })).status]).toEqual([
        method,
        url,
        403,
      ]);
    }
    expect((await read('no-such-subject', nodeId)).status).toBe(404);
    expect((await read('vagus-nerve', 'no-such-topic')).status).toBe(404);
    expect((await save('vagus-nerve', 'no-such-topic', body, cur.body.etag)).status).toBe(404);
    expect((await save('no-such-subject', nodeId, body, cur.body.etag)).status).toBe(404);
    expect(
      (await h.post(`/api/studio/nodes/no-such-topic/retire?subject=vagus-nerve`, {}, { token: studio })).status,
    ).toBe(404);

    const noIfMatch = await save('vagus-nerve', nodeId, body);
    expect(noIfMatch.status).toBe(428);
    expect(noIfMatch.body.message).toBe('If-Match is required: reload the topic and save again');
    expect(await draftRows('vagus-nerve')).toBe(0);
  });

  it('400s name the field: module, prerequisites, quiz items and html the sanitiser would change', async () => {
    const subject = 'vagus-nerve';
    const { nodeId, prerequisite } = await pick(subject);
    const cur = await read(subject, nodeId);
    const base = editable(cur.body);
    const item = (choices: string[], correct: string): QuizItem => ({
      stem: 'Q?',
      choices: choices.map((id) => ({ id, text: `choice ${id}` })),
      correct,
      explanation: '',
      difficulty: 2,
    });
    const ok = item(['a', 'b'], 'a');
    const cases: [string, object, string, string][] = [
      ['moduleId', { moduleId: 'no-such-module' }, 'moduleId', `moduleId: no module "no-such-module" in ${subject}`],
      [
        'unknown prerequisite',
        { prerequisites: ['no-such-topic'] },
        'prerequisites',
        `prerequisites: no topic "no-such-topic" in ${subject}`,
      ],
      ['self', { prerequisites: [nodeId] }, 'prerequisites', 'prerequisites: a topic cannot build on itself'],
      [
        'correct not a choice',
        { quiz: [ok, item(['a', 'b', 'c'], 'd')] },
        'quiz[1].correct',
        'quiz[1].correct: "d" is not one of its choices (a, b, c)',
      ],
      [
        'duplicate choice ids',
        { quiz: [ok, item(['a', 'a'], 'a')] },
        'quiz[1].choices',
        'quiz[1].choices: choice ids must be unique',
      ],
      ['one choice', { quiz: [ok, item(['a'], 'a')] }, 'quiz[1].choices', 'quiz[1].choices: at least 2 choices'],
      [
        'use',
        { quiz: [ok, { ...item(['a', 'b'], 'a'), use: 'practice' }] },
        'quiz[1].use',
        'quiz[1].use: must be check or assessment',
      ],
      [
        'nine choices',
        { quiz: [item(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], 'a')] },
        'quiz[0].choices',
        'quiz[0].choices: at most 8 choices',
      ],
      [
        'lesson html',
        { lesson_html: '<img src="/a.png"><p onclick="go()">a</p><a href="javascript:alert(1)">b</a>' },
        'lesson_html',
        'lesson_html: would be removed when shown to learners: the <img> tag, the onclick attribute of <p>, the javascript: link',
      ],
      [
        'variant html',
        { variants: { ...base.variants, advanced: '<div>x</div>' } },
        'variants.advanced',
        'variants.advanced: would be removed when shown to learners: the <div> tag',
      ],
    ];
    for (const [what, change, field, message] of cases) {
      const res = await save(subject, nodeId, { ...base, ...change }, cur.body.etag);
      expect([what, res.status, res.body.field, res.body.message]).toEqual([what, 400, field, message]);
    }
    // the cycle is named with its path: the prerequisite building on the topic
    const pre = await read(subject, prerequisite);
    const cycle = await save(
      subject,
      prerequisite,
      { ...editable(pre.body), prerequisites: [...pre.body.prerequisites, nodeId] },
      pre.body.etag,
    );
    expect(cycle.status).toBe(400);
    expect(cycle.body.field).toBe('prerequisites');
    expect(cycle.body.message).toMatch(
      new RegExp(`^prerequisites: ${prerequisite} → .*${nodeId}.* → ${prerequisite} would make a cycle$`),
    );
    expect(cycle.body.message).toContain(`${prerequisite} → ${nodeId}`);
    expect(await draftRows(subject)).toBe(0);

    // a retired topic counts as unknown
    const [retiree] = await h.sql<{ id: string }>(
      `select id from topic_nodes where subject_id = ? and archived_at is null and id not in (?, ?) order by position limit 1`,
      [subject, nodeId, prerequisite],
    );
    expect(
      (await h.post(`/api/studio/nodes/${retiree.id}/retire?subject=${subject}`, {}, { token: studio })).status,
    ).toBe(200);
    const fresh = await read(subject, nodeId);
    const retired = await save(
      subject,
      nodeId,
      { ...editable(fresh.body), prerequisites: [retiree.id] },
      fresh.body.etag,
    );
    expect([retired.status, retired.body.message]).toEqual([
      400,
      `prerequisites: no topic "${retiree.id}" in ${subject}`,
    ]);

    // links keep their url; rel and target are only added by the sanitiser: accepted
    const link = await save(
      subject,
      nodeId,
      { ...editable(fresh.body), lesson_html: '<p><a href="https://example.org/y" rel="nofollow">y</a></p>' },
      fresh.body.etag,
    );
    expect(link.status).toBe(200);
  });

  it('a check item whose answer learners have seen never becomes a test item, and no check item may paraphrase one', async () => {
    const subject = 'metabolic';
    const [{ node_id: nodeId }] = await h.sql<{ node_id: string }>(
      `select node_id from quiz_items where subject_id = ? and use = 'check' order by node_id limit 1`,
      [subject],
    );
    const before = await read(subject, nodeId);
    const i = before.body.quiz.findIndex((q) => q.use === 'check');
    const t = before.body.quiz.findIndex((q) => q.use === 'assessment');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(t).toBeGreaterThanOrEqual(0);
    const checkId = before.body.quiz[i].id;

    const demoted = await edit(subject, nodeId, (n) => ({
      quiz: n.quiz.map((q, k) => (k === i ? { ...q, use: 'assessment' } : q)),
    }));
    expect(demoted.status).toBe(400);
    expect(demoted.body.field).toBe(`quiz[${i}].use`);
    expect(demoted.body.message).toBe(
      `quiz[${i}].use: "${checkId}" has been shown to learners with its answer as a check item, so it cannot become an assessment item; add a new assessment item instead`,
    );

    const close = await edit(subject, nodeId, (n) => ({
      quiz: n.quiz.map((q, k) => (k === i ? { ...q, stem: `${n.quiz[t].stem} Explain briefly.` } : q)),
    }));
    expect(close.status).toBe(400);
    expect(close.body.field).toBe(`quiz[${i}].stem`);
    expect(close.body.message).toMatch(
      /too close to assessment item quiz\[\d+\]: revealing its answer would give the test away$/,
    );

    // nothing was saved by either refusal
    expect((await read(subject, nodeId)).body.etag).toBe(before.body.etag);
  });

  it('412 with the current draft when someone saved since, and nothing of the first save is lost', async () => {
    const subject = 'vagus-nerve';
    const { nodeId } = await pick(subject);
    const loaded = await read(subject, nodeId);
    const first = await save(
      subject,
      nodeId,
      { ...editable(loaded.body), title: 'First editor', lesson_html: '<p>first lesson</p>' },
      loaded.body.etag,
    );
    expect(first.status).toBe(200);
    const second = await save(subject, nodeId, { ...editable(loaded.body), title: 'Second editor' }, loaded.body.etag);
    expect(second.status).toBe(412);
    expect(second.body.message).toMatch(/saved this topic since/);
    expect(second.body.current).toEqual(first.body);
    const now = await read(subject, nodeId);
    expect(now.body).toMatchObject({
      title: 'First editor',
      lesson_html: '<p>first lesson</p>',
      etag: first.body.etag,
    });
    // saving knowingly over it, against the current ETag, works
    const again = await save(subject, nodeId, { ...editable(now.body), title: 'Second editor' }, now.body.etag);
    expect([again.status, again.body.title]).toEqual([200, 'Second editor']);
  });

  it('two saves with the same If-Match at once: exactly one wins', async () => {
    const subject = 'vagus-nerve';
    const { nodeId } = await pick(subject);
    for (let round = 0; round < 3; round++) {
      const loaded = await read(subject, nodeId);
      const results = await Promise.all(
        ['A', 'B'].map((who) =>
          save(subject, nodeId, { ...editable(loaded.body), title: `Racer ${who} ${round}` }, loaded.body.etag),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
      const winner = results.find((r) => r.status === 200)!;
      const loser = results.find((r) => r.status === 412)!;
      expect(loser.body.current).toEqual(winner.body);
      expect((await read(subject, nodeId)).body.title).toBe(winner.body.title);
    }
  });
});

describe('the outline', () => {
  const subject = 'ai-for-founders';

  it('creates topics (slug ids, 409 on a taken one), moves and reorders them, and publishes them', async () => {
    const outline = await h.get<Outline>(`/api/studio/outline?subject=${subject}`, { token: studio });
    expect(outline.status).toBe(200);
    expect(outline.headers.etag).toBe(outline.body.etag);
    const [m1, m2] = outline.body.modules;
    const taken = m1.topics[0].id;
    const conflict = await h.post<Refusal>(
      `/api/studio/nodes?subject=${subject}`,
      { title: 'Dup', moduleId: m1.id, id: taken },
      { token: studio },
    );
    expect([conflict.status, conflict.body.message]).toEqual([
      409,
      `A topic with id "${taken}" already exists in ${subject}`,
    ]);
    const badModule = await h.post<Refusal>(
      `/api/studio/nodes?subject=${subject}`,
      { title: 'X', moduleId: 'no-such-module' },
      { token: studio },
    );
    expect([badModule.status, badModule.body.field]).toEqual([400, 'moduleId']);

    const created = await h.post<DraftNode>(
      `/api/studio/nodes?subject=${subject}`,
      { title: 'Pricing & Packaging 101', moduleId: m1.id },
      { token: studio },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 'pricing-packaging-101',
      title: 'Pricing & Packaging 101',
      moduleId: m1.id,
      created: true,
      retired: false,
      quiz: [],
      lesson_html: '',
    });
    expect(created.headers.etag).toBe(created.body.etag);
    const second = await h.post<DraftNode>(
      `/api/studio/nodes?subject=${subject}`,
      { title: 'Pricing & Packaging 101', moduleId: m2.id },
      { token: studio },
    );
    expect(second.body.id).toBe('pricing-packaging-101-2');

    const now = await h.get<Outline>(`/api/studio/outline?subject=${subject}`, { token: studio });
    expect(now.body.hasOverlay).toBe(true);
    expect(now.body.modules[0].topics.at(-1)).toEqual({
      id: 'pricing-packaging-101',
      title: 'Pricing & Packaging 101',
      draft: true,
      created: true,
      checkItems: 0,
    });

    // move the first topic of module 1 to the end of module 2, and put the new topic first in module 1
    const body = {
      modules: now.body.modules.map((m) => ({ id: m.id, topicIds: m.topics.map((t) => t.id) })),
    };
    const moved = body.modules[0].topicIds.shift()!;
    body.modules[1].topicIds.push(moved);
    body.modules[0].topicIds = [
      'pricing-packaging-101',
      ...body.modules[0].topicIds.filter((t) => t !== 'pricing-packaging-101'),
    ];

    const url = `/api/studio/outline?subject=${subject}`;
    const noIf = await h.put<Refusal>(url, body, { token: studio });
    expect([noIf.status, noIf.body.message]).toEqual([428, 'If-Match is required: reload the outline and save again']);
    const stale = await h.put<Refusal>(url, body, { token: studio, headers: { 'if-match': outline.body.etag } });
    expect(stale.status).toBe(412);
    expect(stale.body.current).toEqual(now.body);
    const ifm = { token: studio, headers: { 'if-match': now.body.etag } };
    const missing = await h.put<Refusal>(url, { modules: [{ id: m1.id, topicIds: [moved] }] }, ifm);
    expect([missing.status, missing.body.message]).toEqual([400, expect.stringContaining('missing')]);
    const twice = await h.put<Refusal>(
      url,
      { modules: [...body.modules, { id: body.modules[0].id, topicIds: [moved] }] },
      ifm,
    );
    expect([twice.status, twice.body.message]).toEqual([400, expect.stringContaining(`"${moved}" is listed twice`)]);
    const unknownModule = await h.put<Refusal>(url, { modules: [...body.modules, { id: 'nope', topicIds: [] }] }, ifm);
    expect(unknownModule.status).toBe(400);

    const saved = await h.put<Outline>(url, body, ifm);
    expect(saved.status).toBe(200);
    expect(saved.body.modules.map((m) => m.topics.map((t) => t.id))).toEqual(body.modules.map((m) => m.topicIds));
    expect((await read(subject, moved)).body.moduleId).toBe(m2.id);

    const pub = await publish(subject);
    expect(pub.status).toBe(200);
    expect(pub.body.changedNodes).toEqual(
      expect.arrayContaining(['pricing-packaging-101', 'pricing-packaging-101-2', moved]),
    );
    const rows = await h.sql<{ id: string; module_id: string; studio_edited_at: Date | null }>(
      `select id, module_id, studio_edited_at from topic_nodes where subject_id = ? and id in (?, ?)`,
      [subject, 'pricing-packaging-101', moved],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.module_id]))).toEqual({
      'pricing-packaging-101': m1.id,
      [moved]: m2.id,
    });
    expect(rows.every((r) => r.studio_edited_at !== null)).toBe(true);
    const learner = await h.learnerWith(subject, 'outline-learner');
    const graph = await h.get<GraphList>(`/api/graph?subject=${subject}`, { token: learner.token });
    const order = graph.body.nodes.map((n) => n.id);
    expect(order.indexOf('pricing-packaging-101')).toBeLessThan(order.indexOf(body.modules[0].topicIds[1]));
    expect(
      (await h.get(`/api/graph/nodes/pricing-packaging-101?subject=${subject}`, { token: learner.token })).status,
    ).toBe(200);
    const after = await h.get<Outline>(url, { token: studio });
    expect(after.body.modules.map((m) => m.topics.map((t) => t.id))).toEqual(body.modules.map((m) => m.topicIds));
    expect(after.body.hasOverlay).toBe(false);
  });
  it('a topic added and retired again before a publish is dropped by it, quiz draft included', async () => {
    const outline = await h.get<Outline>(`/api/studio/outline?subject=${subject}`, { token: studio });
    const created = await h.post<DraftNode>(
      `/api/studio/nodes?subject=${subject}`,
      { title: 'Short-lived topic', moduleId: outline.body.modules[0].id },
      { token: studio },
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    const quiz = [
      {
        stem: 'Still here?',
        choices: [
          { id: 'a', text: 'yes' },
          { id: 'b', text: 'no' },
        ],
        correct: 'b',
        explanation: '',
        difficulty: 1,
        use: 'check' as const,
      },
    ];
    // the outline counts each topic's check items: the content's topics have 2, the new one none yet
    const topicsOf = (o: Outline) => o.modules.flatMap((m) => m.topics);
    const [content] = await h.sql<{ node_id: string; n: number }>(
      `select node_id, count(*)::int as n from quiz_items where subject_id = ? and use = 'check'
          and node_id not in (select node_id from quiz_item_drafts where subject_id = ?)
        group by node_id order by node_id limit 1`,
      [subject, subject],
    );
    expect(content.n).toBeGreaterThanOrEqual(2);
    expect(topicsOf(outline.body).find((t) => t.id === content.node_id)!.checkItems).toBe(content.n);
    const listed = async () =>
      topicsOf((await h.get<Outline>(`/api/studio/outline?subject=${subject}`, { token: studio })).body).find(
        (t) => t.id === id,
      )!;
    expect((await listed()).checkItems).toBe(0);
    const etag = (await h.get<Outline>(`/api/studio/outline?subject=${subject}`, { token: studio })).body.etag;
    const saved = await edit(subject, id, () => ({ lesson_html: '<p>soon gone</p>', quiz }));
    expect(saved.status).toBe(200);
    expect(saved.body.quiz).toEqual([{ ...quiz[0], id: `${id}-q1` }]);
    // one check item in the draft (publishing does not refuse it; the editor warns); a quiz edit leaves the
    // outline's ETag alone
    const after = await h.get<Outline>(`/api/studio/outline?subject=${subject}`, { token: studio });
    expect(topicsOf(after.body).find((t) => t.id === id)!.checkItems).toBe(1);
    expect(after.body.etag).toBe(etag);
    const preview = await h.get<TopicPage>(`/api/graph/nodes/${id}?subject=${subject}&preview=overlay`, {
      token: studio,
    });
    expect(preview.body).toMatchObject({ title: 'Short-lived topic', lesson_html: '<p>soon gone</p>' });
    expect(preview.body.micro_quiz.map((q) => q.stemHtml)).toEqual(['Still here?']);
    const retired = await h.post<DraftNode>(`/api/studio/nodes/${id}/retire?subject=${subject}`, {}, { token: studio });
    expect(retired.body).toMatchObject({ retired: true, created: true });
    const pub = await publish(subject);
    expect([pub.status, pub.body.message]).toEqual([409, 'There are no unpublished changes']);
    expect(await h.sql(`select id from topic_nodes where subject_id = ? and id = ?`, [subject, id])).toEqual([]);
    expect(await h.sql(`select id from quiz_items where subject_id = ? and node_id = ?`, [subject, id])).toEqual([]);
    expect(await draftRows(subject)).toBe(0);
    expect((await read(subject, id)).status).toBe(404);
  });
});

describe('retiring a topic', () => {
  const subject = 'metabolic';

  it("keeps learners' mastery, notes and bookmarks (shown as archived); dependants lose the prerequisite", async () => {
    const [target] = await h.sql<{ id: string }>(
      `select p.prerequisite_id as id from node_prerequisites p join topic_nodes n on n.subject_id = p.subject_id and n.id = p.prerequisite_id
        where p.subject_id = ? and n.archived_at is null
          and exists (select 1 from quiz_items q where q.subject_id = p.subject_id and q.node_id = p.prerequisite_id)
        group by p.prerequisite_id order by count(*) desc limit 1`,
      [subject],
    );
    const dependants = (
      await h.sql<{ node_id: string }>(
        `select node_id from node_prerequisites where subject_id = ? and prerequisite_id = ? order by node_id`,
        [subject, target.id],
      )
    ).map((r) => r.node_id);
    const learner: TestUser = await h.learnerWith(subject, 'retire-learner');
    const t = learner.token;
    expect(
      (await h.post('/api/notes', { subjectId: subject, nodeId: target.id, text: 'My note\n\nbody' }, { token: t }))
        .status,
    ).toBe(201);
    expect((await h.post('/api/bookmarks', { subjectId: subject, nodeId: target.id }, { token: t })).status).toBe(201);
    const [q] = await h.sql<{ id: string; correct: string }>(
      `select id, correct from quiz_items where subject_id = ? and node_id = ? and use = 'check' limit 1`,
      [subject, target.id],
    );
    const reviewed = await h.post(
      `/api/checks/${target.id}/answers`,
      { subjectId: subject, questionId: q.id, answer: q.correct },
      { token: t },
    );
    expect(reviewed.status).toBe(200);
    const counts = async () =>
      (
        await h.sql<{ notes: number; bookmarks: number; mastery: number }>(
          `select (select count(*)::int from notes where user_id = ? and node_id = ?) as notes,
                  (select count(*)::int from bookmarks where user_id = ? and node_id = ?) as bookmarks,
                  (select count(*)::int from user_mastery where user_id = ? and skill_id = ?) as mastery`,
          [learner.id, target.id, learner.id, target.id, learner.id, target.id],
        )
      )[0];
    const before = await counts();
    expect(before).toEqual({ notes: 1, bookmarks: 1, mastery: 1 });

    const retired = await h.post<DraftNode>(
      `/api/studio/nodes/${target.id}/retire?subject=${subject}`,
      {},
      { token: studio },
    );
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ id: target.id, retired: true, hasOverlay: true });
    expect([...retired.body.droppedFrom!].sort()).toEqual(dependants);
    for (const d of dependants) expect((await read(subject, d)).body.prerequisites).not.toContain(target.id);
    const outline = await h.get<Outline>(`/api/studio/outline?subject=${subject}`, { token: studio });
    expect(outline.body.retired).toContainEqual(expect.objectContaining({ id: target.id, draft: true }));
    expect(outline.body.modules.flatMap((m) => m.topics.map((x) => x.id))).not.toContain(target.id);

    expect((await publish(subject)).status).toBe(200);
    expect(await counts()).toEqual(before);
    expect((await h.get(`/api/graph/nodes/${target.id}?subject=${subject}`, { token: t })).status).toBe(404);
    const graph = await h.get<GraphList>(`/api/graph?subject=${subject}`, { token: t });
    expect(graph.body.nodes.map((n) => n.id)).not.toContain(target.id);
    for (const n of graph.body.nodes) expect(n.prerequisites).not.toContain(target.id);
    const notes = await h.get<{ nodeId: string; archived: boolean }[]>(`/api/notes?subjectId=${subject}`, { token: t });
    expect(notes.body.find((n) => n.nodeId === target.id)).toMatchObject({ archived: true });
    const marks = await h.get<{ nodeId: string; archived: boolean }[]>(`/api/bookmarks?subjectId=${subject}`, {
      token: t,
    });
    expect(marks.body.find((b) => b.nodeId === target.id)).toMatchObject({ archived: true });
    expect(marks.body.filter((b) => b.nodeId !== target.id).every((b) => b.archived === false)).toBe(true);

    // restored: live again, the learner's data as it was
    const restored = await h.post<DraftNode>(
      `/api/studio/nodes/${target.id}/restore?subject=${subject}`,
      {},
      { token: studio },
    );
    expect(restored.body).toMatchObject({ retired: false, droppedFrom: [] });
    expect((await publish(subject)).status).toBe(200);
    expect((await h.get(`/api/graph/nodes/${target.id}?subject=${subject}`, { token: t })).status).toBe(200);
    expect(
      (await h.get<{ nodeId: string; archived: boolean }[]>(`/api/notes?subjectId=${subject}`, { token: t })).body.find(
        (n) => n.nodeId === target.id,
      ),
    ).toMatchObject({ archived: false });
    expect(await counts()).toEqual(before);
  });
});

describe('versions', () => {
  const subject = 'ai-for-ceos';

  it('answers the draft ETag; a publish with a stale If-Match is a 412 with the current list', async () => {
    const [node] = await h.sql<{ id: string }>(
      `select id from topic_nodes where subject_id = ? and archived_at is null order by position limit 1`,
      [subject],
    );
    const empty = await h.get<VersionList>(`/api/studio/versions?subject=${subject}`, { token: studio });
    expect(empty.headers.etag).toBe(empty.body.etag);
    expect((await edit(subject, node.id, () => ({ title: 'CEO one' }))).status).toBe(200);
    const shown = await h.get<VersionList>(`/api/studio/versions?subject=${subject}`, { token: studio });
    expect(shown.body.etag).not.toBe(empty.body.etag);
    expect(shown.body.hasOverlay).toBe(true);
    // someone edits after the screen was read
    expect((await edit(subject, node.id, () => ({ title: 'CEO two' }))).status).toBe(200);
    const stale = await publish(subject, shown.body.etag);
    expect(stale.status).toBe(412);
    const current = await h.get<VersionList>(`/api/studio/versions?subject=${subject}`, { token: studio });
    expect(stale.body.current).toEqual(current.body);
    const [row] = await h.sql<{ title: string }>(`select title from topic_nodes where subject_id = ? and id = ?`, [
      subject,
      node.id,
    ]);
    expect(row.title).not.toMatch(/^CEO/);
    const ok = await publish(subject, current.body.etag);
    expect(ok.status).toBe(200);
    expect(ok.body.changedNodes).toEqual([node.id]);
  });
});

describe('imports keep Studio work', () => {
  const subject = 'ai-user';

  it('a migration keeps Studio-edited topics and lists them; takePack takes the pack again', async () => {
    const [node] = await h.sql<{ id: string; title: string }>(
      `select n.id, n.title from topic_nodes n where subject_id = ? and archived_at is null
          and exists (select 1 from quiz_items q where q.subject_id = n.subject_id and q.node_id = n.id)
        order by position limit 1`,
      [subject],
    );
    const packItems = await h.sql<{ id: string; stem: string }>(
      `select id, stem from quiz_items where subject_id = ? and node_id = ? order by position, id`,
      [subject, node.id],
    );
    expect(
      (
        await edit(subject, node.id, (n) => ({
          title: 'Studio title',
          quiz: [{ ...n.quiz[0], stem: 'Studio stem?' }, ...n.quiz.slice(1)],
        }))
      ).status,
    ).toBe(200);
    expect((await publish(subject)).status).toBe(200);

    const run = await h.post<{ keptStudioEdits: { subjectId: string; nodeId: string; title: string }[] } & ApiError>(
      '/api/admin/migrate',
      {},
      { token: studio },
    );
    expect(run.status).toBe(200);
    expect(run.body.keptStudioEdits).toContainEqual({ subjectId: subject, nodeId: node.id, title: 'Studio title' });
    const [kept] = await h.sql<{ title: string; archived_at: Date | null }>(
      `select title, archived_at from topic_nodes where subject_id = ? and id = ?`,
      [subject, node.id],
    );
    expect(kept).toEqual({ title: 'Studio title', archived_at: null });
    const [stem] = await h.sql<{ stem: string }>(`select stem from quiz_items where subject_id = ? and id = ?`, [
      subject,
      packItems[0].id,
    ]);
    expect(stem.stem).toBe('Studio stem?');

    const take = await h.post<{ keptStudioEdits: { subjectId: string; nodeId: string }[] } & ApiError>(
      '/api/admin/migrate',
      { takePack: [{ subjectId: subject, nodeId: node.id }] },
      { token: studio },
    );
    expect(take.status).toBe(200);
    expect(take.body.keptStudioEdits.filter((k) => k.subjectId === subject && k.nodeId === node.id)).toEqual([]);
    const [back] = await h.sql<{ title: string; studio_edited_at: Date | null }>(
      `select title, studio_edited_at from topic_nodes where subject_id = ? and id = ?`,
      [subject, node.id],
    );
    expect(back).toEqual({ title: node.title, studio_edited_at: null });
    expect(
      await h.sql(`select id, stem from quiz_items where subject_id = ? and node_id = ? order by position, id`, [
        subject,
        node.id,
      ]),
    ).toEqual(packItems);
    expect((await h.post('/api/admin/migrate', { takePack: [{ subjectId: subject }] }, { token: studio })).status).toBe(
      400,
    );
  });
});
