import { Injectable } from '@nestjs/common';
import type { Compared, StatsPeriods } from '../../common/stats/period';
import { UserStatsRepository } from './user-stats.repository';

/** Figures about accounts for the owner's dashboard. */
@Injectable()
export class UserStatsService {
  constructor(private readonly repo: UserStatsRepository) {}

  newLearners(periods: StatsPeriods): Promise<Compared> {
    return this.repo.newLearners(periods);
  }
}
