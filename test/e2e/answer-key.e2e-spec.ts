import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { Harness, type TestUser } from '../support/harness';

/*
 * No assessment item's key ever leaves the server (docs/learning-loop-api.md §1, issue 27 §2): over every topic of
 * every course, as an owner, the topic page, the topic check, practice and the diagnostic serve and reveal only
 * what they may. Every body collected is then searched for every assessment item's explanation and key.
 */

interface Item {
  id: string;
  subjectId: string;
  nodeId: string;
  correct: string;
  explanation: string;
  use: 'check' | 'assessment';
}
type Q = { id: string; choices: { id: string }[] };
type Step = { done: boolean; question?: Q; result?: { graded: object[] } };

let h: Harness;
let learner: TestUser;
let items: Item[];
let subjects: string[];

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  subjects = (await h.sql<{ id: string }>(`select distinct subject_id as id from quiz_items order by 1`)).map(
    (r) => r.id,
  );
  items = await h.sql<Item>(
    `select id, subject_id as "subjectId", node_id as "nodeId", correct, explanation, use from quiz_items`,
  );
  learner = await h.learnerWith(subjects, 'answer-key');
  // every module open, so practice serves every topic
  const admin = await h.demoToken('admin');
  for (const s of subjects)
    for (const m of await h.sql<{ id: string }>(`select id from subject_modules where subject_id = ?`, [s]))
      await h.post(`/api/admin/users/${learner.id}/unlocks`, { subjectId: s, moduleId: m.id }, { token: admin });
});
afterAll(() => h.close());

type Bodies = { route: string; body: unknown }[];
/** Keeps a response's body for the final search of the test that collected it. */
const keeper =
  (bodies: Bodies) =>
  <T>(route: string, res: { status: number; body: T }) => {
    bodies.push({ route, body: res.body });
    return res;
  };
const ofUse = (subjectId: string, use: Item['use']) => items.filter((i) => i.subjectId === subjectId && i.use === use);

it('has check and assessment items in every course', () => {
  expect(subjects.length).toBeGreaterThanOrEqual(5);
  for (const s of subjects) {
    expect(ofUse(s, 'check').length).toBeGreaterThan(0);
    expect(ofUse(s, 'assessment').length).toBeGreaterThan(0);
  }
});

it('topic pages and topic checks: check items only, and an assessment item is refused without its key', async () => {
  const bodies: Bodies = [];
  const keep = keeper(bodies);
  for (const s of subjects) {
    const check = new Set(ofUse(s, 'check').map((i) => i.id));
    const nodes = [...new Set(items.filter((i) => i.subjectId === s).map((i) => i.nodeId))];
    for (const nodeId of nodes) {
      const page = await h.get<{ micro_quiz: { id: string }[] }>(`/api/graph/nodes/${nodeId}?subject=${s}`, {
        token: learner.token,
      });
      // the quiz part of the page: a lesson may state what an explanation restates, and lessons are public
      keep('topic page', { status: page.status, body: page.body.micro_quiz });
      expect(page.status).toBe(200);
      expect(page.body.micro_quiz.length).toBeGreaterThan(0);
      for (const q of page.body.micro_quiz) expect(check.has(q.id)).toBe(true);

      const assessment = items.find((i) => i.subjectId === s && i.nodeId === nodeId && i.use === 'assessment')!;
      const refused = keep(
        'check refusal',
        await h.post(
          `/api/checks/${nodeId}/answers`,
          { subjectId: s, questionId: assessment.id, answer: assessment.correct },
          { token: learner.token },
        ),
      );
      expect(refused.status).toBe(400);
    }
  }
  noKeyIn(bodies);
});

it('practice serves check items only and refuses any other item without its key', async () => {
  const bodies: Bodies = [];
  const keep = keeper(bodies);
  for (const s of subjects) {
    const check = new Set(ofUse(s, 'check').map((i) => i.id));
    expect((await h.post('/api/practice/seed', { subjectId: s }, { token: learner.token })).status).toBe(200);
    const next = keep(
      'practice next',
      await h.get<{ nodeId: string; questionId: string }[]>(`/api/practice/next?subjectId=${s}&limit=50`, {
        token: learner.token,
      }),
    );
    expect(next.status).toBe(200);
    expect(next.body.length).toBeGreaterThan(0);
    for (const card of next.body) {
      expect(check.has(card.questionId)).toBe(true);
      const assessment = items.find((i) => i.subjectId === s && i.nodeId === card.nodeId && i.use === 'assessment')!;
      const refused = keep(
        'practice answer refusal',
        await h.post(
          '/api/practice/answer',
          { subjectId: s, nodeId: card.nodeId, questionId: assessment.id, answer: assessment.correct },
          { token: learner.token },
        ),
      );
      expect(refused.status).toBe(409);
    }
  }
  noKeyIn(bodies);
});

it('diagnostics serve assessment items and answer right or wrong only', async () => {
  const bodies: Bodies = [];
  const keep = keeper(bodies);
  for (const s of subjects) {
    const assessment = new Map(ofUse(s, 'assessment').map((i) => [i.id, i]));
    const started = keep(
      'attempt start',
      await h.post<{ attemptId: string; question: Q }>(
        '/api/quizzes/q_diag/attempts',
        { subject: s },
        {
          token: learner.token,
        },
      ),
    );
    expect(started.status).toBe(201);
    let q: Q | undefined = started.body.question;
    let done = false;
    for (let i = 0; i < 40 && q && !done; i++) {
      expect(assessment.has(q.id)).toBe(true);
      if (i === 2) {
        // a resumed start and the attempt's state while open
        keep('attempt resumed', await h.post('/api/quizzes/q_diag/attempts', { subject: s }, { token: learner.token }));
        keep('attempt state (open)', await h.get(`/api/attempts/${started.body.attemptId}`, { token: learner.token }));
      }
      const res: { status: number; body: Step } = keep(
        'attempt answer',
        await h.post<Step>(
          `/api/attempts/${started.body.attemptId}/answer`,
          { questionId: q.id, answer: q.choices[i % q.choices.length].id },
          { token: learner.token },
        ),
      );
      expect(res.status).toBe(200);
      done = res.body.done;
      q = res.body.question;
      if (done)
        for (const g of res.body.result!.graded) expect(Object.keys(g).sort()).toEqual(['correct', 'questionId']);
    }
    expect(done).toBe(true);
    // the finished attempt's state carries its result, without the key
    const state = keep(
      'attempt state (submitted)',
      await h.get<{ status: string }>(`/api/attempts/${started.body.attemptId}`, { token: learner.token }),
    );
    expect(state.body.status).toBe('submitted');
  }
  noKeyIn(bodies);
});

/** No body holds an assessment item's explanation, and no object about an assessment item carries its key. */
function noKeyIn(bodies: Bodies) {
  expect(bodies.length).toBeGreaterThan(0);
  const assessment = items.filter((i) => i.use === 'assessment');
  const byId = new Map(assessment.map((i) => [i.id, i]));
  for (const { route, body } of bodies) {
    const text = JSON.stringify(body);
    for (const i of assessment) {
      const head = i.explanation.slice(0, 40);
      if (head.length >= 20 && text.includes(JSON.stringify(head).slice(1, -1)))
        throw new Error(`${route} answered the explanation of ${i.id}`);
    }
    // no object about an assessment item carries its key or an explanation
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (!v || typeof v !== 'object') return;
      const o = v as Record<string, unknown>;
      const id = (o.questionId ?? o.id) as string | undefined;
      if (id && byId.has(id)) {
        if ('correctAnswer' in o || 'explanation' in o || typeof o.correct === 'string')
          throw new Error(`${route} revealed the key of ${id}: ${JSON.stringify(o)}`);
      }
      Object.values(o).forEach(walk);
    };
    walk(body);
  }
}
