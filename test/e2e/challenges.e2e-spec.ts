import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CertificatesService } from '../../src/modules/challenges/certificates/certificates.service';
import { CHALLENGE_CLOCK, type ChallengeClock } from '../../src/modules/challenges/challenge-clock';
import { ChallengesRepository } from '../../src/modules/challenges/challenges.repository';
import { ProjectAssessor } from '../../src/modules/challenges/project-assessor.service';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness, type TestUser } from '../support/harness';
import { challengeContent, plausibleAnswers, projectFields } from '../support/challenge-answers';

interface Summary {
  id: string;
  name: string;
  tagline: string;
  subjectId: string;
  daysCount: number;
}
interface Syllabus extends Summary {
  days: { day: number; title: string; tool: string; est_minutes: number }[];
}
interface DayContent {
  day: number;
  title: string;
  tool: string;
  est_minutes: number;
  locked: boolean;
  unlock_at: string | null;
  lesson: { summary: string; steps: string[] } | null;
  quiz: { q: string; options: string[]; correct_option: number | null }[];
  micro_project: { desc: string; expected_fields: string[] } | null;
}
interface DayProgress {
  day: number;
  is_unlocked: boolean;
  unlock_at: string | null;
  quiz: { score: number; passed: boolean } | null;
  project: { status: string; score: number | null; feedback: string | null; gradedBy: string | null } | null;
  passed: boolean;
}
interface Progress {
  enrollment: {
    timezone: string;
    daily_unlock_local_time: string;
    start_local_date: string;
    enrolledAt: string;
  } | null;
  days: DayProgress[];
  nextUnlock: { day: number; is_unlocked: boolean; unlock_at: string | null } | null;
  completed: boolean;
  certificateId: string | null;
  certificateNeedsName: boolean;
}
interface QuizResult {
  score: number;
  passed: boolean;
  triesLeftToday: number;
  retryAt: string | null;
}
interface QuizLimit extends ApiError {
  retryAt: string;
}
interface Assessment {
  passed: boolean;
  awaitingReview?: boolean;
  score: number;
  feedback: string;
}
interface Locked extends ApiError {
  unlockAt: string | null;
}
interface ReviewItem {
  id: string;
  title: string;
  taskId: string;
  userId: string;
  subjectId: string;
  moduleId: string;
  type: 'link' | 'other';
  validatorType: string;
  url: string | null;
  content: string | null;
  status: string;
  createdAt: string;
  score: number | null;
  passed: boolean | null;
  note: string | null;
  gradedBy: string | null;
  challengeId: string;
  day: number;
  criteria: string[];
  bot: Assessment | null;
}
interface Analytics {
  enrollments: { challengeId: string; count: number }[];
  certificates: { challengeId: string; count: number }[];
}

/** The quiz answers and expected fields from the content files: the test knows them, the API never says. */
const CID = 'vagus-breath-7';
const { dayOf } = challengeContent(CID);
const fieldsOf = (n: number) => projectFields(dayOf(n));
/** In the content's order: what a client that ignores the served order would send. */
const rightAnswers = (n: number) => dayOf(n).quiz.map((q) => q.answer);

const DAY1_GOOD = {
  baseline_breaths_per_minute: '16 breaths, counted over a full minute while sitting',
  minutes_practised: '5',
  position_used: 'Lying on my back with knees bent',
  belly_vs_chest_movement: 'The belly hand rose more than the chest hand; keeping the chest still was hard at first',
  how_you_felt: 'Calmer and a little sleepy, no dizziness or discomfort',
};

/**
 * The day as served to the learner (which stores their option order), and answers chosen by the options' text:
 * `right` picks the right option of every question, `wrong` a wrong one, an array picks per question.
 */
async function served(u: TestUser, n: number): Promise<DayContent> {
  const res = await h.get<DayContent>(`/api/challenges/${CID}/days/${n}`, { token: u.token });
  expect([res.status, res.body.locked]).toEqual([200, false]);
  return res.body;
}
async function answersFor(u: TestUser, n: number, pick: 'right' | 'wrong' | ('right' | 'wrong')[]): Promise<number[]> {
  const day = await served(u, n);
  return day.quiz.map((item, i) => {
    const content = dayOf(n).quiz[i];
    const right = content.options[content.answer];
    const want = typeof pick === 'string' ? pick : pick[i];
    const index = want === 'right' ? item.options.indexOf(right) : item.options.findIndex((o) => o !== right);
    expect(index).toBeGreaterThanOrEqual(0);
    return index;
  });
}
async function submitQuiz<T = QuizResult>(u: TestUser, n: number, pick: 'right' | 'wrong' | ('right' | 'wrong')[]) {
  return h.post<T>(url(`/days/${n}/quiz`), { answers: await answersFor(u, n, pick) }, { token: u.token });
}

let h: Harness;
let clock: ChallengeClock;
let now: Date;
let studio: string;
let admin: string;
const setNow = (iso: string) => {
  now = new Date(iso);
};

/**
 * A local stand-in for an OpenAI-compatible chat API (tests only talk to loopback). It fails (500) unless a test
 * gives it a verdict, so the other tests get the built-in check, as the assessor falls back to it.
 */
let llmVerdict: string | null = null;
const llmRequests: string[] = [];
const fakeLlm: Server = createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    llmRequests.push(raw);
    res.setHeader('content-type', 'application/json');
    if (llmVerdict === null) {
      res.statusCode = 500;
      return res.end(JSON.stringify({ error: { message: 'model overloaded' } }));
    }
    res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: llmVerdict } }] }));
  });
});
const savedEnv = { ...process.env };

beforeAll(async () => {
  await new Promise<void>((r) => fakeLlm.listen(0, '127.0.0.1', r));
  process.env.LLM_BASE_URL = `http://127.0.0.1:${(fakeLlm.address() as AddressInfo).port}/v1`;
  process.env.TUTOR_RATE_LIMIT_PER_MINUTE = '1000';
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  clock = h.app.get<ChallengeClock>(CHALLENGE_CLOCK);
  clock.now = () => new Date(now);
  studio = await h.demoToken('studio');
  admin = await h.demoToken('admin');
});
afterAll(async () => {
  await h.close();
  await new Promise((r) => fakeLlm.close(r));
  process.env = { ...savedEnv };
});
beforeEach(() => {
  setNow('2030-03-10T12:00:00Z');
  llmVerdict = null;
});
afterEach(() => jest.restoreAllMocks());

const url = (path: string) => `/api/me/challenges/${CID}${path}`;

/**
 * A new learner who owns vagus-nerve, enrolled in vagus-breath-7 in New York from 2030-03-10 at 00:00
 * (the day clocks go forward there: day 1 opens at 05:00Z, day 2 at 04:00Z the next day).
 */
async function enrolled(tag: string, start = '2030-03-10'): Promise<TestUser> {
  const u = await h.learnerWith('vagus-nerve', tag);
  const res = await h.post<Progress>(
    `/api/challenges/${CID}/enroll`,
    { startLocalDate: start, timezone: 'America/New_York', dailyUnlockLocalTime: '00:00' },
    { token: u.token },
  );
  expect(res.status).toBe(201);
  return u;
}

/** The learner chooses the name their certificate shows: without one, none is issued (certificates.e2e-spec.ts). */
async function named(u: TestUser): Promise<void> {
  expect((await h.put('/api/me/profile', { name: 'Ada Lovelace' }, { token: u.token })).status).toBe(200);
}

async function progressOf(u: TestUser): Promise<Progress> {
  const res = await h.get<Progress>(url('/progress'), { token: u.token });
  expect(res.status).toBe(200);
  return res.body;
}

async function pendingItemsOf(userId: string): Promise<ReviewItem[]> {
  const filter = encodeURIComponent(JSON.stringify({ status: 'pending', userId }));
  const res = await h.get<ReviewItem[]>(`/api/admin/review?filter=${filter}`, { token: studio });
  expect(res.status).toBe(200);
  return res.body;
}

describe('the list and the syllabus', () => {
  it('lists the three challenges to any signed-in user, in content order', async () => {
    const u = await h.newUser('browser');
    const res = await h.get<{ challenges: Summary[] }>('/api/challenges', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.challenges.map((c) => c.id).sort()).toEqual(['vagus-breath-7', 'vagus-reset-14', 'vagus-tvns-10']);
    expect(res.body.challenges.find((c) => c.id === CID)).toEqual({
      id: CID,
      name: '7-Day Breath Reset',
      tagline: expect.stringContaining('A week of short, structured breathing practices'),
      subjectId: 'vagus-nerve',
      daysCount: 7,
    });
    expect((await h.get('/api/challenges')).status).toBe(401);
  });

  it('shows the syllabus with every day and its length', async () => {
    const u = await h.newUser('syllabus');
    const res = await h.get<Syllabus>(`/api/challenges/${CID}`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: CID, name: '7-Day Breath Reset', subjectId: 'vagus-nerve', daysCount: 7 });
    expect(res.body.days).toHaveLength(7);
    expect(res.body.days[0]).toEqual({
      day: 1,
      title: 'Diaphragmatic Breathing',
      tool: 'Hand-on-belly breathing',
      est_minutes: 15,
    });
    expect(res.body.days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(res.body.days[2].est_minutes).toBe(20);
  });

  it('answers 404 for an unknown challenge or day, 400 for a day that is not a number', async () => {
    const u = await h.learnerWith('vagus-nerve', 'notfound');
    const unknown = [
      await h.get<ApiError>('/api/challenges/no-such-challenge', { token: u.token }),
      await h.get<ApiError>('/api/challenges/no-such-challenge/days/1', { token: u.token }),
      await h.get<ApiError>('/api/me/challenges/no-such-challenge/progress', { token: u.token }),
      await h.post<ApiError>(
        '/api/challenges/no-such-challenge/enroll',
        { startLocalDate: '2030-03-10', timezone: 'UTC', dailyUnlockLocalTime: '00:00' },
        { token: u.token },
      ),
      await h.post<ApiError>('/api/me/challenges/no-such-challenge/days/1/quiz', { answers: [0] }, { token: u.token }),
    ];
    for (const res of unknown) expect([res.status, res.body.message]).toEqual([404, 'Challenge not found']);
    for (const day of [0, 8, 99999999999]) {
      const res = await h.get<ApiError>(`/api/challenges/${CID}/days/${day}`, { token: u.token });
      expect([res.status, res.body.message]).toEqual([404, 'Day not found']);
    }
    const quiz = await h.post<ApiError>(url('/days/8/quiz'), { answers: [0] }, { token: u.token });
    expect([quiz.status, quiz.body.message]).toEqual([404, 'Day not found']);
    expect((await h.get(`/api/challenges/${CID}/days/abc`, { token: u.token })).status).toBe(400);
  });
});

describe('enrolment', () => {
  it('needs the course: 403 without an entitlement, for enrolment, day content and progress', async () => {
    const u = await h.newUser('no-course');
    const body = { startLocalDate: '2030-03-10', timezone: 'Europe/Berlin', dailyUnlockLocalTime: '00:00' };
    for (const res of [
      await h.post<ApiError>(`/api/challenges/${CID}/enroll`, body, { token: u.token }),
      await h.get<ApiError>(`/api/challenges/${CID}/days/1`, { token: u.token }),
      await h.get<ApiError>(url('/progress'), { token: u.token }),
      await h.post<ApiError>(url('/days/1/quiz'), { answers: rightAnswers(1) }, { token: u.token }),
    ]) {
      expect([res.status, res.body.message]).toEqual([403, 'You need access to this course']);
    }
    const [row] = await h.sql<{ n: number }>('select count(*)::int as n from challenge_enrollments where user_id = ?', [
      u.id,
    ]);
    expect(row.n).toBe(0);
  });

  it('enrols (201 with the progress) and answers a second enrolment with the first, unchanged (200)', async () => {
    const u = await h.learnerWith('vagus-nerve', 'enrol');
    const first = await h.post<Progress>(
      `/api/challenges/${CID}/enroll`,
      { startLocalDate: '2030-03-10', timezone: 'america/new_york', dailyUnlockLocalTime: '00:00' },
      { token: u.token },
    );
    expect(first.status).toBe(201);
    expect(first.body.enrollment).toEqual({
      timezone: 'America/New_York',
      daily_unlock_local_time: '00:00',
      start_local_date: '2030-03-10',
      enrolledAt: expect.any(String),
    });
    expect(first.body.days).toHaveLength(7);
    // 2030-03-10 is the day New York moves to summer time: midnight is still EST, the next one EDT.
    expect(first.body.days.slice(0, 3).map((d) => [d.unlock_at, d.is_unlocked])).toEqual([
      ['2030-03-10T05:00:00.000Z', true],
      ['2030-03-11T04:00:00.000Z', false],
      ['2030-03-12T04:00:00.000Z', false],
    ]);
    expect(first.body.nextUnlock).toEqual({ day: 2, is_unlocked: false, unlock_at: '2030-03-11T04:00:00.000Z' });
    expect(first.body).toMatchObject({ completed: false, certificateId: null, certificateNeedsName: false });

    const again = await h.post<Progress>(
      `/api/challenges/${CID}/enroll`,
      { startLocalDate: '2030-03-20', timezone: 'Asia/Tokyo', dailyUnlockLocalTime: '07:30' },
      { token: u.token },
    );
    expect(again.status).toBe(200);
    expect(again.body.enrollment).toEqual(first.body.enrollment);
    const rows = await h.sql<{ timezone: string; start_local_date: string }>(
      'select timezone, start_local_date::text from challenge_enrollments where user_id = ?',
      [u.id],
    );
    expect(rows).toEqual([{ timezone: 'America/New_York', start_local_date: '2030-03-10' }]);
  });

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone must be an IANA time zone such as Europe/Berlin'],
    [{ timezone: '+05:00' }, 'timezone must be an IANA time zone such as Europe/Berlin'],
    [{ timezone: '' }, 'timezone must be an IANA time zone such as Europe/Berlin'],
    [{ startLocalDate: '2030-02-30' }, 'startLocalDate must be a date written YYYY-MM-DD'],
    [{ startLocalDate: '10/03/2030' }, 'startLocalDate must be a date written YYYY-MM-DD'],
    [{ dailyUnlockLocalTime: '24:00' }, 'dailyUnlockLocalTime must be a time written HH:MM'],
    [{ dailyUnlockLocalTime: '7:00' }, 'dailyUnlockLocalTime must be a time written HH:MM'],
    // Issue 27: a past start would open every day at once; the clock says 2030-03-10T12:00Z (13:00 in Berlin).
    [{ startLocalDate: '2030-03-09' }, 'startLocalDate must be between 2030-03-10 and 2030-04-09 in Europe/Berlin'],
    [{ startLocalDate: '2000-01-01' }, 'startLocalDate must be between 2030-03-10 and 2030-04-09 in Europe/Berlin'],
    [{ startLocalDate: '2030-04-10' }, 'startLocalDate must be between 2030-03-10 and 2030-04-09 in Europe/Berlin'],
    [{ startLocalDate: '2099-12-31' }, 'startLocalDate must be between 2030-03-10 and 2030-04-09 in Europe/Berlin'],
    [
      { startLocalDate: '2030-03-10', timezone: 'Pacific/Kiritimati' },
      'startLocalDate must be between 2030-03-11 and 2030-04-10 in Pacific/Kiritimati',
    ],
  ])('refuses %j with 400', async (change, message) => {
    const u = await h.learnerWith('vagus-nerve', 'bad-enrol');
    const body = { startLocalDate: '2030-03-10', timezone: 'Europe/Berlin', dailyUnlockLocalTime: '00:00', ...change };
    const res = await h.post<ApiError>(`/api/challenges/${CID}/enroll`, body, { token: u.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await h.sql('select 1 from challenge_enrollments where user_id = ?', [u.id])).toHaveLength(0);
  });

  it("takes the learner's local today and the 30th day after it, by the challenge clock", async () => {
    // 2030-03-10T12:00Z is already the 11th in Kiritimati (UTC+14), still the 10th in Honolulu.
    for (const [timezone, start] of [
      ['Pacific/Kiritimati', '2030-03-11'],
      ['Pacific/Honolulu', '2030-03-10'],
      ['Pacific/Honolulu', '2030-04-09'],
    ]) {
      const u = await h.learnerWith('vagus-nerve', 'enrol-range');
      const res = await h.post<Progress>(
        `/api/challenges/${CID}/enroll`,
        { startLocalDate: start, timezone, dailyUnlockLocalTime: '00:00' },
        { token: u.token },
      );
      expect([res.status, res.body.enrollment?.start_local_date]).toEqual([201, start]);
    }
  });
});

describe('locked days', () => {
  it('withholds the content of a day before enrolment, and refuses its submissions', async () => {
    const u = await h.learnerWith('vagus-nerve', 'not-enrolled');
    const day = await h.get<DayContent>(`/api/challenges/${CID}/days/1`, { token: u.token });
    expect(day.status).toBe(200);
    expect(day.body).toEqual({
      day: 1,
      title: 'Diaphragmatic Breathing',
      tool: 'Hand-on-belly breathing',
      est_minutes: 15,
      locked: true,
      unlock_at: null,
      lesson: null,
      quiz: [],
      micro_project: null,
    });
    const progress = await progressOf(u);
    expect(progress.enrollment).toBeNull();
    expect(progress.nextUnlock).toBeNull();
    expect(progress.days.every((d) => !d.is_unlocked && d.unlock_at === null && !d.passed)).toBe(true);
    const quiz = await h.post<Locked>(url('/days/1/quiz'), { answers: rightAnswers(1) }, { token: u.token });
    expect(quiz.status).toBe(403);
    expect(quiz.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Enrol in the challenge first',
      unlockAt: null,
    });
  });

  it('withholds a day before its unlock time and refuses its submissions with the unlock time', async () => {
    const u = await enrolled('locked');
    const open = await h.get<DayContent>(`/api/challenges/${CID}/days/1`, { token: u.token });
    expect(open.body).toMatchObject({ locked: false, unlock_at: '2030-03-10T05:00:00.000Z' });
    expect(open.body.lesson?.steps.length).toBeGreaterThan(0);
    expect(open.body.micro_project?.expected_fields).toEqual(fieldsOf(1).map((f) => f.name));

    const locked = await h.get<DayContent>(`/api/challenges/${CID}/days/2`, { token: u.token });
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({
      day: 2,
      title: 'The Extended Exhale',
      locked: true,
      unlock_at: '2030-03-11T04:00:00.000Z',
      lesson: null,
      quiz: [],
      micro_project: null,
    });

    const refused = {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Day 2 opens at 2030-03-11T04:00:00.000Z',
      unlockAt: '2030-03-11T04:00:00.000Z',
    };
    const quiz = await h.post<Locked>(url('/days/2/quiz'), { answers: rightAnswers(2) }, { token: u.token });
    expect([quiz.status, quiz.body]).toEqual([403, refused]);
    const project = await h.post<Locked>(
      url('/days/2/project'),
      { payload: plausibleAnswers(dayOf(2)) },
      { token: u.token },
    );
    expect([project.status, project.body]).toEqual([403, refused]);
    const bot = await h.post<Locked>(
      url('/days/2/bot/assess'),
      { submission: plausibleAnswers(dayOf(2)) },
      { token: u.token },
    );
    expect([bot.status, bot.body]).toEqual([403, refused]);
    const [stored] = await h.sql<{ n: number }>(
      'select count(*)::int as n from challenge_submissions where user_id = ?',
      [u.id],
    );
    expect(stored.n).toBe(0);
  });

  it('opens the next day when the clock reaches its unlock time', async () => {
    const u = await enrolled('clock');
    setNow('2030-03-11T03:59:59.999Z');
    expect((await h.get<DayContent>(`/api/challenges/${CID}/days/2`, { token: u.token })).body.locked).toBe(true);

    setNow('2030-03-11T04:00:00.000Z');
    const day2 = await h.get<DayContent>(`/api/challenges/${CID}/days/2`, { token: u.token });
    expect(day2.body.locked).toBe(false);
    expect(day2.body.quiz).toHaveLength(3);
    const progress = await progressOf(u);
    expect(progress.days.filter((d) => d.is_unlocked).map((d) => d.day)).toEqual([1, 2]);
    expect(progress.nextUnlock).toEqual({ day: 3, is_unlocked: false, unlock_at: '2030-03-12T04:00:00.000Z' });
    const quiz = await submitQuiz(u, 2, 'right');
    expect(quiz.status).toBe(200);

    setNow('2030-03-20T00:00:00Z');
    const all = await progressOf(u);
    expect(all.days.every((d) => d.is_unlocked)).toBe(true);
    expect(all.nextUnlock).toBeNull();
  });
});

describe('the quiz', () => {
  it('is graded on the server, keeps the best score, and answers only the score and the verdict', async () => {
    const u = await enrolled('quiz');
    const day = await served(u, 1);
    // The content's options, each question's in an order of its own for this learner.
    expect(day.quiz.map((q) => [...q.options].sort())).toEqual(dayOf(1).quiz.map((q) => [...q.options].sort()));
    // Issue 27: no correct-option data before a pass.
    expect(day.quiz.map((q) => q.correct_option)).toEqual([null, null]);

    const wrong = await submitQuiz(u, 1, 'wrong');
    expect([wrong.status, wrong.body]).toEqual([200, { score: 0, passed: false, triesLeftToday: 2, retryAt: null }]);
    const half = await submitQuiz(u, 1, ['right', 'wrong']);
    expect(half.body).toEqual({ score: 0.5, passed: false, triesLeftToday: 1, retryAt: null });
    expect((await served(u, 1)).quiz.map((q) => q.correct_option)).toEqual([null, null]);
    const right = await submitQuiz(u, 1, 'right');
    // The third of the day: the next is allowed at the learner's next local midnight (EDT since 07:00Z today).
    expect(right.body).toEqual({ score: 1, passed: true, triesLeftToday: 0, retryAt: '2030-03-11T04:00:00.000Z' });

    const progress = await progressOf(u);
    expect(progress.days[0].quiz).toEqual({ score: 1, passed: true });
    expect(progress.days[0].passed).toBe(false); // the project is still missing

    // Once passed, the day shows the right options, at their served positions.
    const after = await served(u, 1);
    expect(after.quiz.map((q) => q.options[q.correct_option!])).toEqual(dayOf(1).quiz.map((q) => q.options[q.answer]));
    for (const body of [day, wrong.body, half.body, right.body, progress]) {
      expect(JSON.stringify(body)).not.toMatch(/"answers?"|"correct"|correct_option":\d/);
    }
  });

  it('takes 3 submissions a learner-local day, then 429 with the next allowed time; the next local day allows 3 more', async () => {
    const u = await enrolled('quiz-limit');
    for (let i = 0; i < 3; i++) expect((await submitQuiz(u, 1, 'wrong')).status).toBe(200);
    const fourth = await submitQuiz<QuizLimit>(u, 1, 'right');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: "You have used today's 3 tries for this quiz. Try again after 2030-03-11T04:00:00.000Z.",
      retryAt: '2030-03-11T04:00:00.000Z',
    });
    // 12:00Z to 04:00Z the next day: 16 hours.
    expect(fourth.headers['retry-after']).toBe(String(16 * 3600));
    // The refused submission changed nothing: it was right, and the quiz is still not passed.
    expect((await progressOf(u)).days[0].quiz).toEqual({ score: 0, passed: false });

    // Still the same local day in New York a second before midnight; the next local day allows 3 again.
    setNow('2030-03-11T03:59:59Z');
    expect((await submitQuiz(u, 1, 'right')).status).toBe(429);
    setNow('2030-03-11T04:00:00Z');
    const next = await submitQuiz(u, 1, 'right');
    expect([next.status, next.body.passed, next.body.triesLeftToday]).toEqual([200, true, 2]);
    // Another day's quiz counts its own tries.
    expect((await submitQuiz(u, 2, 'wrong')).body.triesLeftToday).toBe(2);
  });

  it('counts tries under the enrolment lock: of 5 submissions at once, 3 are graded and 2 refused (429)', async () => {
    const u = await enrolled('quiz-race');
    const answers = await answersFor(u, 1, 'wrong');
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => h.post<QuizResult>(url('/days/1/quiz'), { answers }, { token: u.token })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
    const [row] = await h.sql<{ quiz_tries: number; quiz_attempts: number }>(
      'select quiz_tries, quiz_attempts from challenge_day_progress where user_id = ? and challenge_id = ? and day = 1',
      [u.id, CID],
    );
    expect(row).toEqual({ quiz_tries: 3, quiz_attempts: 3 });
  });

  it('shuffles the options per learner and grades each against the order it served them', async () => {
    const orders = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const u = await enrolled(`quiz-shuffle-${i}`);
      const shown = (await served(u, 1)).quiz.map((q) => q.options);
      orders.add(JSON.stringify(shown));
      // The server keeps the order it showed: position k of question q is the content's option order[q][k].
      const [row] = await h.sql<{ quiz_order: number[][] }>(
        'select quiz_order from challenge_day_progress where user_id = ? and challenge_id = ? and day = 1',
        [u.id, CID],
      );
      expect(row.quiz_order.map((o, q) => o.map((k) => dayOf(1).quiz[q].options[k]))).toEqual(shown);
      // The order stays put between reads, and the right options by text pass whatever their positions.
      const answers = await answersFor(u, 1, 'right');
      expect(await answersFor(u, 1, 'right')).toEqual(answers);
      const res = await h.post<QuizResult>(url('/days/1/quiz'), { answers }, { token: u.token });
      expect([res.status, res.body.score, res.body.passed]).toEqual([200, 1, true]);
    }
    // Six learners, two questions of 4 options: the same order for all six would be a 1 in 576^5 chance.
    expect(orders.size).toBeGreaterThan(1);
  });

  it('refuses to grade a quiz that was never served to the learner (409)', async () => {
    const u = await enrolled('quiz-unserved');
    const res = await h.post<ApiError>(url('/days/1/quiz'), { answers: rightAnswers(1) }, { token: u.token });
    expect([res.status, res.body.message]).toEqual([
      409,
      "Open the day's quiz first: answers are graded in the order it showed you",
    ]);
    expect((await progressOf(u)).days[0].quiz).toBeNull();
  });

  it('refuses a wrong number of answers and an option that does not exist (400)', async () => {
    const u = await enrolled('quiz-bad');
    await served(u, 1);
    const short = await h.post<ApiError>(url('/days/1/quiz'), { answers: [0] }, { token: u.token });
    expect([short.status, short.body.message]).toEqual([
      400,
      'answers must give one option index for each of the 2 questions',
    ]);
    const out = await h.post<ApiError>(url('/days/1/quiz'), { answers: [0, 4] }, { token: u.token });
    expect([out.status, out.body.message]).toEqual([400, 'answers[1] must be an option index from 0 to 3']);
    for (const answers of [[-1, 0], ['a', 0], 'x', [0.5, 1]]) {
      expect((await h.post(url('/days/1/quiz'), { answers }, { token: u.token })).status).toBe(400);
    }
    expect((await progressOf(u)).days[0].quiz).toBeNull();
    // Refused input is no try.
    expect((await submitQuiz(u, 1, 'wrong')).body.triesLeftToday).toBe(2);
  });
});

describe('the micro project', () => {
  it('is stored and queued for review; unknown fields (400) and oversized projects (400 / 413) are refused', async () => {
    const u = await enrolled('project');
    const unknown = await h.post<ApiError>(
      url('/days/1/project'),
      { payload: { ...DAY1_GOOD, favourite_colour: 'blue' } },
      { token: u.token },
    );
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Unknown field: favourite_colour']);
    const long = await h.post<ApiError>(
      url('/days/1/project'),
      { payload: { how_you_felt: 'x'.repeat(4001) } },
      { token: u.token },
    );
    expect([long.status, long.body.message]).toEqual([400, 'how_you_felt must be at most 4000 characters']);
    const big = Object.fromEntries(fieldsOf(1).map((f) => [f.name, 'é'.repeat(2000)]));
    const tooBig = await h.post<ApiError>(url('/days/1/project'), { payload: big }, { token: u.token });
    expect([tooBig.status, tooBig.body.message]).toEqual([413, 'The project is too large: at most 16 KiB in all']);
    const notText = await h.post<ApiError>(
      url('/days/1/project'),
      { payload: { minutes_practised: 5 } },
      { token: u.token },
    );
    expect([notText.status, notText.body.message]).toEqual([400, 'minutes_practised must be text']);
    expect((await h.post(url('/days/1/project'), { payload: [] }, { token: u.token })).status).toBe(400);
    expect((await h.post(url('/days/1/project'), { payload: { how_you_felt: ' ' } }, { token: u.token })).status).toBe(
      400,
    );

    const first = await h.post<{ submissionId: string; status: string }>(
      url('/days/1/project'),
      { payload: { how_you_felt: 'calm' } },
      { token: u.token },
    );
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ submissionId: expect.any(String), status: 'pending' });
    const second = await h.post<{ submissionId: string }>(
      url('/days/1/project'),
      { payload: DAY1_GOOD },
      { token: u.token },
    );
    expect(second.status).toBe(201);

    // The second replaces the first in the queue.
    const items = await pendingItemsOf(u.id);
    expect(items.map((i) => i.id)).toEqual([second.body.submissionId]);
    const stored = await h.sql<{ id: string; payload: Record<string, string> }>(
      'select id, payload from challenge_submissions where user_id = ?',
      [u.id],
    );
    expect(stored).toEqual([{ id: second.body.submissionId, payload: DAY1_GOOD }]);
    expect((await progressOf(u)).days[0].project).toEqual({
      status: 'pending',
      score: null,
      feedback: null,
      gradedBy: null,
    });
  });

  it("never shows a learner another learner's submission", async () => {
    const a = await enrolled('owner');
    const b = await enrolled('other');
    const mine = await h.post<{ submissionId: string }>(
      url('/days/1/project'),
      { payload: DAY1_GOOD },
      { token: a.token },
    );
    expect(mine.status).toBe(201);

    // B's own view knows nothing of it: no project, and nothing to assess.
    expect((await progressOf(b)).days[0].project).toBeNull();
    const assess = await h.post<ApiError>(url('/days/1/bot/assess'), {}, { token: b.token });
    expect([assess.status, assess.body.message]).toEqual([400, 'Submit your project first']);
    // The review queue is the Studio's, not a learner's.
    for (const path of ['/api/admin/review', `/api/admin/review/${mine.body.submissionId}`]) {
      const res = await h.get<ApiError>(path, { token: b.token });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('16 breaths');
    }
    const grade = await h.post(
      `/api/admin/review/${mine.body.submissionId}/grade`,
      { passed: true, score: 1, rubric: {} },
      { token: b.token },
    );
    expect(grade.status).toBe(403);
    // And it is still A's, pending.
    expect((await pendingItemsOf(a.id)).map((i) => i.id)).toEqual([mine.body.submissionId]);
  });
});

describe('the bot assessment', () => {
  it('passes good answers, marks the project passed and takes it out of the queue; the day passes with the quiz', async () => {
    const u = await enrolled('bot-good');
    const res = await h.post<Assessment>(url('/days/1/bot/assess'), { submission: DAY1_GOOD }, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      passed: true,
      awaitingReview: false,
      score: expect.any(Number),
      feedback: expect.any(String),
    });
    expect(res.body.score).toBeGreaterThanOrEqual(0.6);
    expect(await pendingItemsOf(u.id)).toEqual([]);
    const [stored] = await h.sql<{ status: string; bot_passed: boolean }>(
      'select status, bot_passed from challenge_submissions where user_id = ?',
      [u.id],
    );
    expect(stored).toEqual({ status: 'auto-passed', bot_passed: true });

    let progress = await progressOf(u);
    expect(progress.days[0].project).toEqual({
      status: 'passed',
      score: res.body.score,
      feedback: res.body.feedback,
      gradedBy: 'bot',
    });
    expect(progress.days[0].passed).toBe(false);
    await submitQuiz(u, 1, 'right');
    progress = await progressOf(u);
    expect(progress.days[0].passed).toBe(true);
    expect(progress.days[1].passed).toBe(false);
  });

  it('fails junk with feedback that names what is missing, and leaves it pending for a reviewer', async () => {
    const u = await enrolled('bot-junk');
    const junk = { baseline_breaths_per_minute: 'asdf', minutes_practised: 'aaaa', position_used: 'n/a' };
    const res = await h.post<Assessment>(url('/days/1/bot/assess'), { submission: junk }, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.passed).toBe(false);
    expect(res.body.score).toBeLessThan(0.6);
    expect(res.body.feedback).toContain('Missing: belly vs chest movement, how you felt.');
    expect(res.body.feedback).toContain('Minutes practised: repeated characters, not an answer.');

    const [item] = await pendingItemsOf(u.id);
    expect(item.bot).toEqual({ passed: false, score: res.body.score, feedback: res.body.feedback });
    expect((await progressOf(u)).days[0].project).toEqual({
      status: 'pending',
      score: res.body.score,
      feedback: res.body.feedback,
      gradedBy: null,
    });
    // Without a submission it assesses the latest stored one.
    const again = await h.post<Assessment>(url('/days/1/bot/assess'), {}, { token: u.token });
    expect(again.body).toEqual(res.body);
    const none = await enrolled('bot-none');
    const first = await h.post<ApiError>(url('/days/1/bot/assess'), {}, { token: none.token });
    expect([first.status, first.body.message]).toEqual([400, 'Submit your project first']);
  });
});

describe('the bot assessment refuses shortcuts (issue 27)', () => {
  const assess = (u: TestUser, day: number, submission: Record<string, string>) =>
    h.post<Assessment>(url(`/days/${day}/bot/assess`), { submission }, { token: u.token });

  it('fails the same filler text in every field, and keeps it pending for a reviewer', async () => {
    const u = await enrolled('filler');
    const filler = '16 breaths a minute; 5 minutes lying on my back, the belly hand rose, I felt calm and relaxed';
    const res = await assess(u, 1, Object.fromEntries(fieldsOf(1).map((f) => [f.name, filler])));
    expect(res.status).toBe(200);
    expect(res.body.passed).toBe(false);
    expect(res.body.feedback).toContain('How you felt: the same text as baseline breaths per minute');
    // Its feedback is its own: no rubric criterion quoted.
    const [row] = await h.sql<{ rubric: { criteria: string[] } }>(
      'select rubric from challenge_days where challenge_id = ? and day = 1',
      [CID],
    );
    for (const c of row.rubric.criteria) expect(res.body.feedback).not.toContain(c.slice(0, 25));
    expect((await progressOf(u)).days[0].project?.status).toBe('pending');
    expect((await pendingItemsOf(u.id)).map((i) => i.bot?.passed)).toEqual([false]);
  });

  it("fails a number outside the field's plausible range", async () => {
    const u = await enrolled('out-of-range');
    const res = await assess(u, 1, { ...DAY1_GOOD, baseline_breaths_per_minute: '90 breaths in a minute' });
    expect([res.status, res.body.passed]).toEqual([200, false]);
    expect(res.body.feedback).toContain(
      'Baseline breaths per minute: 90 is not plausible (give a number from 4 to 40).',
    );
    expect((await assess(u, 1, DAY1_GOOD)).body.passed).toBe(true);
  });

  it('fails a paragraph sent again on another day of the enrolment', async () => {
    const u = await enrolled('same-days');
    setNow('2030-03-11T12:00:00Z');
    expect((await assess(u, 1, DAY1_GOOD)).body.passed).toBe(true);
    const day2 = { ...plausibleAnswers(dayOf(2)), side_effects_noticed: DAY1_GOOD.how_you_felt };
    const res = await assess(u, 2, day2);
    expect(res.body.passed).toBe(false);
    expect(res.body.feedback).toContain(
      'Side effects noticed: the same text as an answer of another day: tell what happened today.',
    );
    expect((await assess(u, 2, plausibleAnswers(dayOf(2)))).body.passed).toBe(true);
  });

  it("applies the server's pass mark to the LLM's score: its passed:true below the mark fails", async () => {
    const u = await enrolled('llm-judge');
    llmVerdict = JSON.stringify({ passed: true, score: 0.45, feedback: 'Looks fine to me.' });
    const before = llmRequests.length;
    const res = await assess(u, 1, DAY1_GOOD);
    expect(llmRequests.length).toBe(before + 1);
    expect(res.body).toEqual({ passed: false, awaitingReview: false, score: 0.45, feedback: 'Looks fine to me.' });
    expect((await progressOf(u)).days[0].project).toMatchObject({ status: 'pending', score: 0.45 });
    const [stored] = await h.sql<{ bot_passed: boolean; bot_assessor: string; status: string }>(
      'select bot_passed, bot_assessor, status from challenge_submissions where user_id = ?',
      [u.id],
    );
    expect(stored).toEqual({ bot_passed: false, bot_assessor: 'llm', status: 'pending' });

    llmVerdict = JSON.stringify({ passed: false, score: 0.8, feedback: 'Clear and complete.' });
    expect((await assess(u, 1, DAY1_GOOD)).body).toMatchObject({ passed: true, score: 0.8 });
  });

  it('holds the last day for a reviewer when every day passed the bot narrowly; the reviewer completes it', async () => {
    const u = await enrolled('narrow');
    await named(u);
    setNow('2030-03-20T00:00:00Z');
    // Every project passes, by less than the pass mark (0.6) + 0.1.
    const assessor = h.app.get(ProjectAssessor);
    jest
      .spyOn(assessor, 'assess')
      .mockResolvedValue({ passed: true, score: 0.65, feedback: 'Every field answered.', assessor: 'builtin' });
    for (let d = 1; d <= 7; d++) expect((await submitQuiz(u, d, 'right')).body.passed).toBe(true);
    for (let d = 1; d <= 6; d++) expect((await assess(u, d, plausibleAnswers(dayOf(d)))).body.passed).toBe(true);
    const last = await assess(u, 7, plausibleAnswers(dayOf(7)));
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ passed: false, awaitingReview: true, score: 0.65 });
    expect(last.body.feedback).toContain('awaiting review');

    let progress = await progressOf(u);
    expect(progress.days[6]).toMatchObject({ passed: false, project: { status: 'awaiting-review', score: 0.65 } });
    expect(progress).toMatchObject({ completed: false, certificateId: null });
    expect(await h.sql('select 1 from certificates where user_id = ?', [u.id])).toHaveLength(0);

    const [item] = await pendingItemsOf(u.id);
    expect(item).toMatchObject({ day: 7, status: 'pending', bot: { passed: true, score: 0.65 } });
    const graded = await h.post(`/api/admin/review/${item.id}/grade`, { passed: true, score: 0.7 }, { token: studio });
    expect(graded.status).toBe(200);
    progress = await progressOf(u);
    expect(progress).toMatchObject({ completed: true, certificateId: expect.any(String) });
    expect(progress.days[6].project).toMatchObject({ status: 'passed', gradedBy: 'reviewer' });
  });

  it('lets the bot complete a challenge when one day passed it clearly', async () => {
    const u = await enrolled('clear-day');
    await named(u);
    setNow('2030-03-20T00:00:00Z');
    const assessor = h.app.get(ProjectAssessor);
    jest.spyOn(assessor, 'assess').mockImplementation((_user, input) =>
      Promise.resolve({
        passed: true,
        score: input.answers === undefined || Object.keys(input.answers)[0] !== 'plan_1' ? 0.65 : 0.7,
        feedback: 'Every field answered.',
        assessor: 'builtin',
      }),
    );
    for (let d = 1; d <= 7; d++) {
      await submitQuiz(u, d, 'right');
      expect((await assess(u, d, plausibleAnswers(dayOf(d)))).body).toMatchObject({
        passed: true,
        awaitingReview: false,
      });
    }
    expect(await progressOf(u)).toMatchObject({ completed: true, certificateId: expect.any(String) });
  });
});

describe('the review queue', () => {
  it('lists pending items to studio users only, in the react-admin dialect', async () => {
    const u = await enrolled('queue');
    const sub = await h.post<{ submissionId: string }>(
      url('/days/1/project'),
      { payload: DAY1_GOOD },
      { token: u.token },
    );
    const filter = encodeURIComponent(JSON.stringify({ status: 'pending', userId: u.id }));
    const res = await h.get<ReviewItem[]>(
      `/api/admin/review?filter=${filter}&sort=${encodeURIComponent('["createdAt","ASC"]')}&range=[0,24]`,
      { token: studio },
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('review 0-0/1');
    expect(res.body).toEqual([
      {
        id: sub.body.submissionId,
        title: '7-Day Breath Reset · Day 1: Diaphragmatic Breathing',
        taskId: 'vagus-breath-7/day-1',
        userId: u.id,
        subjectId: 'vagus-nerve',
        moduleId: CID,
        type: 'other',
        validatorType: 'rubric',
        url: null,
        content: Object.entries(DAY1_GOOD)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
        status: 'pending',
        createdAt: expect.any(String),
        score: null,
        passed: null,
        note: null,
        gradedBy: null,
        gradedAt: null,
        challengeId: CID,
        day: 1,
        criteria: expect.arrayContaining([expect.stringContaining('baseline breathing rate')]),
        bot: null,
      },
    ]);
    const one = await h.get<ReviewItem>(`/api/admin/review/${sub.body.submissionId}`, { token: studio });
    expect(one.body).toEqual(res.body[0]);

    expect((await h.get('/api/admin/review')).status).toBe(401);
    expect((await h.get('/api/admin/review', { token: u.token })).status).toBe(403);
    const bad = await h.get<ApiError>(`/api/admin/review?filter=${encodeURIComponent('{"status":"lost"}')}`, {
      token: studio,
    });
    expect([bad.status, bad.body.message]).toEqual([400, 'filter.status must be one of: pending, graded, auto-passed']);
    expect((await h.get('/api/admin/review/not-a-uuid', { token: studio })).status).toBe(400);
    const missing = await h.get<ApiError>('/api/admin/review/00000000-0000-4000-8000-000000000000', { token: studio });
    expect([missing.status, missing.body.message]).toEqual([404, 'Review item not found']);
  });

  it('shows a link submission as a link', async () => {
    const u = await enrolled('link');
    await h.post(
      url('/days/1/project'),
      { payload: { how_you_felt: ' https://example.org/my-notes ' } },
      { token: u.token },
    );
    const [item] = await pendingItemsOf(u.id);
    expect(item).toMatchObject({ type: 'link', url: 'https://example.org/my-notes', content: null });
  });

  it("a passing grade closes the item and passes the learner's day; grading twice is 409", async () => {
    const u = await enrolled('grade');
    await submitQuiz(u, 1, 'right');
    const sub = await h.post<{ submissionId: string }>(
      url('/days/1/project'),
      { payload: DAY1_GOOD },
      { token: u.token },
    );
    const graded = await h.post<ReviewItem>(
      `/api/admin/review/${sub.body.submissionId}/grade`,
      { passed: true, score: 0.9, rubric: { note: 'Clear and honest.' } },
      { token: studio },
    );
    expect(graded.status).toBe(200);
    expect(graded.body).toMatchObject({
      id: sub.body.submissionId,
      status: 'graded',
      score: 0.9,
      passed: true,
      note: 'Clear and honest.',
      gradedBy: 'reviewer',
    });
    const day1 = (await progressOf(u)).days[0];
    expect(day1).toMatchObject({
      passed: true,
      project: { status: 'passed', score: 0.9, feedback: 'Clear and honest.', gradedBy: 'reviewer' },
    });
    expect(await pendingItemsOf(u.id)).toEqual([]);

    const twice = await h.post<ApiError>(
      `/api/admin/review/${sub.body.submissionId}/grade`,
      { passed: false, score: 0.1, rubric: { note: 'Changed my mind' } },
      { token: studio },
    );
    expect([twice.status, twice.body.message]).toEqual([409, 'This item is not pending: it has been graded already']);
    expect((await progressOf(u)).days[0].project?.status).toBe('passed');
  });

  it("refuses a reviewer's grade of their own submission (403), and leaves it pending for someone else", async () => {
    const u = await enrolled('self-grade');
    await h.sql(`insert into user_roles (user_id, role, created_at) values (?, 'studio', now())`, [u.id]);
    const sub = await h.post<{ submissionId: string }>(
      url('/days/1/project'),
      { payload: DAY1_GOOD },
      { token: u.token },
    );
    const own = await h.post<ApiError>(
      `/api/admin/review/${sub.body.submissionId}/grade`,
      { passed: true, score: 1, rubric: { note: 'Excellent, says I.' } },
      { token: u.token },
    );
    expect([own.status, own.body.message]).toEqual([403, 'You cannot grade your own submission']);
    // Still pending; and the role is real: the same reviewer grades someone else's item.
    expect((await pendingItemsOf(u.id)).map((i) => i.id)).toEqual([sub.body.submissionId]);
    const other = await enrolled('self-grade-other');
    const theirs = await h.post<{ submissionId: string }>(
      url('/days/1/project'),
      { payload: DAY1_GOOD },
      { token: other.token },
    );
    const graded = await h.post(
      `/api/admin/review/${theirs.body.submissionId}/grade`,
      { passed: false, score: 0.3 },
      { token: u.token },
    );
    expect(graded.status).toBe(200);
    expect((await progressOf(u)).days[0].project?.status).toBe('pending');
  });

  it('a failing grade marks the project failed; a new project makes it pending again', async () => {
    const u = await enrolled('fail');
    const sub = await h.post<{ submissionId: string }>(
      url('/days/1/project'),
      { payload: DAY1_GOOD },
      { token: u.token },
    );
    for (const body of [{ passed: true, score: 2 }, { passed: 'yes', score: 0.5 }, { score: 0.5 }]) {
      expect((await h.post(`/api/admin/review/${sub.body.submissionId}/grade`, body, { token: studio })).status).toBe(
        400,
      );
    }
    const graded = await h.post<ReviewItem>(
      `/api/admin/review/${sub.body.submissionId}/grade`,
      { passed: false, score: 0.2, rubric: { note: 'Add how you felt.' } },
      { token: studio },
    );
    expect(graded.status).toBe(200);
    expect((await progressOf(u)).days[0]).toMatchObject({
      passed: false,
      project: { status: 'failed', score: 0.2, feedback: 'Add how you felt.', gradedBy: 'reviewer' },
    });
    await h.post(url('/days/1/project'), { payload: DAY1_GOOD }, { token: u.token });
    expect((await progressOf(u)).days[0].project?.status).toBe('pending');
  });
});

describe('completing a challenge', () => {
  const certificateRows = (userId: string) =>
    h.sql<{ id: string }>('select id from certificates where user_id = ? and challenge_id = ?', [userId, CID]);

  /** Passes the quiz and (through the bot) the project of each day. */
  async function passDays(u: TestUser, days: number[]) {
    for (const d of days) {
      expect((await submitQuiz(u, d, 'right')).body).toMatchObject({ passed: true });
      const bot = await h.post<Assessment>(
        url(`/days/${d}/bot/assess`),
        { submission: plausibleAnswers(dayOf(d)) },
        { token: u.token },
      );
      expect([bot.status, bot.body.passed, bot.body.feedback]).toEqual([200, true, expect.any(String)]);
    }
  }

  it('issues the certificate once every day is passed', async () => {
    const u = await enrolled('complete');
    await named(u);
    setNow('2030-03-20T00:00:00Z');
    const certificates = h.app.get(CertificatesService);
    const issue = jest.spyOn(certificates, 'issueIfNotIssued');
    await passDays(u, [1, 2, 3, 4, 5, 6]);
    expect(issue).not.toHaveBeenCalled();
    expect((await progressOf(u)).completed).toBe(false);

    setNow('2030-03-21T10:00:00Z');
    await passDays(u, [7]);
    expect(issue).toHaveBeenCalledTimes(1);
    // The credential states the real span: day 1 opened at New York's midnight, day 7 was passed a day later.
    const span = { startDate: '2030-03-10T05:00:00.000Z', endDate: '2030-03-21T10:00:00.000Z' };
    expect(issue).toHaveBeenCalledWith(u.id, CID, span);
    const progress = await progressOf(u);
    expect(progress.completed).toBe(true);
    expect(progress.days.every((d) => d.passed)).toBe(true);
    expect(progress.certificateId).toEqual(expect.any(String));
    expect(progress.certificateNeedsName).toBe(false);
    expect(progress.certificateId).toBe(await certificates.idFor(u.id, CID));
    expect(await certificateRows(u.id)).toEqual([{ id: progress.certificateId }]);
    const page = await h.get<{ credential: { credentialSubject: Record<string, unknown> } }>(
      `/api/certificates/${progress.certificateId}`,
    );
    expect(page.body.credential.credentialSubject).toMatchObject({
      activityStartDate: span.startDate,
      activityEndDate: span.endDate,
    });
  });

  it('decides the last two submissions one after the other: both succeed, the certificate is asked for once', async () => {
    const u = await enrolled('race');
    await named(u);
    setNow('2030-03-20T00:00:00Z');
    await passDays(u, [1, 2, 3, 4, 5]);
    for (const d of [6, 7]) await submitQuiz(u, d, 'right');
    const certificates = h.app.get(CertificatesService);
    const issue = jest.spyOn(certificates, 'issueIfNotIssued');
    // Make the race real: each request, having passed its own day, waits for the other before it counts the days
    // passed: until the other has passed its day too (unserialised: both would count six of seven and neither
    // would ask for the certificate), or until the other waits for a lock (serialised by the enrolment lock).
    const repo = h.app.get(ChallengesRepository);
    const passDay = repo.passDayIfDone.bind(repo);
    let arrived = 0;
    const otherWaitsForALock = async () =>
      (
        await h.sql<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0].n > 0;
    jest.spyOn(repo, 'passDayIfDone').mockImplementation(async (...args) => {
      const passed = await passDay(...args);
      arrived += 1;
      const deadline = Date.now() + 15_000;
      while (arrived < 2 && !(await otherWaitsForALock())) {
        if (Date.now() > deadline) throw new Error('the other request neither passed its day nor waited for a lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return passed;
    });

    const [six, seven] = await Promise.all(
      [6, 7].map((d) =>
        h.post<Assessment>(
          url(`/days/${d}/bot/assess`),
          { submission: plausibleAnswers(dayOf(d)) },
          { token: u.token },
        ),
      ),
    );
    expect([six.status, six.body.passed, seven.status, seven.body.passed]).toEqual([200, true, 200, true]);
    expect(arrived).toBe(2);
    expect(issue).toHaveBeenCalledTimes(1);
    expect(issue).toHaveBeenCalledWith(u.id, CID, {
      startDate: '2030-03-10T05:00:00.000Z',
      endDate: '2030-03-20T00:00:00.000Z',
    });
    const progress = await progressOf(u);
    expect(progress.completed).toBe(true);
    expect(progress.certificateId).toEqual(expect.any(String));
    expect(await certificateRows(u.id)).toEqual([{ id: progress.certificateId }]);
  });
});

describe('analytics', () => {
  it('counts enrolments and certificates per challenge, every challenge listed', async () => {
    const before = await h.get<Analytics>('/api/admin/analytics', { token: studio });
    expect(before.status).toBe(200);
    expect(before.body.enrollments.map((e) => e.challengeId).sort()).toEqual([
      'vagus-breath-7',
      'vagus-reset-14',
      'vagus-tvns-10',
    ]);
    expect(before.body.certificates.map((e) => e.challengeId)).toEqual(
      before.body.enrollments.map((e) => e.challengeId),
    );
    const stored = await h.sql<{ challenge_id: string; n: number }>(
      'select challenge_id, count(*)::int as n from challenge_enrollments group by challenge_id',
    );
    for (const e of before.body.enrollments)
      expect(e.count).toBe(stored.find((s) => s.challenge_id === e.challengeId)?.n ?? 0);
    const certs = await h.app.get(CertificatesService).countsByChallenge();
    for (const c of before.body.certificates) expect(c.count).toBe(certs.get(c.challengeId) ?? 0);

    await enrolled('analytics');
    const after = await h.get<Analytics>('/api/admin/analytics', { token: studio });
    const count = (a: Analytics, id: string) => a.enrollments.find((e) => e.challengeId === id)!.count;
    expect(count(after.body, CID)).toBe(count(before.body, CID) + 1);
    expect(count(after.body, 'vagus-tvns-10')).toBe(count(before.body, 'vagus-tvns-10'));

    const learner = await h.newUser('analytics-learner');
    expect((await h.get('/api/admin/analytics', { token: learner.token })).status).toBe(403);
    expect((await h.get('/api/admin/analytics')).status).toBe(401);
  });
});

describe('the test clock', () => {
  it('is not mounted without TEST_CLOCK', async () => {
    const res = await h.put<ApiError>('/api/test/clock', { offsetMs: 86_400_000 }, { token: admin });
    expect(res.status).toBe(404);
  });
});
