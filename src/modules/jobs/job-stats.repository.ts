import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Compared, periodParams, type StatsPeriods } from '../../common/stats/period';

@Injectable()
export class JobStatsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Generation jobs that ended failed in each period (finished_at; the Jobs screen lists them). */
  async failed(p: StatsPeriods): Promise<Compared> {
    const [row] = await this.em.execute<{ current: number; previous: number }[]>(
      `select count(*) filter (where finished_at >= ? and finished_at < ?)::int as current,
              count(*) filter (where finished_at >= ? and finished_at < ?)::int as previous
         from generation_jobs
        where status = 'failed' and finished_at >= ? and finished_at < ?`,
      periodParams(p),
    );
    return { current: row.current, previous: row.previous };
  }
}
