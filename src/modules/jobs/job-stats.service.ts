import { Injectable } from '@nestjs/common';
import type { Compared, StatsPeriods } from '../../common/stats/period';
import { JobStatsRepository } from './job-stats.repository';

/** Figures about generation jobs for the owner's dashboard. */
@Injectable()
export class JobStatsService {
  constructor(private readonly repo: JobStatsRepository) {}

  failed(periods: StatsPeriods): Promise<Compared> {
    return this.repo.failed(periods);
  }
}
