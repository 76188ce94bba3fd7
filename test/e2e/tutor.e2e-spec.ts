import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness } from '../support/harness';

interface TutorAnswer {
  html: string;
  provider: 'builtin' | 'llm';
  cached: boolean;
  sources: { title: string; url: string }[];
}

const ACTIONS = ['explain_more', 'simplify', 'example', 'steps', 'why', 'visualize'] as const;
const SPEC_ERROR = 'Sorry, I encountered an error. Please try again.';
const savedEnv = { ...process.env };

function entitledUser(h: Harness, tag: string) {
  return h.learnerWith('vagus-nerve', tag);
}

/** Runs `fn` with a node's stored content changed by `change`, then puts the content back as it was. */
async function withNodeChanged(h: Harness, nodeId: string, change: string, params: unknown[], fn: () => Promise<void>) {
  const [saved] = await h.sql<{ variants: unknown; content_hash: string }>(
    `select variants, content_hash from topic_nodes where subject_id = 'vagus-nerve' and id = ?`,
    [nodeId],
  );
  await h.sql(`update topic_nodes set ${change} where subject_id = 'vagus-nerve' and id = ?`, [...params, nodeId]);
  try {
    await fn();
  } finally {
    await h.sql(
      `update topic_nodes set variants = ?::jsonb, content_hash = ? where subject_id = 'vagus-nerve' and id = ?`,
      [JSON.stringify(saved.variants), saved.content_hash, nodeId],
    );
  }
}

function ask(h: Harness, token: string, body: Record<string, unknown>) {
  return h.post<TutorAnswer & ApiError>('/api/tutor/variant', body, { token });
}

describe('built-in tutor', () => {
  let h: Harness;

  beforeAll(async () => {
    delete process.env.LLM_BASE_URL;
    process.env.TUTOR_RATE_LIMIT_PER_MINUTE = '12';
    h = await Harness.boot();
    await h.worker!.get(ContentMigrationService).runIfEmpty();
  });
  afterAll(async () => {
    await h.close();
    process.env = { ...savedEnv };
  });
  // Other tests' answers must not turn a test's first answers into cache hits.
  beforeEach(() => h.sql(`delete from tutor_answers`));

  it('refuses callers without a token (401), without access (403) and bad input (400/404)', async () => {
    const body = { nodeId: 'vn-anatomy', action: 'simplify', subject: 'vagus-nerve' };
    expect((await h.post('/api/tutor/variant', body)).status).toBe(401);
    const stranger = await h.newUser('tutor-stranger');
    const refused = await ask(h, stranger.token, body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have access to this course. Buy access to continue.');

    const u = await entitledUser(h, 'tutor-refusals');
    const bad = await ask(h, u.token, { ...body, action: 'summarise' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('action must be one of explain_more, simplify, example, steps, why, visualize');
    expect((await ask(h, u.token, { action: 'simplify', subject: 'vagus-nerve' })).status).toBe(400);
    expect((await ask(h, u.token, { nodeId: 'vn-anatomy', action: 'simplify' })).status).toBe(400);
    expect((await ask(h, u.token, { ...body, extra: 1 })).status).toBe(400);
    const missing = await ask(h, u.token, { ...body, nodeId: 'no-such-node' });
    expect(missing.status).toBe(404);
    expect((await ask(h, u.token, { ...body, subject: 'no-such-subject' })).status).toBe(404);
    // An entitlement for one subject opens no other.
    expect(
      (await ask(h, u.token, { nodeId: 'met-metabolic-health-basics', action: 'simplify', subject: 'metabolic' }))
        .status,
    ).toBe(403);
  });

  it('answers each of the six actions from the node, its variants and its place in the graph', async () => {
    const u = await entitledUser(h, 'tutor-actions');
    const [prereq] = await h.sql<{ title: string }>(
      `select title from topic_nodes where subject_id = 'vagus-nerve' and id = 'vn-what-is-the-vagus-nerve'`,
    );
    const [dependant] = await h.sql<{ title: string }>(
      `select title from topic_nodes where subject_id = 'vagus-nerve' and id = 'vn-afferent-efferent'`,
    );
    const answers: Record<string, string> = {};
    for (const action of ACTIONS) {
      // The subject may be named by its title, as elsewhere.
      const res = await ask(h, u.token, { nodeId: 'vn-anatomy', action, subject: 'Vagus Nerve' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ provider: 'builtin', cached: false });
      expect(res.body.sources).toEqual(
        expect.arrayContaining([
          { title: 'Vagus nerve - Wikipedia', url: 'https://en.wikipedia.org/wiki/Vagus_nerve' },
        ]),
      );
      answers[action] = res.body.html;
    }
    // simplify: the beginner variant plus the lesson's key points, one short sentence each.
    expect(answers.simplify).toContain('Picture the vagus nerve as a pair of long cables');
    expect(answers.simplify).toContain('<h4>Key points</h4>');
    expect(answers.simplify).toContain('<strong>Origin in the medulla</strong>');
    // steps: an ordered list from the practical variant.
    expect(answers.steps).toMatch(/<ol><li>.*Hoarseness after neck or chest surgery/);
    expect(answers.steps).toContain('Check yourself');
    // example: the practical variant as a worked example.
    expect(answers.example).toContain('The situation.');
    expect(answers.example).toContain('Ear-stimulation devices');
    // why: the theoretical variant and how the prerequisite leads here.
    expect(answers.why).toContain('embryological path');
    expect(answers.why).toContain('How you get here');
    expect(answers.why).toContain(prereq.title);
    // explain_more: the advanced variant (no crawled passages for the subject yet: further reading).
    expect(answers.explain_more).toContain('postolivary sulcus');
    expect(answers.explain_more).toContain('Further reading');
    // visualize: a table of the concept with what it builds on and what builds on it.
    expect(answers.visualize).toContain('<table>');
    expect(answers.visualize).toMatch(/<th>Builds on<\/th><td>[^<]*/);
    expect(answers.visualize).toContain(prereq.title.replace(/&/g, '&amp;'));
    expect(answers.visualize).toContain(dependant.title.replace(/&/g, '&amp;'));
    expect(answers.visualize).toContain('Origin in the medulla');
    for (const html of Object.values(answers)) expect(html).not.toMatch(/<script|onerror|onclick/i);
    const rows = await h.sql<{ action: string; provider: string }>(
      `select action, provider from tutor_answers where subject_id = 'vagus-nerve' and node_id = 'vn-anatomy' order by action`,
    );
    expect(rows.map((r) => r.action)).toEqual([...ACTIONS].sort());
    expect(new Set(rows.map((r) => r.provider))).toEqual(new Set(['builtin']));
  });

  it('serves the cached answer on the second call and a new one after the node’s content changes', async () => {
    const u = await entitledUser(h, 'tutor-cache');
    const body = { nodeId: 'vn-heart-and-lungs', action: 'simplify', subject: 'vagus-nerve' };
    const first = await ask(h, u.token, body);
    expect(first.status).toBe(200);
    const second = await ask(h, u.token, body);
    expect(second.body).toEqual({ ...first.body, cached: true });

    // What a publish or re-import does: new content, new content hash.
    await withNodeChanged(
      h,
      'vn-heart-and-lungs',
      `variants = jsonb_set(variants, '{beginner}', to_jsonb(?::text)), content_hash = content_hash || '-edited'`,
      ['<p>A brand-new beginner explanation.</p><script>alert(1)</script><p onclick="steal()">Click</p>'],
      async () => {
        const third = await ask(h, u.token, body);
        expect(third.body.cached).toBe(false);
        expect(third.body.html).toContain('A brand-new beginner explanation.');
        expect(third.body.html).not.toMatch(/<script|alert\(1\)|onclick/);
        expect((await ask(h, u.token, body)).body.cached).toBe(true);
      },
    );
    const versions = await h.sql<{ n: number }>(
      `select count(*)::int as n from tutor_answers where subject_id = 'vagus-nerve' and node_id = 'vn-heart-and-lungs' and action = 'simplify'`,
    );
    expect(versions[0].n).toBe(2);
  });

  it('explains more with the crawled passages most relevant to the node', async () => {
    const u = await entitledUser(h, 'tutor-passages');
    // An answer from before the subject had crawled sources, cached.
    const before = await ask(h, u.token, { nodeId: 'vn-anatomy', action: 'explain_more', subject: 'vagus-nerve' });
    expect(before.body).toMatchObject({ cached: false });
    expect(before.body.html).not.toContain('From the sources');
    expect(
      (await ask(h, u.token, { nodeId: 'vn-anatomy', action: 'explain_more', subject: 'vagus-nerve' })).body.cached,
    ).toBe(true);
    const [doc] = await h.sql<{ id: string }>(
      `insert into source_documents (id, subject_id, url, title, content_hash) values (gen_random_uuid(), 'vagus-nerve', 'https://sources.test/larynx', 'Larynx notes', 'h1') returning id`,
    );
    const [other] = await h.sql<{ id: string }>(
      `insert into source_documents (id, subject_id, url, title, content_hash) values (gen_random_uuid(), 'vagus-nerve', 'https://sources.test/markets', 'Markets', 'h2') returning id`,
    );
    await h.sql(
      `insert into source_passages (document_id, position, subject_id, text) values (?, 0, 'vagus-nerve', ?)`,
      [
        doc.id,
        'The recurrent laryngeal nerve and the jugular foramen: anatomy of the vagus nerve from brainstem to abdomen, with the carotid sheath and the medulla.',
      ],
    );
    await h.sql(
      `insert into source_passages (document_id, position, subject_id, text) values (?, 0, 'vagus-nerve', ?)`,
      [other.id, 'Quarterly stock prices rose as bond yields fell in currency markets.'],
    );
    try {
      const res = await ask(h, u.token, { nodeId: 'vn-anatomy', action: 'explain_more', subject: 'vagus-nerve' });
      expect(res.status).toBe(200);
      // The sources changed, so the earlier cached answer is not reused.
      expect(res.body.cached).toBe(false);
      expect(res.body.html).toContain('From the sources');
      expect(res.body.html).toContain('The recurrent laryngeal nerve and the jugular foramen');
      expect(res.body.html).not.toContain('stock prices');
      expect(res.body.sources[0]).toEqual({ title: 'Larynx notes', url: 'https://sources.test/larynx' });
      expect(res.body.sources.map((s) => s.url)).not.toContain('https://sources.test/markets');
    } finally {
      await h.sql(`delete from source_documents where url like 'https://sources.test/%'`);
    }
  });

  it('lets studio users ask without buying the course', async () => {
    const studio = await h.demoToken('studio');
    const res = await ask(h, studio, { nodeId: 'vn-anatomy', action: 'why', subject: 'vagus-nerve' });
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe('builtin');
  });

  it('limits each user to TUTOR_RATE_LIMIT_PER_MINUTE calls a minute (429), leaving others alone', async () => {
    const u = await entitledUser(h, 'tutor-limit');
    for (let i = 0; i < 12; i++) {
      const res = await ask(h, u.token, { nodeId: 'vn-anatomy', action: ACTIONS[i % 6], subject: 'vagus-nerve' });
      expect(res.status).toBe(200);
    }
    const over = await ask(h, u.token, { nodeId: 'vn-anatomy', action: 'simplify', subject: 'vagus-nerve' });
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const other = await entitledUser(h, 'tutor-limit-other');
    expect(
      (await ask(h, other.token, { nodeId: 'vn-anatomy', action: 'simplify', subject: 'vagus-nerve' })).status,
    ).toBe(200);
  });
});

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

/** A local stand-in for an OpenAI-compatible chat API. */
class FakeLlm {
  requests: { path: string; auth?: string; body: ChatRequest }[] = [];
  mode: 'ok' | 'fail' | 'empty' = 'ok';
  server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = (raw ? JSON.parse(raw) : null) as ChatRequest;
      this.requests.push({ path: req.url!, auth: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.statusCode = 404;
        return res.end(JSON.stringify({ error: { message: 'not found' } }));
      }
      if (this.mode === 'fail') {
        res.statusCode = 500;
        return res.end(JSON.stringify({ error: { message: 'model overloaded' } }));
      }
      const content =
        this.mode === 'empty'
          ? ''
          : `<p>LLM answer for ${body.messages[1].content.split('\n')[2]}</p><script>alert(1)</script>`;
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        }),
      );
    });
  });
}

describe('OpenAI-compatible tutor', () => {
  let h: Harness;
  const fake = new FakeLlm();

  beforeAll(async () => {
    await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    process.env.LLM_BASE_URL = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
    process.env.LLM_API_KEY = 'sk-test-tutor';
    process.env.LLM_MODEL = 'test-model';
    process.env.TUTOR_RATE_LIMIT_PER_MINUTE = '50';
    h = await Harness.boot();
    await h.worker!.get(ContentMigrationService).runIfEmpty();
  });
  afterAll(async () => {
    await h.close();
    await new Promise((r) => fake.server.close(r));
    process.env = { ...savedEnv };
  });
  // The built-in tutor's answers (the other describe) and other tests' must not be cache hits here.
  beforeEach(() => h.sql(`delete from tutor_answers`));

  it('asks the chat API with the node’s content and serves its sanitised answer, cached', async () => {
    const u = await entitledUser(h, 'llm-user');
    fake.mode = 'ok';
    const res = await ask(h, u.token, { nodeId: 'vn-anatomy', action: 'example', subject: 'vagus-nerve' });
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe('llm');
    expect(res.body.cached).toBe(false);
    expect(res.body.html).toMatch(/^<p>LLM answer for Topic: Anatomy/);
    expect(res.body.html).not.toContain('<script');
    const call = fake.requests.at(-1)!;
    expect(call.auth).toBe('Bearer sk-test-tutor');
    expect(call.body.model).toBe('test-model');
    expect(call.body.messages[0].role).toBe('system');
    expect(call.body.messages[1].content).toContain('worked example');
    expect(call.body.messages[1].content).toContain('jugular foramen');
    const calls = fake.requests.length;
    const again = await ask(h, u.token, { nodeId: 'vn-anatomy', action: 'example', subject: 'vagus-nerve' });
    expect(again.body).toMatchObject({ provider: 'llm', cached: true, html: res.body.html });
    expect(fake.requests.length).toBe(calls);
  });

  it('turns a failing chat API into a 5xx with a message, and caches nothing', async () => {
    const u = await entitledUser(h, 'llm-fail');
    fake.mode = 'fail';
    const res = await ask(h, u.token, { nodeId: 'vn-gut-brain', action: 'steps', subject: 'vagus-nerve' });
    expect(res.status).toBe(502);
    expect(res.body.message).toContain('The AI tutor service failed with HTTP 500: model overloaded');
    fake.mode = 'empty';
    const empty = await ask(h, u.token, { nodeId: 'vn-gut-brain', action: 'steps', subject: 'vagus-nerve' });
    expect(empty.status).toBe(502);
    expect(empty.body.message).toContain('empty answer');
    const rows = await h.sql(
      `select 1 from tutor_answers where subject_id = 'vagus-nerve' and node_id = 'vn-gut-brain' and action = 'steps' and provider = 'llm'`,
    );
    expect(rows).toHaveLength(0);
    fake.mode = 'ok';
    expect((await ask(h, u.token, { nodeId: 'vn-gut-brain', action: 'steps', subject: 'vagus-nerve' })).status).toBe(
      200,
    );
  });

  it('answers with the spec’s message when the tutor fails on our side', async () => {
    const u = await entitledUser(h, 'llm-internal');
    // A corrupt stored node (variants not an object) makes the tutor throw inside our code.
    await withNodeChanged(
      h,
      'vn-vagal-tone',
      `variants = 'null'::jsonb, content_hash = content_hash || '-broken'`,
      [],
      async () => {
        const res = await ask(h, u.token, { nodeId: 'vn-vagal-tone', action: 'why', subject: 'vagus-nerve' });
        expect(res.status).toBe(500);
        expect(res.body.message).toBe(SPEC_ERROR);
      },
    );
  });
});
