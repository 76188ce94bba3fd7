import { Injectable } from '@nestjs/common';
import type { Compared, Day, StatsPeriods } from '../../common/stats/period';
import { LearningStatsRepository } from './learning-stats.repository';

/** Figures about learning activity for the owner's dashboard. */
@Injectable()
export class LearningStatsService {
  constructor(private readonly repo: LearningStatsRepository) {}

  async summary(periods: StatsPeriods): Promise<{
    activeLearners: Compared;
    diagnosticTakers: Compared;
    topicsCompleted: Compared;
    dailyActiveLearners: { day: Day; count: number }[];
  }> {
    const [activeLearners, diagnosticTakers, topicsCompleted, dailyActiveLearners] = await Promise.all([
      this.repo.activeLearners(periods),
      this.repo.diagnosticTakers(periods),
      this.repo.topicsCompleted(periods),
      this.repo.dailyActiveLearners(periods.current.from, periods.current.to),
    ]);
    return { activeLearners, diagnosticTakers, topicsCompleted, dailyActiveLearners };
  }
}
