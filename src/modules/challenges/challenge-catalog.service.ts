import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { EntitlementsService } from '../catalog/entitlements.service';
import { CHALLENGE_CLOCK, type ChallengeClock } from './challenge-clock';
import {
  type ChallengeRecord,
  ChallengesRepository,
  type DayRecord,
  type SyllabusDayRecord,
} from './challenges.repository';
import type {
  ChallengeListResponse,
  ChallengeSummaryResponse,
  ChallengeSyllabusResponse,
  DayContentResponse,
  QuizQuestionResponse,
  SyllabusDayResponse,
} from './dto/challenges.dto';
import { expectedFieldNames } from './entities';
import { fitsQuiz, shuffledOrder } from './quiz-order';
import { unlockAtIso } from './unlock-time';

export const CHALLENGE_NOT_FOUND = 'Challenge not found';
export const DAY_NOT_FOUND = 'Day not found';
export const NO_ACCESS_MESSAGE = 'You need access to this course';
const DEFAULT_EST_MINUTES = 15;

export function toChallengeSummary(c: ChallengeRecord): ChallengeSummaryResponse {
  return { id: c.id, name: c.name, tagline: c.tagline, subjectId: c.subjectId, daysCount: c.daysCount };
}

function toSyllabusDay(d: SyllabusDayRecord): SyllabusDayResponse {
  return { day: d.day, title: d.title, tool: d.tool, est_minutes: d.estMinutes || DEFAULT_EST_MINUTES };
}

/**
 * What a challenge is and who may open it: the list, the syllabus and one day's content (never the quiz
 * answers). The day's content is the course's: it needs an active entitlement to the challenge's subject
 * (studio staff need none, as on every course route), an enrolment and the day's unlock time.
 */
@Injectable()
export class ChallengeCatalogService {
  constructor(
    private readonly repo: ChallengesRepository,
    private readonly entitlements: EntitlementsService,
    @Inject(CHALLENGE_CLOCK) private readonly clock: ChallengeClock,
  ) {}

  async list(): Promise<ChallengeListResponse> {
    return { challenges: (await this.repo.listChallenges()).map(toChallengeSummary) };
  }

  async syllabus(cid: string): Promise<ChallengeSyllabusResponse> {
    const challenge = await this.challenge(cid);
    const days = await this.repo.listDays(cid);
    return { ...toChallengeSummary(challenge), days: days.map(toSyllabusDay) };
  }

  async challenge(cid: string): Promise<ChallengeRecord> {
    const challenge = await this.repo.getChallenge(cid);
    if (!challenge) throw new NotFoundException(CHALLENGE_NOT_FOUND);
    return challenge;
  }

  /** The challenge and one of its days; 404 for either unknown. */
  async day(cid: string, day: number): Promise<{ challenge: ChallengeRecord; day: DayRecord }> {
    const challenge = await this.challenge(cid);
    const found = day >= 1 && day <= challenge.daysCount ? await this.repo.getDay(cid, day) : null;
    if (!found) throw new NotFoundException(DAY_NOT_FOUND);
    return { challenge, day: found };
  }

  /** 403 unless the caller may open the challenge's course. */
  async requireAccess(user: AuthUser, challenge: ChallengeRecord): Promise<void> {
    if (user.roles.includes('studio')) return;
    if (!(await this.entitlements.hasActive(user.id, challenge.subjectId)))
      throw new ForbiddenException(NO_ACCESS_MESSAGE);
  }

  /** A challenge the caller may open; 404 / 403 otherwise. */
  async accessible(user: AuthUser, cid: string): Promise<ChallengeRecord> {
    const challenge = await this.challenge(cid);
    await this.requireAccess(user, challenge);
    return challenge;
  }

  /**
   * The day's quiz in the learner's served order (stored: submissions are graded against it). The right
   * option leaves the server only once the learner passed the quiz.
   */
  private async servedQuiz(user: AuthUser, day: DayRecord): Promise<QuizQuestionResponse[]> {
    const quiz = day.quiz ?? [];
    const key = { userId: user.id, challengeId: day.challengeId, day: day.day };
    const served = await this.repo.serveQuizOrder(key, shuffledOrder(quiz));
    let order = served.quizOrder;
    const quizPassed = served.quizPassed;
    if (!fitsQuiz(order, quiz)) {
      order = shuffledOrder(quiz);
      await this.repo.replaceQuizOrder(key, order);
    }
    return quiz.map((item, q) => ({
      q: item.q,
      options: order[q].map((i) => item.options[i]),
      correct_option: quizPassed ? order[q].indexOf(item.answer) : null,
    }));
  }

  async dayContent(user: AuthUser, cid: string, dayNumber: number): Promise<DayContentResponse> {
    const { challenge, day } = await this.day(cid, dayNumber);
    await this.requireAccess(user, challenge);
    const enrollment = await this.repo.getEnrollment(user.id, cid);
    const unlockAt = enrollment
      ? unlockAtIso(enrollment.startLocalDate, dayNumber, enrollment.timezone, enrollment.dailyUnlockLocalTime)
      : null;
    const locked = unlockAt === null || this.clock.now().getTime() < Date.parse(unlockAt);
    const base = { ...toSyllabusDay(day), locked, unlock_at: unlockAt };
    if (locked) return { ...base, lesson: null, quiz: [], micro_project: null };
    return {
      ...base,
      lesson: { summary: day.lesson.summary, steps: [...(day.lesson.steps ?? [])] },
      quiz: await this.servedQuiz(user, day),
      // The names only: what a field's answer is checked for stays on the server.
      micro_project: { desc: day.microProject.desc, expected_fields: expectedFieldNames(day.microProject) },
    };
  }
}
