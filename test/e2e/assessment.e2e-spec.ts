import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, type ApiResponse, Harness } from '../support/harness';

interface Question {
  id: string;
  stemHtml: string;
  choices: { id: string; textHtml: string }[];
}
interface Attempt {
  attemptId: string;
  kind: string;
  subjectId: string;
  questions: Question[];
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
}
interface Skill {
  kind: 'topic' | 'category';
  subjectId: string;
  attempts: number;
  correct: number;
  score: number;
  updatedAt: string;
}
interface MasteryBody {
  mastery: Record<string, number>;
  skills: Skill[];
}

let h: Harness;

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
});
afterAll(() => h.close());

/** The right answers, read straight from the database (the API never serves them before grading). */
async function answerKey(subjectId: string): Promise<Map<string, string>> {
  const rows = await h.sql<{ id: string; correct: string }>(`select id, correct from quiz_items where subject_id = ?`, [
    subjectId,
  ]);
  return new Map(rows.map((r) => [r.id, r.correct]));
}

describe('diagnostic lifecycle', () => {
  it('serves an adaptive short form without answers, grades it once, records mastery and gating', async () => {
    const u = await h.learnerWith('vagus-nerve');
    const start = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'vagus-nerve' },
      { token: u.token },
    );
    expect(start.status).toBe(201);
    expect(start.body).toMatchObject({ attemptId: expect.any(String), kind: 'q_diag', subjectId: 'vagus-nerve' });
    const qs = start.body.questions;
    expect(qs.length).toBeGreaterThanOrEqual(1);
    expect(qs.length).toBeLessThanOrEqual(10);
    const ids = qs.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const q of qs) {
      expect(Object.keys(q).sort()).toEqual(['choices', 'id', 'stemHtml']);
      expect(q.choices.length).toBeGreaterThanOrEqual(2);
      for (const c of q.choices) expect(Object.keys(c).sort()).toEqual(['id', 'textHtml']);
    }
    const raw = JSON.stringify(start.body);
    expect(raw).not.toMatch(/"(correct|correctAnswer|explanation|difficulty)":/);
    // One topic per question.
    const nodes = await h.sql<{ node_id: string }>(
      `select node_id from quiz_items where subject_id = 'vagus-nerve' and id in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(ids)],
    );
    expect(new Set(nodes.map((n) => n.node_id)).size).toBe(ids.length);

    // A question that is not in the attempt is refused.
    const bad = await h.post<Graded & ApiError>(
      '/api/attempts/submit',
      { attemptId: start.body.attemptId, responses: [{ questionId: 'not-in-attempt', answer: 'a' }] },
      { token: u.token },
    );
    expect(bad.status).toBe(400);

    // Every answer right except the last one, which is left unanswered (counts as wrong).
    const key = await answerKey('vagus-nerve');
    const responses = ids.slice(0, -1).map((id) => ({ questionId: id, answer: key.get(id)! }));
    const res = await h.post<Graded & ApiError>(
      '/api/attempts/submit',
      { attemptId: start.body.attemptId, responses },
      { token: u.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.attemptId).toBe(start.body.attemptId);
    expect(res.body.score).toBeCloseTo((ids.length - 1) / ids.length, 3);
    expect(res.body.graded).toHaveLength(ids.length);
    expect(res.body.graded[0]).toEqual({
      questionId: ids[0],
      correct: true,
      correctAnswer: key.get(ids[0]),
      explanation: expect.any(String),
    });
    expect(res.body.graded[ids.length - 1]).toMatchObject({ questionId: ids[ids.length - 1], correct: false });
    expect(['practice', 'review', 'advance', 'post_test']).toContain(res.body.nextStep.type);
    expect(Array.isArray(res.body.nextStep.skills)).toBe(true);
    expect(res.body.gating).toMatchObject({ passed: res.body.score >= 0.6, cooldownHours: 1 });
    expect(res.body.gating.tagUser).toContain('vagus-nerve:diagnostic-done');
    expect(res.body.gating.recommendReview.length).toBeLessThanOrEqual(5);
    expect(Object.values(res.body.mastery).every((v) => v >= 0 && v <= 1)).toBe(true);

    // Stored: the result, the tags, the mastery rows.
    const [stored] = await h.sql<{ status: string; result: { score: number } }>(
      `select status, result, submitted_at from quiz_attempts where id = ?`,
      [start.body.attemptId],
    );
    expect(stored.status).toBe('submitted');
    expect(stored.result.score).toBe(res.body.score);
    const tags = await h.sql<{ tag: string }>(`select tag from user_tags where user_id = ?`, [u.id]);
    expect(tags.map((t) => t.tag)).toEqual(expect.arrayContaining(res.body.gating.tagUser));
    const mastery = await h.sql<{ skill_id: string }>(
      `select skill_id, p_known, attempts from user_mastery where user_id = ? and kind = 'topic'`,
      [u.id],
    );
    const answeredTopic = nodes[0].node_id;
    expect(mastery.find((m) => m.skill_id === answeredTopic)).toBeDefined();

    // Submitting again: 409, and the stored result does not change.
    const again = await h.post<Graded & ApiError>(
      '/api/attempts/submit',
      { attemptId: start.body.attemptId, responses: [] },
      { token: u.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This attempt has already been submitted');

    // Another user's attempt is not found.
    const other = await h.learnerWith('vagus-nerve');
    const theirs = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'vagus-nerve' },
      { token: other.token },
    );
    const mine = await h.post<Graded & ApiError>(
      '/api/attempts/submit',
      { attemptId: theirs.body.attemptId, responses: [] },
      { token: u.token },
    );
    expect(mine.status).toBe(404);

    // Cooldown: the diagnostic can be retaken after 1 hour.
    const retake = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'vagus-nerve' },
      { token: u.token },
    );
    expect(retake.status).toBe(429);
    expect(retake.body.message).toBe('You can retake this assessment in 1 hours.');
    expect(Number(retake.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(retake.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // The post test has its own cooldown; and once the hour has passed the diagnostic is open again.
    expect(
      (
        await h.post<Attempt & ApiError>(
          '/api/quizzes/q_final/attempts',
          { subject: 'vagus-nerve' },
          { token: u.token },
        )
      ).status,
    ).toBe(201);
    await h.sql(`update quiz_attempts set submitted_at = now() - interval '61 minutes' where id = ?`, [
      start.body.attemptId,
    ]);
    const later = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'vagus-nerve' },
      { token: u.token },
    );
    expect(later.status).toBe(201);
    // Items already seen are served last: the new form avoids the first one's items where the topic has others.
    const overlap = later.body.questions.filter((q) => ids.includes(q.id));
    expect(overlap).toHaveLength(0);
  });

  it('refuses without an entitlement, and validates the kind and body', async () => {
    const u = await h.newUser('noaccess');
    const res = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'vagus-nerve' },
      { token: u.token },
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have access to this course. Buy access to continue.');
    expect((await h.post<Attempt & ApiError>('/api/quizzes/q_diag/attempts', { subject: 'vagus-nerve' })).status).toBe(
      401,
    );
    const buyer = await h.learnerWith('metabolic');
    expect(
      (
        await h.post<Attempt & ApiError>(
          '/api/quizzes/q_other/attempts',
          { subject: 'metabolic' },
          { token: buyer.token },
        )
      ).status,
    ).toBe(400);
    expect((await h.post<Attempt & ApiError>('/api/quizzes/q_diag/attempts', {}, { token: buyer.token })).status).toBe(
      400,
    );
    expect(
      (
        await h.post<Graded & ApiError>(
          '/api/attempts/submit',
          { attemptId: 'nope', responses: [] },
          { token: buyer.token },
        )
      ).status,
    ).toBe(400);

    // An attempt whose entitlement has gone cannot be submitted.
    const start = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'metabolic' },
      { token: buyer.token },
    );
    expect(start.status).toBe(201);
    await h.sql(`update user_entitlements set status = 'revoked' where user_id = ?`, [buyer.id]);
    const res2 = await h.post<Graded & ApiError>(
      '/api/attempts/submit',
      { attemptId: start.body.attemptId, responses: [] },
      { token: buyer.token },
    );
    expect(res2.status).toBe(403);
  });
});

describe('clinician diagnostic', () => {
  it('needs the clinician role and vagus-nerve; prefers harder items; 24 hour cooldown', async () => {
    const learner = await h.learnerWith('vagus-nerve');
    const refused = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag_clinician/attempts',
      { subject: 'vagus-nerve', clinician: true },
      { token: learner.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('The clinician diagnostic needs the clinician role.');

    // A clinician of its own (not the demo account, whose cooldown would outlive this run).
    const doctor = await h.learnerWith(['vagus-nerve', 'metabolic'], 'clinician');
    await h.sql(`insert into user_roles (user_id, role, created_at) values (?, 'clinician', now())`, [doctor.id]);
    const clinician = doctor.token;
    const wrongSubject = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag_clinician/attempts',
      { subject: 'metabolic', clinician: true },
      { token: clinician },
    );
    expect(wrongSubject.status).toBe(400);
    expect(wrongSubject.body.message).toBe('The clinician diagnostic is only available for vagus-nerve.');

    const ok = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag_clinician/attempts',
      { subject: 'vagus-nerve', clinician: true },
      { token: clinician },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.kind).toBe('q_diag_clinician');
    const ids = ok.body.questions.map((q) => q.id);
    expect(ids.length).toBeLessThanOrEqual(12);
    const diffs = await h.sql<{ difficulty: number }>(
      `select difficulty from quiz_items where subject_id = 'vagus-nerve' and id in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(ids)],
    );
    expect(diffs.every((d) => d.difficulty >= 2)).toBe(true);

    const res = await h.post<Graded & ApiError>(
      '/api/attempts/submit',
      { attemptId: ok.body.attemptId, responses: [] },
      { token: clinician },
    );
    expect(res.status).toBe(200);
    expect(res.body.score).toBe(0);
    expect(res.body.gating).toMatchObject({ passed: false, cooldownHours: 24 });
    expect(res.body.nextStep.type).toBe('review');
    expect(res.body.gating.recommendReview.length).toBeGreaterThan(0);
    const retake = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag_clinician/attempts',
      { subject: 'vagus-nerve', clinician: true },
      { token: clinician },
    );
    expect(retake.status).toBe(429);
    expect(retake.body.message).toMatch(/^You can retake this assessment in (23|24) hours\.$/);
  });
});

describe('post test, unlocks, mastery and the graph', () => {
  it('covers every topic; a perfect post test unlocks modules, tags the user, and the graph shows mastery', async () => {
    const u = await h.learnerWith('metabolic');
    const topics = await h.sql<{ id: string; module_id: string }>(
      `select id, module_id from topic_nodes where subject_id = 'metabolic' and archived_at is null`,
    );

    const before = await h.get<{ nodes: { mastery_level: number }[] }>('/api/graph?subject=metabolic', {
      token: u.token,
    });
    expect(before.status).toBe(200);
    expect(before.body.nodes.every((n) => n.mastery_level === 0)).toBe(true);
    expect((await h.get<MasteryBody>('/api/users/me/mastery?subjectId=metabolic', { token: u.token })).body).toEqual({
      mastery: {},
      skills: [],
    });

    const key = await answerKey('metabolic');
    // Two rounds of a perfect post test: BKT needs more than one answer per topic to pass 0.7 from 0.2.
    let res!: ApiResponse<Graded & ApiError>;
    for (let round = 0; round < 2; round++) {
      const start = await h.post<Attempt & ApiError>(
        '/api/quizzes/q_final/attempts',
        { subject: 'metabolic' },
        { token: u.token },
      );
      expect(start.status).toBe(201);
      const ids = start.body.questions.map((q) => q.id);
      const nodes = await h.sql<{ node_id: string }>(
        `select node_id from quiz_items where subject_id = 'metabolic' and id in (select jsonb_array_elements_text(?::jsonb))`,
        [JSON.stringify(ids)],
      );
      expect(new Set(nodes.map((n) => n.node_id))).toEqual(new Set(topics.map((t) => t.id)));
      expect(ids).toHaveLength(topics.length);
      res = await h.post<Graded & ApiError>(
        '/api/attempts/submit',
        {
          attemptId: start.body.attemptId,
          responses: ids.map((id: string) => ({ questionId: id, answer: key.get(id) })),
        },
        { token: u.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.score).toBe(1);
      expect(res.body.gating.passed).toBe(true);
      expect(res.body.gating.cooldownHours).toBe(0);
    }
    const modules = [...new Set(topics.map((t) => t.module_id))].sort();
    expect([...res.body.gating.unlockModules].sort()).toEqual(modules);
    expect(res.body.gating.tagUser).toEqual(
      expect.arrayContaining(['metabolic:post-test-passed', ...modules.map((m) => `metabolic:${m}-mastered`)]),
    );
    expect(res.body.nextStep.type).toBe('advance');
    expect(res.body.gating.recommendReview).toEqual([]);

    const unlocks = await h.sql<{ module_id: string }>(
      `select module_id from user_unlocks where user_id = ? and subject_id = 'metabolic' order by module_id`,
      [u.id],
    );
    expect(unlocks.map((r) => r.module_id)).toEqual(modules);
    const tags = await h.sql<{ tag: string }>(`select tag from user_tags where user_id = ?`, [u.id]);
    expect(tags.map((t) => t.tag)).toEqual(expect.arrayContaining(['metabolic:post-test-passed']));

    // The mastery endpoint: topics and their modules (categories).
    const m = await h.get<MasteryBody>('/api/users/me/mastery?subjectId=metabolic', { token: u.token });
    expect(m.status).toBe(200);
    const topicSkills = m.body.skills.filter((s) => s.kind === 'topic');
    expect(topicSkills).toHaveLength(topics.length);
    expect(m.body.skills.filter((s) => s.kind === 'category')).toHaveLength(modules.length);
    expect(topicSkills[0]).toMatchObject({
      subjectId: 'metabolic',
      attempts: 2,
      correct: 2,
      score: expect.any(Number),
      updatedAt: expect.any(String),
    });
    expect(topicSkills.every((s) => s.score > 0.7)).toBe(true);
    expect(Object.keys(m.body.mastery).length).toBe(topics.length + modules.length);
    expect((await h.get<MasteryBody>('/api/users/me/mastery', { token: u.token })).body.skills.length).toBe(
      m.body.skills.length,
    );

    // The graph and the topic page show the caller's own P(known).
    const node = await h.get<{ mastery_level: number }>(`/api/graph/nodes/${topics[0].id}?subject=metabolic`, {
      token: u.token,
    });
    expect(node.body.mastery_level).toBeGreaterThan(0.7);
    const graph = await h.get<{ nodes: { mastery_level: number }[] }>('/api/graph?subject=metabolic', {
      token: u.token,
    });
    expect(graph.body.nodes.every((n) => n.mastery_level > 0.7)).toBe(true);
    // Another learner's graph is unaffected.
    const other = await h.learnerWith('metabolic');
    expect(
      (
        await h.get<{ mastery_level: number }>(`/api/graph/nodes/${topics[0].id}?subject=metabolic`, {
          token: other.token,
        })
      ).body.mastery_level,
    ).toBe(0);
    expect(
      (
        await h.get<{ nodes: { mastery_level: number }[] }>('/api/graph?subject=metabolic', { token: other.token })
      ).body.nodes.every((n) => n.mastery_level === 0),
    ).toBe(true);
  });

  it('a failed post test sets a 24 hour cooldown; a diagnostic propagates evidence to topics it did not ask', async () => {
    const u = await h.learnerWith('metabolic');
    const start = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_final/attempts',
      { subject: 'metabolic' },
      { token: u.token },
    );
    const res = await h.post<Graded & ApiError>(
      '/api/attempts/submit',
      { attemptId: start.body.attemptId, responses: [] },
      { token: u.token },
    );
    expect(res.body.gating).toMatchObject({ passed: false, cooldownHours: 24, unlockModules: [] });
    expect(res.body.gating.tagUser).toEqual(['metabolic:post-test-taken']);
    expect(res.body.nextStep.type).toBe('review');
    expect(
      (await h.post<Attempt & ApiError>('/api/quizzes/q_final/attempts', { subject: 'metabolic' }, { token: u.token }))
        .status,
    ).toBe(429);

    // Diagnostic all wrong for a fresh learner: the dependants of the asked topics drop below the prior.
    const v = await h.learnerWith('vagus-nerve');
    const diag = await h.post<Attempt & ApiError>(
      '/api/quizzes/q_diag/attempts',
      { subject: 'vagus-nerve' },
      { token: v.token },
    );
    const ids = diag.body.questions.map((q) => q.id);
    const sub = await h.post<Graded & ApiError>(
      '/api/attempts/submit',
      { attemptId: diag.body.attemptId, responses: [] },
      { token: v.token },
    );
    expect(sub.status).toBe(200);
    const rows = await h.sql<{ skill_id: string; p_known: number; attempts: number }>(
      `select skill_id, p_known, attempts from user_mastery where user_id = ? and kind = 'topic'`,
      [v.id],
    );
    const inferred = rows.filter((r) => r.attempts === 0);
    expect(rows.filter((r) => r.attempts > 0)).toHaveLength(ids.length);
    expect(inferred.length).toBeGreaterThan(0);
    expect(inferred.every((r) => r.p_known < 0.15)).toBe(true);
  });
});
