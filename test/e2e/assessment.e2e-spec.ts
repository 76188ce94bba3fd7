import { Client } from 'pg';
import {
  CLOSE_DUPLICATE_OPEN_ATTEMPTS,
  ONE_OPEN_ATTEMPT_INDEX,
} from '../../src/database/migrations/Migration20261201010000AttemptsAndTags';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { diagnosticDaysAndRebuild } from '../support/dashboard-facts';
import { type ApiError, Harness } from '../support/harness';

interface Question {
  id: string;
  stemHtml: string;
  choices: { id: string; textHtml: string }[];
}
interface Progress {
  answered: number;
  remaining: number;
  cap: number;
  confidence: number;
}
interface Attempt {
  attemptId: string;
  kind: string;
  subjectId: string;
  done: boolean;
  question: Question;
  questions: Question[];
  progress: Progress;
  resumed: boolean;
  questionNumber: number;
  asked: { question: Question; answer: string }[];
}
interface AttemptState {
  attemptId: string;
  kind: string;
  subjectId: string;
  status: 'open' | 'submitted' | 'abandoned';
  questionNumber: number;
  question: Question | null;
  asked: { question: Question; answer: string }[];
  progress: Progress;
  result: (Omit<Graded, 'graded'> & { graded: Record<string, unknown>[] }) | null;
  createdAt: string;
  submittedAt: string | null;
}
interface TopicResult {
  id: string;
  title: string;
  moduleId: string;
  level: number;
  label: string;
  mastered: boolean;
  asked: number;
}
interface Graded {
  attemptId: string;
  score: number;
  graded: { questionId: string; correct: boolean; correctAnswer: string; explanation: string }[];
  nextStep: { type: string; skills: string[] };
  gating: {
    passed: boolean;
    cooldownHours: number;
    tagUser: string[];
    recommendReview: string[];
    unlockModules: string[];
  };
  mastery: Record<string, number>;
  topics: TopicResult[];
  questionsAsked: number;
  confidence: number;
  knownShare: number;
}
interface Step {
  attemptId: string;
  done: boolean;
  question?: Question;
  progress: Progress;
  result?: Graded;
}
interface Skill {
  kind: 'topic' | 'category';
  skillId: string;
  subjectId: string;
  attempts: number;
  correct: number;
  score: number;
  updatedAt: string;
}
interface MasteryBody {
  mastery: Record<string, number>;
  skills: Skill[];
  readyToLearn?: { id: string; title: string; level: number }[];
}

let h: Harness;

// A connection runs one query at a time: a query sent while it runs another is queued by pg 8 (with a
// deprecation warning, once per process) and refused by pg 9. A transaction's reads are on one connection;
// answering and submitting run in one. Every such query is recorded here, with where it came from.
const sentWhileBusy: string[] = [];
const clientQuery = Client.prototype.query;

beforeAll(async () => {
  Client.prototype.query = function (this: Client & { _getActiveQuery(): unknown }, ...args: unknown[]) {
    if (this._getActiveQuery())
      sentWhileBusy.push(new Error('query sent on a busy connection').stack!.split('\n').slice(0, 8).join('\n'));
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
});
afterAll(async () => {
  Client.prototype.query = clientQuery;
  await h.close();
  expect(sentWhileBusy).toEqual([]);
});

/** The items' right answers and topics, read straight from the database (the API never serves them before grading). */
async function itemsOf(subjectId: string) {
  const rows = await h.sql<{ id: string; correct: string; node_id: string; choices: { id: string }[] }>(
    `select id, correct, node_id, choices from quiz_items where subject_id = ?`,
    [subjectId],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

const wrongChoice = (item: { correct: string; choices: { id: string }[] }) =>
  item.choices.map((c) => String(c.id)).find((c) => c !== item.correct)!;

/** Takes a whole adaptive attempt, answering each question with `choose`. */
async function take(
  token: string,
  kind: string,
  subject: string,
  choose: (item: { id: string; correct: string; node_id: string; choices: { id: string }[] }) => string,
) {
  const items = await itemsOf(subject);
  const start = await h.post<Attempt & ApiError>(`/api/quizzes/${kind}/attempts`, { subject }, { token });
  expect(start.status).toBe(201);
  const served: string[] = [start.body.question.id];
  let step: Step = {
    attemptId: start.body.attemptId,
    done: false,
    question: start.body.question,
    progress: start.body.progress,
  };
  while (!step.done) {
    const q = step.question!;
    const res = await h.post<Step & ApiError>(
      `/api/attempts/${start.body.attemptId}/answer`,
      { questionId: q.id, answer: choose(items.get(q.id)!) },
      { token },
    );
    expect(res.status).toBe(200);
    step = res.body;
    if (!step.done) {
      expect(served).not.toContain(step.question!.id);
      served.push(step.question!.id);
    }
    expect(served.length).toBeLessThanOrEqual(20);
  }
  return { start: start.body, served, result: step.result!, items };
}

// Whatever a test did to attempts (submitted, abandoned, raced from two tabs), the dashboard's diagnostic days
// equal the same rows made again from the attempts.
afterEach(async () => {
  const [kept, rebuilt] = await diagnosticDaysAndRebuild(h);
  expect(kept).toEqual(rebuilt);
});

describe('adaptive diagnostic', () => {
  it('serves one question at a time without answers; all right ends mastered with module unlocks', async () => {
    const u = await h.learnerWith('vagus-nerve');
    const start = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'vagus-nerve' },
      { token: u.token },
    );
    expect(start.status).toBe(201);
    expect(start.body).toMatchObject({
      attemptId: expect.any(String),
      kind: 'q_diag',
      subjectId: 'vagus-nerve',
      done: false,
    });
    expect(start.body.questions).toEqual([start.body.question]);
    expect(Object.keys(start.body.question).sort()).toEqual(['choices', 'id', 'stemHtml']);
    expect(start.body.progress).toMatchObject({ answered: 0, cap: 20 });
    expect(start.body.progress.remaining).toBeGreaterThan(0);
    expect(JSON.stringify(start.body)).not.toMatch(/"(correct|correctAnswer|explanation|difficulty)":/);

    const items = await itemsOf('vagus-nerve');
    const first = start.body.question;
    const url = `/api/attempts/${start.body.attemptId}/answer`;
    // refusals before the first answer: an item not served in this attempt, a choice the item does not have
    const otherItem = [...items.keys()].find((id) => id !== first.id)!;
    const notServed = await h.post<ApiError>(url, { questionId: otherItem, answer: 'a' }, { token: u.token });
    expect(notServed.status).toBe(400);
    expect(notServed.body.message).toBe(`Question ${otherItem} is not part of this attempt`);
    const badChoice = await h.post<ApiError>(url, { questionId: first.id, answer: 'zz' }, { token: u.token });
    expect(badChoice.status).toBe(400);
    expect((await h.post<ApiError>(url, { questionId: first.id }, { token: u.token })).status).toBe(400);
    expect((await h.post<ApiError>(url, { questionId: first.id, answer: 'a' })).status).toBe(401);
    // another learner cannot answer it
    const stranger = await h.learnerWith('vagus-nerve');
    expect(
      (
        await h.post<ApiError>(
          url,
          { questionId: first.id, answer: items.get(first.id)!.correct },
          { token: stranger.token },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await h.post<ApiError>(
          '/api/attempts/not-a-uuid/answer',
          { questionId: first.id, answer: 'a' },
          { token: u.token },
        )
      ).status,
    ).toBe(400);

    const one = await h.post<Step & ApiError>(
      url,
      { questionId: first.id, answer: items.get(first.id)!.correct },
      { token: u.token },
    );
    expect(one.status).toBe(200);
    expect(one.body.done).toBe(false);
    expect(one.body.question!.id).not.toBe(first.id);
    expect(one.body.progress.answered).toBe(1);
    // the same question twice: 409
    const twice = await h.post<ApiError>(
      url,
      { questionId: first.id, answer: items.get(first.id)!.correct },
      { token: u.token },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`Question ${first.id} has already been answered`);

    // the rest, all right
    let step = one.body;
    const served = [first.id, step.question!.id];
    while (!step.done) {
      const q = step.question!;
      const res = await h.post<Step & ApiError>(
        url,
        { questionId: q.id, answer: items.get(q.id)!.correct },
        { token: u.token },
      );
      expect(res.status).toBe(200);
      step = res.body;
      if (!step.done) served.push(step.question!.id);
    }
    const result = step.result!;
    expect(new Set(served).size).toBe(served.length);
    expect(served.length).toBeLessThanOrEqual(20);
    // it stopped early: well short of asking every topic
    expect(result.questionsAsked).toBe(served.length);
    expect(result.questionsAsked).toBeLessThan(16);
    expect(result.score).toBe(1);
    expect(result.graded).toHaveLength(served.length);
    // right or wrong only: an assessment item's key and explanation never leave the server
    expect(result.graded[0]).toEqual({ questionId: first.id, correct: true });
    for (const g of result.graded) expect(Object.keys(g).sort()).toEqual(['correct', 'questionId']);
    const topics = await h.sql<{ id: string; module_id: string }>(
      `select id, module_id from topic_nodes where subject_id = 'vagus-nerve' and archived_at is null`,
    );
    expect(result.topics).toHaveLength(topics.length);
    expect(result.topics.every((t) => t.level > 0.7 && t.mastered && t.label === 'Advanced')).toBe(true);
    expect(result.confidence).toBeGreaterThan(0.8);
    const modules = [...new Set(topics.map((t) => t.module_id))].sort();
    expect([...result.gating.unlockModules].sort()).toEqual(modules);
    expect(result.gating.tagUser).toEqual(
      expect.arrayContaining(['vagus-nerve:diagnostic-done', 'vagus-nerve:diagnostic-passed']),
    );
    expect(result.nextStep.type).toBe('post_test');

    // after done: answering and submitting are refused, and the stored attempt holds the answers
    const after = await h.post<ApiError>(url, { questionId: served[1], answer: 'a' }, { token: u.token });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('This attempt has already been submitted');
    expect(
      (
        await h.post<ApiError>(
          '/api/attempts/submit',
          { attemptId: start.body.attemptId, responses: [] },
          { token: u.token },
        )
      ).status,
    ).toBe(409);
    const [stored] = await h.sql<{ status: string; answers: unknown[]; question_ids: string[] }>(
      `select status, answers, question_ids from quiz_attempts where id = ?`,
      [start.body.attemptId],
    );
    expect(stored).toMatchObject({ status: 'submitted', question_ids: served });
    expect(stored.answers).toHaveLength(served.length);

    // mastery lists every topic the diagnostic classified, asked or inferred; modules are their topics' mean
    const m = await h.get<MasteryBody>('/api/users/me/mastery?subjectId=vagus-nerve', { token: u.token });
    const topicSkills = m.body.skills.filter((s) => s.kind === 'topic');
    expect(topicSkills).toHaveLength(topics.length);
    // an answer counts once, on its topic (a topic can be asked twice, with another item)
    expect(topicSkills.reduce((a, s) => a + s.attempts, 0)).toBe(served.length);
    for (const moduleId of modules) {
      const members = topics.filter((t) => t.module_id === moduleId).map((t) => t.id);
      const mean =
        topicSkills.filter((s) => members.includes(s.skillId)).reduce((a, s) => a + s.score, 0) / members.length;
      expect(m.body.skills.find((s) => s.skillId === `module:${moduleId}`)!.score).toBeCloseTo(mean, 6);
    }
    // everything mastered: nothing left on the fringe
    expect(m.body.readyToLearn).toEqual([]);

    // the cooldown speaks in the singular
    const retake = await h.post<ApiError>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'vagus-nerve' },
      { token: u.token },
    );
    expect(retake.status).toBe(429);
    expect(retake.body.message).toBe('You can retake this assessment in 1 hour.');
    expect(Number(retake.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('a learner answering everything wrong ends low everywhere; the fringe is the first topics', async () => {
    const u = await h.learnerWith('vagus-nerve');
    const { result } = await take(u.token, 'q_diag', 'vagus-nerve', wrongChoice);
    expect(result.score).toBe(0);
    expect(result.questionsAsked).toBeLessThanOrEqual(20);
    expect(result.topics.every((t) => t.level < 0.3)).toBe(true);
    expect(result.gating.unlockModules).toEqual([]);
    expect(result.gating.passed).toBe(false);
    // a diagnostic taken first: nothing was studied, so nothing to review; it places the learner instead
    expect(result.gating.recommendReview).toEqual([]);
    expect(result.nextStep.type).toBe('learn');
    const m = await h.get<MasteryBody>('/api/users/me/mastery?subjectId=vagus-nerve', { token: u.token });
    const roots = await h.sql<{ id: string }>(
      `select id from topic_nodes where subject_id = 'vagus-nerve' and archived_at is null
         and not exists (select 1 from node_prerequisites e join topic_nodes pn on pn.subject_id = e.subject_id
                          and pn.id = e.prerequisite_id and pn.archived_at is null
                          where e.subject_id = topic_nodes.subject_id and e.node_id = topic_nodes.id)`,
    );
    expect(new Set(m.body.readyToLearn!.map((t) => t.id))).toEqual(new Set(roots.map((r) => r.id)));
  });

  it('two learners with different first answers get different second questions', async () => {
    const a = await h.learnerWith('metabolic');
    const b = await h.learnerWith('metabolic');
    const items = await itemsOf('metabolic');
    const sa = await h.post<Attempt>('/api/quizzes/q_diag/attempts', { subject: 'metabolic' }, { token: a.token });
    const sb = await h.post<Attempt>('/api/quizzes/q_diag/attempts', { subject: 'metabolic' }, { token: b.token });
    // the same first question: the most informative one for a learner nobody knows anything about
    expect(sa.body.question.id).toBe(sb.body.question.id);
    const q = items.get(sa.body.question.id)!;
    const ra = await h.post<Step>(
      `/api/attempts/${sa.body.attemptId}/answer`,
      { questionId: q.id, answer: q.correct },
      { token: a.token },
    );
    const rb = await h.post<Step>(
      `/api/attempts/${sb.body.attemptId}/answer`,
      { questionId: q.id, answer: wrongChoice(q) },
      { token: b.token },
    );
    expect(ra.body.done).toBe(false);
    expect(rb.body.done).toBe(false);
    expect(items.get(ra.body.question!.id)!.node_id).not.toBe(items.get(rb.body.question!.id)!.node_id);

    // a question of the other learner's attempt is not part of this one
    const foreign = await h.post<ApiError>(
      `/api/attempts/${sa.body.attemptId}/answer`,
      { questionId: rb.body.question!.id, answer: 'a' },
      { token: a.token },
    );
    if (rb.body.question!.id !== ra.body.question!.id) expect(foreign.status).toBe(400);

    // a client that answers what it was served and submits: finished with what was answered
    const pending = ra.body.question!;
    const sub = await h.post<Graded & ApiError>(
      '/api/attempts/submit',
      { attemptId: sa.body.attemptId, responses: [{ questionId: pending.id, answer: items.get(pending.id)!.correct }] },
      { token: a.token },
    );
    expect(sub.status).toBe(200);
    expect(sub.body.graded.map((g) => g.questionId)).toEqual([q.id, pending.id]);
    expect(sub.body.score).toBe(1);
  });

  it('refuses without an entitlement, and validates the kind and body', async () => {
    const u = await h.newUser('noaccess');
    const res = await h.post<ApiError>('/api/quizzes/q_diag/attempts', { subject: 'vagus-nerve' }, { token: u.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have access to this course. Buy access to continue.');
    expect((await h.post<ApiError>('/api/quizzes/q_diag/attempts', { subject: 'vagus-nerve' })).status).toBe(401);
    const buyer = await h.learnerWith('metabolic');
    expect(
      (await h.post<ApiError>('/api/quizzes/q_other/attempts', { subject: 'metabolic' }, { token: buyer.token }))
        .status,
    ).toBe(400);
    expect((await h.post<ApiError>('/api/quizzes/q_diag/attempts', {}, { token: buyer.token })).status).toBe(400);
    expect(
      (await h.post<ApiError>('/api/attempts/submit', { attemptId: 'nope', responses: [] }, { token: buyer.token }))
        .status,
    ).toBe(400);

    // An attempt whose entitlement has gone can be neither answered nor submitted.
    const start = await h.post<Attempt>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'metabolic' },
      { token: buyer.token },
    );
    expect(start.status).toBe(201);
    await h.sql(`update user_entitlements set status = 'revoked' where user_id = ?`, [buyer.id]);
    expect(
      (
        await h.post<ApiError>(
          `/api/attempts/${start.body.attemptId}/answer`,
          { questionId: start.body.question.id, answer: 'a' },
          { token: buyer.token },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await h.post<ApiError>(
          '/api/attempts/submit',
          { attemptId: start.body.attemptId, responses: [] },
          { token: buyer.token },
        )
      ).status,
    ).toBe(403);
    const read = await h.get<ApiError>(`/api/attempts/${start.body.attemptId}`, { token: buyer.token });
    expect(read.status).toBe(403);
    expect(read.body.message).toBe('You do not have access to this course. Buy access to continue.');
  });
});

describe('resumable attempts', () => {
  const noKey = /"(correct|correctAnswer|explanation|difficulty)":/;

  it('a second start resumes the open attempt at its question with the answers kept; GET answers its state to the owner only', async () => {
    const u = await h.learnerWith('vagus-nerve');
    const items = await itemsOf('vagus-nerve');
    const start = await h.post<Attempt>('/api/quizzes/q_diag/attempts', { subject: 'vagus-nerve' }, { token: u.token });
    expect(start.status).toBe(201);
    expect(start.body).toMatchObject({ resumed: false, questionNumber: 1, asked: [] });
    const id = start.body.attemptId;

    // three answers, then the page is left at the fourth question
    const given: { questionId: string; answer: string }[] = [];
    let q = start.body.question;
    for (let i = 0; i < 3; i++) {
      const answer = i === 1 ? wrongChoice(items.get(q.id)!) : items.get(q.id)!.correct;
      const step = await h.post<Step>(`/api/attempts/${id}/answer`, { questionId: q.id, answer }, { token: u.token });
      expect(step.status).toBe(200);
      expect(step.body.done).toBe(false);
      given.push({ questionId: q.id, answer });
      q = step.body.question!;
    }

    const again = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'vagus-nerve' },
      { token: u.token },
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ attemptId: id, kind: 'q_diag', resumed: true, questionNumber: 4, done: false });
    expect(again.body.question.id).toBe(q.id);
    expect(again.body.questions).toEqual([again.body.question]);
    expect(again.body.progress.answered).toBe(3);
    expect(again.body.asked.map((a) => ({ questionId: a.question.id, answer: a.answer }))).toEqual(given);
    expect(Object.keys(again.body.asked[0]).sort()).toEqual(['answer', 'question']);
    expect(JSON.stringify(again.body)).not.toMatch(noKey);

    // the state, to the owner: the same question, the same answers, no correctness while open
    const state = await h.get<AttemptState>(`/api/attempts/${id}`, { token: u.token });
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({
      attemptId: id,
      kind: 'q_diag',
      subjectId: 'vagus-nerve',
      status: 'open',
      questionNumber: 4,
      result: null,
      submittedAt: null,
    });
    expect(state.body.question).toEqual(again.body.question);
    expect(state.body.asked).toEqual(again.body.asked);
    expect(state.body.progress).toEqual(again.body.progress);
    expect(new Date(state.body.createdAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(JSON.stringify(state.body)).not.toMatch(noKey);

    // anyone else, even an owner of the course, and any unknown id: 404; no token 401; a malformed id 400
    const stranger = await h.learnerWith('vagus-nerve');
    const foreign = await h.get<ApiError>(`/api/attempts/${id}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Attempt not found' });
    const unknown = await h.get<ApiError>('/api/attempts/00000000-0000-4000-8000-000000000000', { token: u.token });
    expect(unknown.status).toBe(404);
    expect((await h.get<ApiError>(`/api/attempts/${id}`)).status).toBe(401);
    expect((await h.get<ApiError>('/api/attempts/not-a-uuid', { token: u.token })).status).toBe(400);

    // the resumed question is answered as if nothing happened; another kind is a new attempt of its own
    const next = await h.post<Step>(
      `/api/attempts/${id}/answer`,
      { questionId: q.id, answer: items.get(q.id)!.correct },
      { token: u.token },
    );
    expect(next.status).toBe(200);
    expect(next.body.progress.answered).toBe(4);
    const final = await h.post<Attempt>(
      '/api/quizzes/q_final/attempts',
      { subject: 'vagus-nerve' },
      { token: u.token },
    );
    expect(final.status).toBe(201);
    expect(final.body.attemptId).not.toBe(id);

    // once submitted: the state holds the result, right or wrong per answer and never the key
    const done = await h.post<Graded>('/api/attempts/submit', { attemptId: id, responses: [] }, { token: u.token });
    expect(done.status).toBe(200);
    const closed = await h.get<AttemptState>(`/api/attempts/${id}`, { token: u.token });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'submitted', question: null, questionNumber: 4 });
    expect(closed.body.submittedAt).toEqual(expect.any(String));
    expect(closed.body.asked).toHaveLength(4);
    expect(closed.body.progress).toMatchObject({ answered: 4, remaining: 0 });
    expect(closed.body.result!.score).toBe(done.body.score);
    expect(closed.body.result!.graded).toEqual(
      done.body.graded.map((g) => ({ questionId: g.questionId, correct: g.correct })),
    );
    expect(JSON.stringify(closed.body)).not.toMatch(/"(correctAnswer|explanation)":/);
  });

  it('ten concurrent starts give one attempt', async () => {
    const u = await h.learnerWith('metabolic');
    const starts = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.post<Attempt & ApiError>('/api/quizzes/q_diag/attempts', { subject: 'metabolic' }, { token: u.token }),
      ),
    );
    expect(starts.map((s) => s.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(starts.map((s) => s.body.attemptId)).size).toBe(1);
    expect(new Set(starts.map((s) => s.body.question.id)).size).toBe(1);
    expect(starts.filter((s) => s.body.resumed)).toHaveLength(9);
    const rows = await h.sql<{ status: string }>(
      `select status from quiz_attempts where user_id = ? and subject_id = 'metabolic' and kind = 'q_diag'`,
      [u.id],
    );
    expect(rows).toEqual([{ status: 'open' }]);
  });

  it('a cooldown never blocks resuming; a new attempt during it is 429', async () => {
    const u = await h.learnerWith('vagus-nerve');
    const start = await h.post<Attempt>('/api/quizzes/q_diag/attempts', { subject: 'vagus-nerve' }, { token: u.token });
    expect(start.status).toBe(201);
    // a diagnostic submitted a moment ago (on another device) set a one hour cooldown
    await h.sql(
      `insert into quiz_attempts (id, user_id, subject_id, kind, question_ids, answers, status, result, submitted_at, created_at)
       values (gen_random_uuid(), ?, 'vagus-nerve', 'q_diag', '[]', '[]', 'submitted', '{"gating":{"cooldownHours":1}}', now(), now() - interval '1 minute')`,
      [u.id],
    );
    const resumed = await h.post<Attempt>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'vagus-nerve' },
      { token: u.token },
    );
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ attemptId: start.body.attemptId, resumed: true, questionNumber: 1 });
    expect(resumed.body.question.id).toBe(start.body.question.id);

    const done = await h.post(
      '/api/attempts/submit',
      { attemptId: start.body.attemptId, responses: [] },
      { token: u.token },
    );
    expect(done.status).toBe(200);
    const fresh = await h.post<ApiError>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'vagus-nerve' },
      { token: u.token },
    );
    expect(fresh.status).toBe(429);
    expect(fresh.body.message).toBe('You can retake this assessment in 1 hour.');
  });

  it("the migration closes duplicate open attempts, keeping each kind's newest, and then allows one open attempt", async () => {
    const a = await h.learnerWith('vagus-nerve');
    const b = await h.learnerWith('vagus-nerve');
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      // in a transaction that is rolled back: the index is dropped only to seed what it forbids
      await client.query('begin');
      await client.query('drop index "quiz_attempts_one_open_unique"');
      const seed = async (user: string, kind: string, minutesAgo: number, status = 'open') => {
        const { rows } = await client.query<{ id: string }>(
          `insert into quiz_attempts (id, user_id, subject_id, kind, question_ids, answers, status, created_at)
           values (gen_random_uuid(), $1, 'vagus-nerve', $2, '[]', '[]', $3, now() - make_interval(mins => $4)) returning id`,
          [user, kind, status, minutesAgo],
        );
        return rows[0].id;
      };
      const oldest = await seed(a.id, 'q_diag', 30);
      const older = await seed(a.id, 'q_diag', 20);
      const newest = await seed(a.id, 'q_diag', 10);
      const submitted = await seed(a.id, 'q_diag', 40, 'submitted');
      const otherKind = await seed(a.id, 'q_final', 25);
      const otherUser = await seed(b.id, 'q_diag', 50);
      const otherUserNewer = await seed(b.id, 'q_diag', 5);

      await client.query(CLOSE_DUPLICATE_OPEN_ATTEMPTS);
      await client.query(ONE_OPEN_ATTEMPT_INDEX);

      const { rows } = await client.query<{ id: string; status: string }>(
        `select id, status from quiz_attempts where user_id in ($1, $2)`,
        [a.id, b.id],
      );
      const status = new Map(rows.map((r) => [r.id, r.status]));
      expect(
        Object.fromEntries(
          [oldest, older, newest, submitted, otherKind, otherUser, otherUserNewer].map((id, i) => [i, status.get(id)]),
        ),
      ).toEqual({
        0: 'abandoned',
        1: 'abandoned',
        2: 'open',
        3: 'submitted',
        4: 'open',
        5: 'abandoned',
        6: 'open',
      });
      await client.query('savepoint dup');
      await expect(seed(a.id, 'q_diag', 1)).rejects.toThrow(/quiz_attempts_one_open_unique/);
      await client.query('rollback to savepoint dup');
      // closed attempts are not counted: another submitted one goes in
      await seed(a.id, 'q_diag', 1, 'submitted');
    } finally {
      await client.query('rollback');
      await client.end();
    }

    // an attempt the migration abandoned cannot be answered; its owner still reads it, without a question
    const start = await h.post<Attempt>('/api/quizzes/q_diag/attempts', { subject: 'vagus-nerve' }, { token: a.token });
    await h.sql(`update quiz_attempts set status = 'abandoned' where id = ?`, [start.body.attemptId]);
    const answer = await h.post<ApiError>(
      `/api/attempts/${start.body.attemptId}/answer`,
      { questionId: start.body.question.id, answer: 'a' },
      { token: a.token },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('This attempt was closed: start the test again to continue');
    const read = await h.get<AttemptState>(`/api/attempts/${start.body.attemptId}`, { token: a.token });
    expect(read.body).toMatchObject({ status: 'abandoned', question: null, result: null });
    const again = await h.post<Attempt>('/api/quizzes/q_diag/attempts', { subject: 'vagus-nerve' }, { token: a.token });
    expect(again.status).toBe(201);
    expect(again.body.attemptId).not.toBe(start.body.attemptId);
  });
});

describe('clinician diagnostic', () => {
  it('needs the clinician role and vagus-nerve; prefers harder items; 24 hour cooldown', async () => {
    const learner = await h.learnerWith('vagus-nerve');
    const refused = await h.post<ApiError>(
      '/api/quizzes/q_diag_clinician/attempts',
      { subject: 'vagus-nerve', clinician: true },
      { token: learner.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('The clinician diagnostic needs the clinician role.');

    const doctor = await h.learnerWith(['vagus-nerve', 'metabolic'], 'clinician');
    await h.sql(`insert into user_roles (user_id, role, created_at) values (?, 'clinician', now())`, [doctor.id]);
    const wrongSubject = await h.post<ApiError>(
      '/api/quizzes/q_diag_clinician/attempts',
      { subject: 'metabolic', clinician: true },
      { token: doctor.token },
    );
    expect(wrongSubject.status).toBe(400);
    expect(wrongSubject.body.message).toBe('The clinician diagnostic is only available for vagus-nerve.');

    const { result, served, items } = await take(doctor.token, 'q_diag_clinician', 'vagus-nerve', (q) => q.correct);
    const diffs = await h.sql<{ id: string; difficulty: number }>(
      `select id, difficulty from quiz_items where subject_id = 'vagus-nerve' and id in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(served)],
    );
    // a harder item wherever the topic has one
    const topicsWithHard = new Set(
      (
        await h.sql<{ node_id: string }>(
          `select distinct node_id from quiz_items where subject_id = 'vagus-nerve' and difficulty >= 2`,
        )
      ).map((r) => r.node_id),
    );
    for (const d of diffs)
      if (topicsWithHard.has(items.get(d.id)!.node_id)) expect(d.difficulty).toBeGreaterThanOrEqual(2);
    expect(result.gating).toMatchObject({ passed: true, cooldownHours: 24 });
    expect(result.gating.tagUser).toContain('vagus-nerve:clinician-diagnostic-passed');
    const retake = await h.post<ApiError>(
      '/api/quizzes/q_diag_clinician/attempts',
      { subject: 'vagus-nerve', clinician: true },
      { token: doctor.token },
    );
    expect(retake.status).toBe(429);
    expect(retake.body.message).toMatch(/^You can retake this assessment in (23|24) hours\.$/);
  });
});

describe('post test, mastery and the graph', () => {
  it('covers the studied topics adaptively; a perfect one passes and unlocks; practice then updates by BKT', async () => {
    const u = await h.learnerWith('metabolic');
    expect(
      (await h.get<MasteryBody>('/api/users/me/mastery?subjectId=metabolic', { token: u.token })).body,
    ).toMatchObject({
      mastery: {},
      skills: [],
    });
    // A half-right diagnostic first: the learner has a level for every topic, several in the middle.
    let n = 0;
    await take(u.token, 'q_diag', 'metabolic', (q) => (n++ % 2 === 0 ? q.correct : wrongChoice(q)));
    const topics = await h.sql<{ id: string; module_id: string }>(
      `select id, module_id from topic_nodes where subject_id = 'metabolic' and archived_at is null`,
    );

    const { result, served, items } = await take(u.token, 'q_final', 'metabolic', (q) => q.correct);
    expect(result.score).toBe(1);
    expect(result.gating).toMatchObject({ passed: true, cooldownHours: 0 });
    expect(result.topics).toHaveLength(topics.length);
    expect(result.topics.every((t) => t.level > 0.7)).toBe(true);
    expect(served.length).toBeLessThan(topics.length);
    expect(result.topics.reduce((a, t) => a + t.asked, 0)).toBe(served.length);
    const modules = [...new Set(topics.map((t) => t.module_id))].sort();
    expect([...result.gating.unlockModules].sort()).toEqual(modules);
    expect(result.gating.tagUser).toEqual(
      expect.arrayContaining(['metabolic:post-test-passed', ...modules.map((m) => `metabolic:${m}-mastered`)]),
    );
    expect(result.nextStep.type).toBe('advance');
    const unlocks = await h.sql<{ module_id: string; source: string }>(
      `select module_id, source from user_unlocks where user_id = ? and subject_id = 'metabolic' order by module_id`,
      [u.id],
    );
    expect(unlocks.map((r) => r.module_id)).toEqual(modules);
    // gating's unlocks say so: a test showed the module mastered, which opens the next one (soft lock)
    expect(unlocks.every((r) => r.source === 'gating')).toBe(true);

    // The graph and the topic page show the caller's own P(known); another learner's are untouched.
    const topic = topics[0].id;
    const node = await h.get<{ mastery_level: number }>(`/api/graph/nodes/${topic}?subject=metabolic`, {
      token: u.token,
    });
    expect(node.body.mastery_level).toBeGreaterThan(0.7);
    const other = await h.learnerWith('metabolic');
    expect(
      (await h.get<{ mastery_level: number }>(`/api/graph/nodes/${topic}?subject=metabolic`, { token: other.token }))
        .body.mastery_level,
    ).toBe(0);

    // Practice after the assessment: BKT from the posterior (a wrong answer: posterior, then learning).
    const [before] = await h.sql<{ p_known: number }>(
      `select p_known from user_mastery where user_id = ? and skill_id = ?`,
      [u.id, topic],
    );
    await h.post('/api/practice/seed', { subjectId: 'metabolic' }, { token: u.token });
    // the topic is complete, so its card was seeded 3 days ahead: make it due, so that its answer counts
    await h.sql(`update practice_cards set due = now() - interval '1 minute' where user_id = ? and node_id = ?`, [
      u.id,
      topic,
    ]);
    const cards = await h.get<{ nodeId: string; questionId: string }[]>(
      '/api/practice/next?subjectId=metabolic&limit=50',
      { token: u.token },
    );
    const card = cards.body.find((c) => c.nodeId === topic)!;
    const item = items.get(card.questionId)!;
    const answered = await h.post<{ mastery: number; counted: boolean } & ApiError>(
      '/api/practice/answer',
      { subjectId: 'metabolic', nodeId: topic, questionId: item.id, answer: wrongChoice(item) },
      { token: u.token },
    );
    expect(answered.status).toBe(200);
    expect(answered.body.counted).toBe(true);
    const p = Number(before.p_known);
    const posterior = (p * 0.1) / (p * 0.1 + (1 - p) * 0.75);
    expect(answered.body.mastery).toBeCloseTo(posterior + (1 - posterior) * 0.1, 3);
    // the rating schedules; mastery moved with the answer
    const review = await h.post<{ mastery: number } & ApiError>(
      '/api/practice/review',
      { subjectId: 'metabolic', nodeId: topic, rating: 0 },
      { token: u.token },
    );
    expect(review.status).toBe(200);
    expect(review.body.mastery).toBeCloseTo(answered.body.mastery, 3);
  });

  it('a post test submitted without answers fails with a 24 hour cooldown and writes no mastery', async () => {
    const u = await h.learnerWith('metabolic');
    const start = await h.post<Attempt>('/api/quizzes/q_final/attempts', { subject: 'metabolic' }, { token: u.token });
    const res = await h.post<Graded & ApiError>(
      '/api/attempts/submit',
      { attemptId: start.body.attemptId, responses: [] },
      { token: u.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.gating).toMatchObject({ passed: false, cooldownHours: 24, unlockModules: [] });
    expect(res.body.gating.tagUser).toEqual(['metabolic:post-test-taken']);
    expect(res.body.graded).toEqual([]);
    expect(await h.sql(`select 1 from user_mastery where user_id = ?`, [u.id])).toHaveLength(0);
    expect((await h.post('/api/quizzes/q_final/attempts', { subject: 'metabolic' }, { token: u.token })).status).toBe(
      429,
    );
  });
});
