import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Inject, Injectable, PayloadTooLargeException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { ChallengeCatalogService } from './challenge-catalog.service';
import { CHALLENGE_CLOCK, type ChallengeClock } from './challenge-clock';
import { ChallengeCompletionService } from './challenge-completion.service';
import {
  type ChallengeRecord,
  ChallengesRepository,
  type DayKey,
  type DayRecord,
  type EnrollmentRecord,
} from './challenges.repository';
import { DayLockedException } from './day-locked.filter';
import { type ChallengeRubric, expectedFieldNames, expectedFields } from './entities';
import type {
  AssessmentResponse,
  DayProgressResponse,
  ProgressResponse,
  ProjectSubmittedResponse,
  QuizResultResponse,
} from './dto/challenges.dto';
import { ProjectAssessor } from './project-assessor.service';
import { QUIZ_TRIES_PER_DAY, QuizLimitException } from './quiz-limit.filter';
import { fitsQuiz, shuffledOrder } from './quiz-order';
import {
  canonicalTimeZone,
  localToday,
  nextLocalMidnight,
  parseLocalDate,
  TIME_ZONE_MESSAGE,
  unlockAtIso,
} from './unlock-time';

/** A value of one field, and all of a project, at most (characters; bytes of its JSON). */
export const MAX_FIELD_CHARS = 4000;
export const MAX_PROJECT_BYTES = 16 * 1024;
export const DEFAULT_PASS_SCORE = 0.6;
export const SUBMIT_FIRST_MESSAGE = 'Submit your project first';
/** A bot pass by less than this over the pass mark is narrow (issue 27 §5). */
export const NARROW_MARGIN = 0.1;
export const AWAITING_REVIEW_FEEDBACK =
  'Every day of this challenge passed the automatic check only narrowly, so this last project is awaiting review: a reviewer will confirm it before your certificate is issued.';
export const QUIZ_NOT_SERVED_MESSAGE = "Open the day's quiz first: answers are graded in the order it showed you";

/** How far ahead a learner may plan day 1 (days after their local today). */
export const MAX_START_DAYS_AHEAD = 30;

export function passMark(day: Pick<DayRecord, 'rubric'>): number {
  const p = day.rubric?.pass_score;
  return typeof p === 'number' && p >= 0 && p <= 1 ? p : DEFAULT_PASS_SCORE;
}

/**
 * A learner's side of a challenge: enrolment, progress, the quiz (graded here; answers never leave),
 * the micro project (stored and queued for review) and the bot assessment. Every change runs in a
 * transaction that locks the enrolment first (see ChallengeCompletionService).
 */
@Injectable()
export class ChallengeProgressService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: ChallengesRepository,
    private readonly catalog: ChallengeCatalogService,
    private readonly completion: ChallengeCompletionService,
    private readonly assessor: ProjectAssessor,
    @Inject(CHALLENGE_CLOCK) private readonly clock: ChallengeClock,
  ) {}

  /** Enrols the learner (201) or returns the existing enrolment unchanged (200). */
  async enroll(
    user: AuthUser,
    cid: string,
    input: { startLocalDate: string; timezone: string; dailyUnlockLocalTime: string },
  ): Promise<{ created: boolean; progress: ProgressResponse }> {
    const challenge = await this.catalog.accessible(user, cid);
    const timezone = canonicalTimeZone(input.timezone);
    if (!timezone) throw new BadRequestException(TIME_ZONE_MESSAGE);
    const start = parseLocalDate(input.startLocalDate);
    if (!start) throw new BadRequestException('startLocalDate must be a date written YYYY-MM-DD');
    // A start in the past would open every day at once: day 1 is the learner's local today at the earliest.
    const { from, to } = allowedStartRange(this.clock.now(), timezone);
    if (start < from || start > to)
      throw new BadRequestException(`startLocalDate must be between ${from} and ${to} in ${timezone}`);
    const created = await this.repo.insertEnrollment(user.id, cid, {
      timezone,
      dailyUnlockLocalTime: input.dailyUnlockLocalTime,
      startLocalDate: start,
    });
    return { created, progress: await this.progressOf(user.id, challenge) };
  }

  async progress(user: AuthUser, cid: string): Promise<ProgressResponse> {
    return this.progressOf(user.id, await this.catalog.accessible(user, cid));
  }

  private async progressOf(userId: string, challenge: ChallengeRecord): Promise<ProgressResponse> {
    const [enrollment, rows] = await Promise.all([
      this.repo.getEnrollment(userId, challenge.id),
      this.repo.listProgress(userId, challenge.id),
    ]);
    const now = this.clock.now().getTime();
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const days: DayProgressResponse[] = [];
    for (let day = 1; day <= challenge.daysCount; day++) {
      const unlockAt = enrollment ? unlockAtOf(enrollment, day) : null;
      const row = byDay.get(day);
      days.push({
        day,
        is_unlocked: unlockAt !== null && now >= Date.parse(unlockAt),
        unlock_at: unlockAt,
        quiz: row?.quizBestScore != null ? { score: row.quizBestScore, passed: row.quizPassed } : null,
        project: row?.projectStatus
          ? {
              status: row.projectStatus,
              score: row.projectScore,
              feedback: row.projectFeedback,
              gradedBy: row.projectGradedBy,
            }
          : null,
        passed: row?.passed ?? false,
      });
    }
    const next = enrollment ? days.find((d) => !d.is_unlocked) : undefined;
    const completed = challenge.daysCount > 0 && days.every((d) => d.passed);
    const certificate = await this.completion.certificateFor(userId, challenge.id, completed);
    return {
      enrollment: enrollment
        ? {
            timezone: enrollment.timezone,
            daily_unlock_local_time: enrollment.dailyUnlockLocalTime,
            start_local_date: enrollment.startLocalDate,
            enrolledAt: new Date(enrollment.createdAt).toISOString(),
          }
        : null,
      days,
      nextUnlock: next ? { day: next.day, is_unlocked: false, unlock_at: next.unlock_at } : null,
      completed,
      certificateId: certificate.id,
      certificateNeedsName: certificate.needsName,
    };
  }

  /**
   * Grades the answers (option positions as served to this learner) against the stored served order. At most
   * QUIZ_TRIES_PER_DAY submissions per learner-local day (429 with the next allowed instant); 409 when the day's
   * quiz was never served to the learner. The result is the score and the verdict only: nothing per option.
   */
  async submitQuiz(user: AuthUser, cid: string, dayNumber: number, answers: number[]): Promise<QuizResultResponse> {
    const { challenge, day } = await this.catalog.day(cid, dayNumber);
    await this.catalog.requireAccess(user, challenge);
    const key = { userId: user.id, challengeId: cid, day: dayNumber };
    const { result, completed } = await this.em.transactional(async (tx) => {
      const { at, enrollment } = await this.lockOpenDayOf(tx, key);
      const quiz = day.quiz ?? [];
      if (answers.length !== quiz.length)
        throw new BadRequestException(`answers must give one option index for each of the ${quiz.length} questions`);
      answers.forEach((a, i) => {
        if (a >= quiz[i].options.length)
          throw new BadRequestException(
            `answers[${i}] must be an option index from 0 to ${quiz[i].options.length - 1}`,
          );
      });
      const state = await this.repo.quizState(tx, key);
      const order = state?.quizOrder;
      if (!fitsQuiz(order, quiz)) throw new ConflictException(QUIZ_NOT_SERVED_MESSAGE);
      const today = localToday(at, enrollment.timezone).toString();
      const triesToday = state?.quizTriesDate === today ? state.quizTries : 0;
      if (triesToday >= QUIZ_TRIES_PER_DAY)
        throw new QuizLimitException(nextLocalMidnight(at, enrollment.timezone), at);

      const correct = answers.filter((a, i) => order[i][a] === quiz[i].answer).length;
      const total = quiz.length;
      const score = total === 0 ? 1 : Math.round((correct / total) * 1000) / 1000;
      const passed = score >= passMark(day);
      const tries = triesToday + 1;
      await this.repo.recordQuiz(tx, key, {
        score,
        passed,
        at,
        triesDate: today,
        tries,
        // A failed submission gets a new order: the next one's positions say nothing about this one's.
        order: passed ? order : shuffledOrder(quiz),
      });
      const done = await this.completion.afterDayChange(tx, key, challenge.daysCount, at);
      const triesLeftToday = QUIZ_TRIES_PER_DAY - tries;
      return {
        result: {
          score,
          passed,
          triesLeftToday,
          retryAt: triesLeftToday > 0 ? null : nextLocalMidnight(at, enrollment.timezone).toISOString(),
        },
        completed: done,
      };
    });
    if (completed) await this.completion.issueCertificate(user.id, cid);
    return result;
  }

  async submitProject(
    user: AuthUser,
    cid: string,
    dayNumber: number,
    payload: Record<string, unknown>,
  ): Promise<ProjectSubmittedResponse> {
    const { challenge, day } = await this.catalog.day(cid, dayNumber);
    await this.catalog.requireAccess(user, challenge);
    const key = { userId: user.id, challengeId: cid, day: dayNumber };
    const submissionId = await this.em.transactional(async (tx) => {
      const at = await this.lockOpenDay(tx, key);
      return (await this.store(tx, key, day, payload, at)).id;
    });
    return { submissionId, status: 'pending' };
  }

  /**
   * Assesses the given project (stored first, as `project` does) or the latest stored one. The assessment
   * (possibly an LLM call) runs outside any transaction; its result is applied in a second one.
   */
  async botAssess(
    user: AuthUser,
    cid: string,
    dayNumber: number,
    submission: Record<string, unknown> | undefined,
  ): Promise<AssessmentResponse> {
    const { challenge, day } = await this.catalog.day(cid, dayNumber);
    await this.catalog.requireAccess(user, challenge);
    const key = { userId: user.id, challengeId: cid, day: dayNumber };
    const { target, earlierAnswers } = await this.em.transactional(async (tx) => {
      const at = await this.lockOpenDay(tx, key);
      const earlier = await this.repo.otherDaysAnswers(tx, key);
      if (submission !== undefined)
        return { target: await this.store(tx, key, day, submission, at), earlierAnswers: earlier };
      const latest = await this.repo.latestSubmission(tx, key);
      if (!latest) throw new BadRequestException(SUBMIT_FIRST_MESSAGE);
      return { target: { id: latest.id, payload: latest.payload }, earlierAnswers: earlier };
    });

    const fields = expectedFields(day.microProject);
    const assessment = await this.assessor.assess(user.id, {
      desc: day.microProject.desc,
      expectedFields: fields.map((f) => f.name),
      rules: Object.fromEntries(fields.map((f) => [f.name, { keywords: f.keywords, range: f.range }])),
      earlierAnswers,
      criteria: day.rubric?.criteria ?? [],
      passScore: passMark(day),
      answers: target.payload,
    });

    const { completed, awaitingReview } = await this.em.transactional(async (tx) => {
      const at = this.clock.now();
      await this.repo.lockEnrollment(tx, key.userId, key.challengeId);
      const current = await this.repo.lockSubmission(tx, target.id);
      // Replaced by a newer project, or graded by a reviewer, while the bot was thinking: nothing to apply.
      if (!current) return { completed: false, awaitingReview: false };
      const pending = current.status === 'pending';
      const hold = pending && assessment.passed && (await this.narrowEverywhere(tx, key, day, assessment.score));
      const feedback = hold ? `${assessment.feedback} ${AWAITING_REVIEW_FEEDBACK}` : assessment.feedback;
      await this.repo.recordBotAssessment(tx, target.id, {
        ...assessment,
        feedback,
        at,
        autoPass: assessment.passed && !hold,
      });
      if (!pending) return { completed: false, awaitingReview: false };
      if (hold) {
        await this.repo.awaitReview(tx, key, { score: assessment.score, feedback, at });
        return { completed: false, awaitingReview: true };
      }
      if (!assessment.passed) {
        await this.repo.noteBotOpinion(tx, key, { score: assessment.score, feedback: assessment.feedback, at });
        return { completed: false, awaitingReview: false };
      }
      await this.repo.passProject(tx, key, {
        score: assessment.score,
        feedback: assessment.feedback,
        gradedBy: 'bot',
        at,
      });
      return {
        completed: await this.completion.afterDayChange(tx, key, challenge.daysCount, at),
        awaitingReview: false,
      };
    });
    if (completed) await this.completion.issueCertificate(user.id, cid);
    if (awaitingReview)
      return {
        passed: false,
        awaitingReview,
        score: assessment.score,
        feedback: `${assessment.feedback} ${AWAITING_REVIEW_FEEDBACK}`,
      };
    return { passed: assessment.passed, awaitingReview, score: assessment.score, feedback: assessment.feedback };
  }

  /**
   * Whether this bot pass would be the challenge's last project to pass, and every project of the challenge
   * (this one included) passed the bot by less than NARROW_MARGIN over its day's pass mark. A certificate is
   * then not the bot's call alone: the last day waits for a reviewer.
   */
  private async narrowEverywhere(tx: EntityManager, key: DayKey, day: DayRecord, score: number): Promise<boolean> {
    if (score >= passMark(day) + NARROW_MARGIN) return false;
    const verdicts = await this.repo.projectVerdicts(tx, key.userId, key.challengeId);
    return verdicts
      .filter((v) => v.day !== key.day)
      .every(
        (v) =>
          v.status === 'passed' &&
          v.gradedBy === 'bot' &&
          v.score !== null &&
          v.score < passMark({ rubric: v.rubric as ChallengeRubric }) + NARROW_MARGIN,
      );
  }

  /** Locks the enrolment and checks the day is open; 403 (with the unlock time) otherwise. Returns "now". */
  private async lockOpenDay(tx: EntityManager, key: DayKey): Promise<Date> {
    return (await this.lockOpenDayOf(tx, key)).at;
  }

  private async lockOpenDayOf(tx: EntityManager, key: DayKey): Promise<{ at: Date; enrollment: EnrollmentRecord }> {
    const enrollment = await this.repo.lockEnrollment(tx, key.userId, key.challengeId);
    if (!enrollment) throw new DayLockedException(key.day, null);
    const unlockAt = unlockAtOf(enrollment, key.day);
    const now = this.clock.now();
    if (now.getTime() < Date.parse(unlockAt)) throw new DayLockedException(key.day, unlockAt);
    return { at: now, enrollment };
  }

  /** Checks and stores a project, replacing the learner's pending one for the day; queues it for review. */
  private async store(
    tx: EntityManager,
    key: DayKey,
    day: DayRecord,
    raw: Record<string, unknown>,
    at: Date,
  ): Promise<{ id: string; payload: Record<string, string> }> {
    const payload = validPayload(day, raw);
    const id = randomUUID();
    await this.repo.replacePendingSubmission(tx, key, id, payload);
    await this.repo.markProjectPending(tx, key, at);
    return { id, payload };
  }
}

/** The start dates a learner may choose: their local today (by the challenge clock) up to 30 days ahead. */
export function allowedStartRange(now: Date, timeZone: string): { from: string; to: string } {
  const today = localToday(now, timeZone);
  return { from: today.toString(), to: today.add({ days: MAX_START_DAYS_AHEAD }).toString() };
}

function unlockAtOf(e: EnrollmentRecord, day: number): string {
  return unlockAtIso(e.startLocalDate, day, e.timezone, e.dailyUnlockLocalTime);
}

/** The project as the day expects it: known fields only, strings, capped; 400 / 413 otherwise. */
export function validPayload(day: DayRecord, raw: Record<string, unknown>): Record<string, string> {
  const expected = expectedFieldNames(day.microProject);
  const payload: Record<string, string> = {};
  for (const [field, value] of Object.entries(raw)) {
    if (!expected.includes(field)) throw new BadRequestException(`Unknown field: ${field.slice(0, 100)}`);
    if (typeof value !== 'string') throw new BadRequestException(`${field} must be text`);
    if (value.length > MAX_FIELD_CHARS)
      throw new BadRequestException(`${field} must be at most ${MAX_FIELD_CHARS} characters`);
    payload[field] = value;
  }
  if (Object.values(payload).every((v) => !v.trim())) throw new BadRequestException('Answer at least one field');
  if (Buffer.byteLength(JSON.stringify(payload)) > MAX_PROJECT_BYTES)
    throw new PayloadTooLargeException(`The project is too large: at most ${MAX_PROJECT_BYTES / 1024} KiB in all`);
  return payload;
}
