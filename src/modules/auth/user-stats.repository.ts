import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Compared, type StatsPeriods, sumByDay } from '../../common/stats/period';

@Injectable()
export class UserStatsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Accounts with the learner role created in each period (users.created_at), read from
   * `new_learner_day_counts`: the periods are whole UTC days, and triggers keep each day's count of such accounts.
   */
  async newLearners(p: StatsPeriods): Promise<Compared> {
    const [row] = await this.em.execute<Compared[]>(...sumByDay('new_learner_day_counts', 'learners', p));
    return { current: row.current, previous: row.previous };
  }
}
