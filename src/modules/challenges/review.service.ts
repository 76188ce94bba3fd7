import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { RaListQuery } from '../../common/http/ra-list';
import { AuditService } from '../audit/audit.service';
import { CertificatesService } from './certificates/certificates.service';
import { ChallengeCatalogService } from './challenge-catalog.service';
import { CHALLENGE_CLOCK, type ChallengeClock } from './challenge-clock';
import { ChallengeCompletionService } from './challenge-completion.service';
import { ChallengesRepository, type ReviewRecord } from './challenges.repository';
import type { SubmissionStatus } from './entities';
import { REVIEW_STATUSES, type ReviewSortField } from './dto/review.dto';
import type { AnalyticsResponse } from './dto/review.dto';
import { ChallengeStatsRepository } from './challenge-stats.repository';

export const REVIEW_NOT_FOUND = 'Review item not found';
export const NOT_PENDING_MESSAGE = 'This item is not pending: it has been graded already';
export const OWN_SUBMISSION_MESSAGE = 'You cannot grade your own submission';

type ReviewFilters = { status: 'string'; challengeId: 'string'; userId: 'string'; id: 'ids' };

/**
 * The Studio's review queue of micro projects, a reviewer's grade (which updates the learner's day and
 * may complete the challenge), and the challenge analytics.
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: ChallengesRepository,
    private readonly catalog: ChallengeCatalogService,
    private readonly completion: ChallengeCompletionService,
    private readonly certificates: CertificatesService,
    @Inject(CHALLENGE_CLOCK) private readonly clock: ChallengeClock,
    private readonly stats: ChallengeStatsRepository,
    private readonly audit: AuditService,
  ) {}

  list(q: RaListQuery<ReviewSortField, ReviewFilters>): Promise<{ rows: ReviewRecord[]; total: number }> {
    const status = q.filter.status;
    if (status !== undefined && !(REVIEW_STATUSES as readonly string[]).includes(status))
      throw new BadRequestException(`filter.status must be one of: ${REVIEW_STATUSES.join(', ')}`);
    return this.repo.listReview({
      status: status as SubmissionStatus | undefined,
      challengeId: q.filter.challengeId,
      userId: q.filter.userId,
      ids: q.filter.id,
      sort: q.sort.field,
      order: q.sort.order,
      offset: q.range.start,
      limit: q.range.limit,
    });
  }

  async get(id: string): Promise<ReviewRecord> {
    const item = await this.repo.getReview(id);
    if (!item) throw new NotFoundException(REVIEW_NOT_FOUND);
    return item;
  }

  /**
   * Closes a pending item with the reviewer's verdict and applies it to the learner's day. 409 once closed;
   * 403 for the reviewer's own submission (a studio user is a learner too, and must not certify themselves).
   */
  async grade(
    reviewerId: string,
    id: string,
    g: { passed: boolean; score: number; note: string | null },
  ): Promise<ReviewRecord> {
    const item = await this.get(id);
    if (item.userId === reviewerId) throw new ForbiddenException(OWN_SUBMISSION_MESSAGE);
    const challenge = await this.catalog.challenge(item.challengeId);
    const key = { userId: item.userId, challengeId: item.challengeId, day: item.day };
    const completed = await this.em.transactional(async (tx) => {
      const at = this.clock.now();
      // The learner's enrolment first, then the item: the order every progress change takes its locks in.
      await this.repo.lockEnrollment(tx, key.userId, key.challengeId);
      const current = await this.repo.lockSubmission(tx, id);
      if (!current) throw new NotFoundException(REVIEW_NOT_FOUND);
      if (current.status !== 'pending') throw new ConflictException(NOT_PENDING_MESSAGE);
      await this.repo.recordGrade(tx, id, { ...g, reviewerId, at });
      await this.audit.record(
        {
          actorId: reviewerId,
          action: 'review.grade',
          target: { type: 'submission', id },
          details: { passed: g.passed, score: g.score, challengeId: key.challengeId, day: key.day, userId: key.userId },
        },
        tx,
      );
      if (!g.passed) {
        await this.repo.failProject(tx, key, { score: g.score, feedback: g.note, at });
        return false;
      }
      await this.repo.passProject(tx, key, { score: g.score, feedback: g.note, gradedBy: 'reviewer', at });
      return this.completion.afterDayChange(tx, key, challenge.daysCount, at);
    });
    if (completed) await this.completion.issueCertificate(key.userId, key.challengeId);
    return this.get(id);
  }

  /**
   * Enrolments and certificates per challenge, every challenge listed (0 included), in content order; and each
   * challenge's funnel: enrolled → day 1 passed → … → certificate.
   */
  async analytics(): Promise<AnalyticsResponse> {
    const [enrollments, certificates, funnels] = await Promise.all([
      this.repo.enrollmentCounts(),
      this.certificates.countsByChallenge(),
      this.stats.funnels(),
    ]);
    return {
      funnels: funnels.map((f) => ({
        challengeId: f.challengeId,
        steps: [
          { step: 'enrolled', label: 'Enrolled', count: f.enrolled },
          ...f.daysPassed.map((count, i) => ({ step: `day-${i + 1}`, label: `Day ${i + 1} passed`, count })),
          { step: 'certificate', label: 'Certificate', count: f.certified },
        ],
      })),
      enrollments: enrollments.map((e) => ({ challengeId: e.challengeId, count: e.count })),
      certificates: enrollments.map((e) => ({
        challengeId: e.challengeId,
        count: certificates.get(e.challengeId) ?? 0,
      })),
    };
  }
}
