import { Injectable } from '@nestjs/common';
import type { Compared, StatsPeriods } from '../../common/stats/period';
import { ChallengeStatsRepository } from './challenge-stats.repository';

export interface ChallengeFigures {
  enrollments: Compared;
  /** certificates over enrolments started in the period (0..1), null without enrolments */
  completionRate: { current: number | null; previous: number | null };
  certificatesIssued: Compared;
  pendingReview: number;
}

/** Figures about challenges for the owner's dashboard. */
@Injectable()
export class ChallengeStatsService {
  constructor(private readonly repo: ChallengeStatsRepository) {}

  async summary(periods: StatsPeriods): Promise<ChallengeFigures> {
    const [figures, pendingReview] = await Promise.all([this.repo.periodFigures(periods), this.repo.pendingReview()]);
    const rate = (certified: number, enrolled: number) => (enrolled > 0 ? certified / enrolled : null);
    return {
      enrollments: figures.enrollments,
      completionRate: {
        current: rate(figures.certifiedEnrollments.current, figures.enrollments.current),
        previous: rate(figures.certifiedEnrollments.previous, figures.enrollments.previous),
      },
      certificatesIssued: figures.certificatesIssued,
      pendingReview,
    };
  }
}
