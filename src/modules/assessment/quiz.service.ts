import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { ENTITLEMENT_CHECKER, EntitlementChecker, NO_ENTITLEMENT_MESSAGE } from '../../common/guards/entitlement.guard';
import { TooManyRequestsException } from '../../common/http/too-many-requests.exception';
import type { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { UserDataService } from '../auth/user-data/user-data.service';
import { type Topic, TopicReader } from '../graph/structure/topic-reader.service';
import { AdaptiveTest, type CatItem, type CatProgress, modelTopics, POPULATION_SIZE, spaceFor } from './adaptive-test';
import { DEFAULT_BKT } from './bkt';
import type { AttemptStatus, QuizKind } from './entities';
import { gate, type GateResult, MASTERED } from './gating';
import { LearningPathService } from './learning-path.service';
import { MasteryService } from './mastery.service';
import { type AttemptRecord, type LoggedAnswer, type QuizItemRecord, QuizRepository } from './quiz.repository';

export const CLINICIAN_SUBJECT = 'vagus-nerve';

export const CLINICIAN_ROLE_MESSAGE = 'The clinician diagnostic needs the clinician role.';
export const CLINICIAN_SUBJECT_MESSAGE = 'The clinician diagnostic is only available for vagus-nerve.';
export const ALREADY_SUBMITTED = 'This attempt has already been submitted';
export const ATTEMPT_NOT_FOUND = 'Attempt not found';
export const ATTEMPT_ABANDONED = 'This attempt was closed: start the test again to continue';
const START_RACE = 'The test could not be started; please try again';
export const NO_QUESTIONS = 'This subject has no quiz questions yet';
export const notInAttempt = (id: string) => `Question ${id} is not part of this attempt`;
export const alreadyAnswered = (id: string) => `Question ${id} has already been answered`;
export const NOT_A_CHOICE = "answer must be one of the question's choice ids";

/** 429 with the contract's message and a Retry-After header (set by the exception filter). */
export class RetakeCooldownException extends TooManyRequestsException {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    const hours = Math.max(1, Math.ceil(retryAfterSeconds / 3600));
    this.message = `You can retake this assessment in ${hours} ${hours === 1 ? 'hour' : 'hours'}.`;
  }

  override getResponse() {
    return { statusCode: 429, message: this.message };
  }
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export type MasteryLabel = 'Not started' | 'Beginner' | 'Intermediate' | 'Advanced';

/** The spec's label of a mastery level: 0 'Not started', below 0.3 'Beginner', below 0.7 'Intermediate', else 'Advanced'. */
export function masteryLabel(level: number): MasteryLabel {
  if (!level) return 'Not started';
  if (level < 0.3) return 'Beginner';
  if (level < 0.7) return 'Intermediate';
  return 'Advanced';
}

const toCatItem = (q: QuizItemRecord): CatItem => ({
  id: q.id,
  topicId: q.nodeId,
  choices: Array.isArray(q.choices) ? q.choices.length : 4,
  difficulty: q.difficulty,
  position: q.position,
});

type Results<T extends readonly (() => Promise<unknown>)[]> = {
  -readonly [K in keyof T]: T[K] extends () => Promise<infer R> ? R : never;
};

/** Runs independent reads, in parallel or one after another, and answers their results in order. */
async function readAll<T extends readonly (() => Promise<unknown>)[]>(
  reads: T,
  how: 'together' | 'one after another',
): Promise<Results<T>> {
  if (how === 'together') return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}

/** A question served earlier in an attempt, with the answer given (no correctness while it is open). */
export interface AskedQuestion {
  question: QuizItemRecord;
  answer: string;
}

/** An attempt as started or resumed: the question to answer now, and what was answered before it. */
export interface StartedAttempt {
  attemptId: string;
  kind: QuizKind;
  subjectId: string;
  question: QuizItemRecord;
  progress: CatProgress;
  /** true when this is the learner's open attempt, resumed where it was */
  resumed: boolean;
  /** 1-based number of `question`: the answers kept + 1 */
  questionNumber: number;
  asked: AskedQuestion[];
}

/** `GET /api/attempts/{id}`: an open attempt's current question, or a closed one's result. */
export interface AttemptState {
  attemptId: string;
  kind: QuizKind;
  subjectId: string;
  status: AttemptStatus;
  questionNumber: number;
  question: QuizItemRecord | null;
  asked: AskedQuestion[];
  progress: CatProgress;
  result: AttemptResult | null;
  createdAt: string;
  submittedAt: string | null;
}

/** A diagnostic's placement: what the learner already knows, where to start, what to learn next. */
export interface Placement {
  /** complete topics among the course's live topics */
  known: number;
  total: number;
  /** the path's next topic, or null (every topic complete, or none ready) */
  start: { id: string; title: string } | null;
  /** ready topics in reading order, at most 5 */
  learnNext: { id: string; title: string; moduleId: string }[];
}

/** A finished attempt's grading, as stored with it and answered. */
export interface AttemptResult extends GateResult {
  /** diagnostics only */
  placement?: Placement;
  attemptId: string;
  score: number;
  /** right or wrong per answer: an assessment item's key and explanation never leave the server */
  graded: { questionId: string; correct: boolean }[];
  /** every live topic's title to its level */
  mastery: Record<string, number>;
  /** the topics the test classified */
  topics: {
    id: string;
    title: string;
    moduleId: string;
    level: number;
    label: MasteryLabel;
    mastered: boolean;
    asked: number;
  }[];
  questionsAsked: number;
  confidence: number;
  knownShare: number;
}

/** One answer taken: the next question, or the result when the test is over. */
export type AnswerOutcome =
  | { attemptId: string; progress: CatProgress; question: QuizItemRecord }
  | { attemptId: string; progress: CatProgress; result: AttemptResult };

interface TestContext {
  topics: Topic[];
  /** the topics the test classifies, in reading order */
  targets: Topic[];
  items: Map<string, QuizItemRecord>;
  test: AdaptiveTest;
}

/**
 * Diagnostics and post tests as computerised adaptive tests (README "Adaptive diagnostic"): one
 * question at a time over a knowledge space of the subject's graph; the calibrated posterior becomes
 * the learner's mastery, and gating runs on it.
 */
@Injectable()
export class QuizService {
  /** the length cap (QUIZ_MAX_QUESTIONS) */
  private readonly cap: number;

  constructor(
    private readonly em: EntityManager,
    private readonly repo: QuizRepository,
    private readonly mastery: MasteryService,
    private readonly structure: TopicReader,
    private readonly userData: UserDataService,
    private readonly paths: LearningPathService,
    @Inject(ENTITLEMENT_CHECKER) private readonly entitlements: EntitlementChecker,
    @InjectConfig() config: AppConfig,
  ) {
    this.cap = config.assessment.maxQuestions;
  }

  /**
   * The test of an attempt: the subject's live topics that have items (the post test: those the
   * learner studied, i.e. has a level for), the population's prior, and the answers so far replayed.
   * `inAttempt`: called inside answer's or submit's transaction, whose one connection every read here
   * runs on (the reads go through the transaction's context).
   */
  private async context(
    userId: string,
    subjectId: string,
    kind: QuizKind,
    answers: LoggedAnswer[],
    inAttempt?: { id: string },
  ): Promise<TestContext> {
    const [topics, rows, seen, population, levels] = await readAll(
      [
        () => this.structure.liveTopics(subjectId),
        () => this.repo.items(subjectId, 'assessment'),
        () => this.repo.seenItems(userId, subjectId, inAttempt?.id),
        () => this.repo.population(subjectId, kind, POPULATION_SIZE),
        () =>
          kind === 'q_final' ? this.mastery.topicLevels(userId, subjectId) : Promise.resolve(new Map<string, number>()),
      ] as const,
      // A connection runs one query at a time: pg queues a query sent while another runs (and pg 9 will
      // refuse it), so in a transaction the reads go one after another; outside one each takes its own
      // pooled connection and they run together.
      inAttempt ? 'one after another' : 'together',
    );
    const withItems = new Set(rows.map((q) => q.nodeId));
    const asked = topics.filter((t) => withItems.has(t.id));
    const model = modelTopics(asked);
    const modelled = new Set(model.map((t) => t.id));
    const studied = asked.filter((t) => modelled.has(t.id) && levels.has(t.id));
    const targets = kind === 'q_final' && studied.length > 0 ? studied : asked.filter((t) => modelled.has(t.id));
    const items = new Map(rows.filter((q) => modelled.has(q.nodeId)).map((q) => [q.id, q]));
    const test = new AdaptiveTest(spaceFor(model, population), [...items.values()].map(toCatItem), {
      targets: targets.map((t) => t.id),
      cap: this.cap,
      seenBefore: seen,
      clinician: kind === 'q_diag_clinician',
    });
    for (const a of answers) {
      const q = items.get(a.questionId);
      if (q) test.observe(toCatItem(q), a.correct);
    }
    return { topics, targets, items, test };
  }

  /**
   * Starts a test, or resumes the learner's open attempt of it (from any page or device): the same
   * question, the answers kept. The cooldown counts from a submitted attempt, so it only refuses a new one.
   */
  async start(user: AuthUser, kind: QuizKind, subjectId: string): Promise<StartedAttempt> {
    if (kind === 'q_diag_clinician') {
      if (!user.roles.includes('clinician')) throw new ForbiddenException(CLINICIAN_ROLE_MESSAGE);
      if (subjectId !== CLINICIAN_SUBJECT) throw new BadRequestException(CLINICIAN_SUBJECT_MESSAGE);
    }
    const open = await this.repo.openAttemptOf(user.id, subjectId, kind);
    if (open) {
      const resumed = await this.resume(user, open);
      if (resumed) return resumed;
    }

    const left = await this.repo.cooldownLeft(user.id, subjectId, kind);
    if (left > 0) throw new RetakeCooldownException(left);

    const { items, test } = await this.context(user.id, subjectId, kind, []);
    const first = test.first();
    if (!first) throw new NotFoundException(NO_QUESTIONS);
    const attemptId = randomUUID();
    const inserted = await this.repo.insertAttempt({
      id: attemptId,
      userId: user.id,
      subjectId,
      kind,
      questionIds: [first.id],
    });
    if (!inserted) {
      // a concurrent start opened it first: that one is the attempt
      const winner = await this.repo.openAttemptOf(user.id, subjectId, kind);
      const resumed = winner && (await this.resume(user, winner));
      if (!resumed) throw new ConflictException(START_RACE);
      return resumed;
    }
    return {
      attemptId,
      kind,
      subjectId,
      question: items.get(first.id)!,
      progress: test.progress(false),
      resumed: false,
      questionNumber: 1,
      asked: [],
    };
  }

  /**
   * An open attempt where it stands: the question served and not yet answered (or the next one, when
   * none is pending), the answers so far and the progress. Null when it has nothing left to ask: it is
   * then submitted with the answers it holds, and the caller starts anew.
   */
  private async resume(user: AuthUser, open: AttemptRecord): Promise<StartedAttempt | null> {
    const state = await this.openState(user, open);
    if (state) return { ...state, resumed: true };
    try {
      await this.submit(user, open.id, []);
    } catch (err) {
      // another request finished it meanwhile: nothing to do
      if (!(err instanceof ConflictException)) throw err;
    }
    return null;
  }

  /** The current question of an open attempt, its earlier questions with the answers given, and its progress. */
  private async openState(user: AuthUser, attempt: AttemptRecord): Promise<Omit<StartedAttempt, 'resumed'> | null> {
    const ctx = await this.context(user.id, attempt.subjectId, attempt.kind, attempt.answers, { id: attempt.id });
    const byId = new Map(
      (await this.repo.itemsById(this.em, attempt.subjectId, attempt.questionIds)).map((q) => [q.id, q]),
    );
    const answered = new Set(attempt.answers.map((a) => a.questionId));
    const currentId = attempt.questionIds.find((id) => !answered.has(id) && byId.has(id));
    let current: QuizItemRecord | undefined = currentId ? byId.get(currentId) : undefined;
    if (!current) {
      // nothing pending (the served question was retired): serve the test's next one. Under the attempt's lock,
      // and only if no answer came in since it was read, so a concurrent answer is never overwritten.
      const next = ctx.test.next(new Set(attempt.questionIds));
      if (!next) return null;
      const served = await this.em.transactional(async (tx) => {
        const locked = await this.repo.lockAttempt(tx, attempt.id);
        if (
          !locked ||
          locked.status !== 'open' ||
          locked.answers.length !== attempt.answers.length ||
          locked.questionIds.length !== attempt.questionIds.length
        )
          return false;
        await this.repo.saveProgress(tx, attempt.id, [...attempt.questionIds, next.id], attempt.answers);
        return true;
      });
      if (!served) {
        // the attempt moved on meanwhile: describe it as it is now
        const now = await this.repo.attempt(attempt.id);
        return now && now.status === 'open' ? this.openState(user, now) : null;
      }
      current = ctx.items.get(next.id)!;
    }
    return {
      attemptId: attempt.id,
      kind: attempt.kind,
      subjectId: attempt.subjectId,
      question: current,
      progress: ctx.test.progress(false),
      questionNumber: attempt.answers.length + 1,
      asked: attempt.answers.flatMap((a) => {
        const q = byId.get(a.questionId) ?? ctx.items.get(a.questionId);
        return q ? [{ question: q, answer: a.answer }] : [];
      }),
    };
  }

  /**
   * `GET /api/attempts/{id}`: the attempt's state, to its owner only (404 for anyone else, so ids
   * reveal nothing), who also needs the course (403). An open attempt names its current question; a
   * submitted one its stored result. Neither carries an answer key.
   */
  async state(user: AuthUser, attemptId: string): Promise<AttemptState> {
    const attempt = await this.repo.attempt(attemptId);
    if (!attempt || attempt.userId !== user.id) throw new NotFoundException(ATTEMPT_NOT_FOUND);
    if (!user.roles.includes('studio') && !(await this.entitlements.hasActive(user.id, attempt.subjectId)))
      throw new ForbiddenException(NO_ENTITLEMENT_MESSAGE);
    const base = {
      status: attempt.status,
      createdAt: new Date(attempt.createdAt).toISOString(),
      submittedAt: attempt.submittedAt ? new Date(attempt.submittedAt).toISOString() : null,
    };
    if (attempt.status === 'open') {
      const open = await this.openState(user, attempt);
      if (open) return { ...open, ...base, result: null };
    }
    const result = attempt.result as AttemptResult | null;
    const byId = new Map(
      (await this.repo.itemsById(this.em, attempt.subjectId, attempt.questionIds)).map((q) => [q.id, q]),
    );
    return {
      ...base,
      attemptId: attempt.id,
      kind: attempt.kind,
      subjectId: attempt.subjectId,
      question: null,
      questionNumber: attempt.answers.length,
      asked: attempt.answers.flatMap((a) => {
        const q = byId.get(a.questionId);
        return q ? [{ question: q, answer: a.answer }] : [];
      }),
      progress: {
        answered: attempt.answers.length,
        remaining: 0,
        cap: this.cap,
        confidence: result?.confidence ?? 0,
      },
      result,
    };
  }

  /** Grades one answer and serves the next question, or finishes the attempt when the test is over. */
  async answer(user: AuthUser, attemptId: string, questionId: string, answer: string): Promise<AnswerOutcome> {
    return this.em.transactional(async (tx) => {
      const attempt = await this.openAttempt(tx, user, attemptId);
      if (!attempt.questionIds.includes(questionId)) throw new BadRequestException(notInAttempt(questionId));
      if (attempt.answers.some((a) => a.questionId === questionId))
        throw new ConflictException(alreadyAnswered(questionId));
      const [item] = await this.repo.itemsById(tx, attempt.subjectId, [questionId]);
      if (!item) throw new ConflictException(`Question ${questionId} no longer exists; submit the attempt`);
      if (!(Array.isArray(item.choices) ? item.choices : []).some((c) => String(c.id) === answer))
        throw new BadRequestException(NOT_A_CHOICE);
      const answers = [...attempt.answers, { questionId, answer, correct: answer === item.correct }];

      const ctx = await this.context(user.id, attempt.subjectId, attempt.kind, answers, { id: attemptId });
      const served = new Set(attempt.questionIds);
      const pending = attempt.questionIds.filter((id) => !answers.some((a) => a.questionId === id));
      // a client that was served a list answers it in any order; the next question comes once it is done
      const nextId = pending[0] ?? ctx.test.next(served)?.id;
      if (!nextId) {
        const result = await this.finish(tx, user, attempt, answers, ctx);
        return { attemptId, progress: ctx.test.progress(true), result };
      }
      const questionIds = served.has(nextId) ? attempt.questionIds : [...attempt.questionIds, nextId];
      await this.repo.saveProgress(tx, attemptId, questionIds, answers);
      return { attemptId, question: ctx.items.get(nextId)!, progress: ctx.test.progress(false) };
    });
  }

  /**
   * Finishes the attempt with the answers given so far and these responses (to questions served and
   * not yet answered). Questions served but never answered are left out.
   */
  async submit(
    user: AuthUser,
    attemptId: string,
    responses: { questionId: string; answer: string }[],
  ): Promise<AttemptResult> {
    return this.em.transactional(async (tx) => {
      const attempt = await this.openAttempt(tx, user, attemptId);
      const served = new Set(attempt.questionIds);
      const given = new Map(attempt.answers.map((a) => [a.questionId, a.answer]));
      const fresh = new Map<string, string>();
      for (const r of responses) {
        if (!served.has(r.questionId)) throw new BadRequestException(notInAttempt(r.questionId));
        if (fresh.has(r.questionId)) throw new BadRequestException(`Question ${r.questionId} is answered twice`);
        const before = given.get(r.questionId);
        if (before !== undefined && before !== r.answer) throw new ConflictException(alreadyAnswered(r.questionId));
        if (before === undefined) fresh.set(r.questionId, r.answer);
      }
      const keys = new Map(
        (await this.repo.itemsById(tx, attempt.subjectId, [...fresh.keys()])).map((q) => [q.id, q.correct]),
      );
      const answers: LoggedAnswer[] = [...attempt.answers];
      for (const id of attempt.questionIds) {
        const a = fresh.get(id);
        if (a !== undefined && keys.has(id)) answers.push({ questionId: id, answer: a, correct: a === keys.get(id) });
      }
      const ctx = await this.context(user.id, attempt.subjectId, attempt.kind, answers, { id: attemptId });
      return this.finish(tx, user, attempt, answers, ctx);
    });
  }

  private async openAttempt(tx: EntityManager, user: AuthUser, attemptId: string) {
    const attempt = await this.repo.lockAttempt(tx, attemptId);
    if (!attempt || attempt.userId !== user.id) throw new NotFoundException(ATTEMPT_NOT_FOUND);
    if (!user.roles.includes('studio') && !(await this.entitlements.hasActive(user.id, attempt.subjectId)))
      throw new ForbiddenException(NO_ENTITLEMENT_MESSAGE);
    if (attempt.status === 'submitted') throw new ConflictException(ALREADY_SUBMITTED);
    if (attempt.status !== 'open') throw new ConflictException(ATTEMPT_ABANDONED);
    return attempt;
  }

  /** Grades, stores the calibrated posterior as mastery, gates, and closes the attempt. */
  private async finish(
    tx: EntityManager,
    user: AuthUser,
    attempt: { id: string; subjectId: string; kind: QuizKind },
    answers: LoggedAnswer[],
    ctx: TestContext,
  ): Promise<AttemptResult> {
    const subjectId = attempt.subjectId;
    const keys = new Map(
      (
        await this.repo.itemsById(
          tx,
          subjectId,
          answers.map((a) => a.questionId),
        )
      ).map((q) => [q.id, q]),
    );
    const graded = answers.map((a) => ({ questionId: a.questionId, correct: a.correct }));
    const score = graded.length
      ? Math.round((graded.filter((g) => g.correct).length / graded.length) * 10000) / 10000
      : 0;

    // The posterior of every topic the test classifies becomes its level; the answers count once, on their topic.
    const posterior = ctx.test.posterior.marginals();
    const perTopic = new Map<string, { attempts: number; correct: number }>();
    for (const a of answers) {
      const nodeId = ctx.items.get(a.questionId)?.nodeId ?? keys.get(a.questionId)?.nodeId;
      if (!nodeId) continue;
      const c = perTopic.get(nodeId) ?? { attempts: 0, correct: 0 };
      c.attempts++;
      c.correct += a.correct ? 1 : 0;
      perTopic.set(nodeId, c);
    }
    // Without a single answer the posterior is only the prior: nothing is learnt, nothing is written.
    const assessed = answers.length > 0 ? ctx.targets : [];
    await this.mastery.applyAssessment(
      tx,
      user.id,
      subjectId,
      assessed.map((t) => ({
        id: t.id,
        title: t.title,
        pKnown: posterior.get(t.id) ?? DEFAULT_BKT.pInit,
        attempts: perTopic.get(t.id)?.attempts ?? 0,
        correct: perTopic.get(t.id)?.correct ?? 0,
      })),
    );

    const levels = await this.mastery.topicLevelsIn(tx, user.id, subjectId);
    for (const t of ctx.topics) if (!levels.has(t.id)) levels.set(t.id, DEFAULT_BKT.pInit);
    const studied = await this.paths.studiedTopics(tx, user.id, subjectId);
    // a diagnostic places the learner: the path after this attempt's levels (its unlocks below do not change it
    // before the next read, so the placement is computed once they are written)
    const diagnostic = attempt.kind !== 'q_final';
    const { nextStep, gating } = gate({
      kind: attempt.kind,
      subjectId,
      score,
      topics: ctx.topics.map((t) => ({ id: t.id, title: t.title, moduleId: t.moduleId })),
      levels,
      assessed: new Set(assessed.map((t) => t.id)),
      studied,
      learnNext: diagnostic ? [] : undefined,
    });
    await this.userData.unlock(tx, user.id, subjectId, gating.unlockModules, 'gating');
    await this.userData.tag(tx, user.id, gating.tagUser, 'gating');
    let placement: Placement | undefined;
    if (diagnostic) {
      const path = await this.paths.compute(user.id, subjectId, undefined, tx);
      const learnNext = path.topics
        .filter((t) => t.ready)
        .slice(0, 5)
        .map((t) => ({ id: t.id, title: t.title, moduleId: t.moduleId }));
      placement = {
        known: path.complete,
        total: path.total,
        start: path.next.type === 'topic' ? path.next.topic : null,
        learnNext,
      };
      if (nextStep.type === 'learn') {
        nextStep.skills = learnNext.map((t) => t.title);
        if (learnNext.length === 0) nextStep.type = path.next.type === 'post_test' ? 'post_test' : 'practice';
      }
    }

    const mastery: Record<string, number> = {};
    for (const t of ctx.topics) mastery[t.title] = round(levels.get(t.id)!);
    const progress = ctx.test.progress(true);
    const result: AttemptResult = {
      attemptId: attempt.id,
      score,
      graded,
      nextStep,
      gating,
      ...(placement ? { placement } : {}),
      mastery,
      topics: ctx.targets.map((t) => {
        const level = round(levels.get(t.id)!);
        return {
          id: t.id,
          title: t.title,
          moduleId: t.moduleId,
          level,
          label: masteryLabel(level),
          mastered: level > MASTERED,
          asked: perTopic.get(t.id)?.attempts ?? 0,
        };
      }),
      questionsAsked: answers.length,
      confidence: progress.confidence,
      knownShare: round(ctx.test.posterior.knownShare()),
    };
    await this.repo.finishAttempt(tx, attempt.id, answers, result);
    return result;
  }

  mine(userId: string, subjectId?: string) {
    return this.mastery.forUser(userId, subjectId);
  }
}
