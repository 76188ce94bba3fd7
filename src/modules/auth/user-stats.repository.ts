import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Compared, periodParams, type StatsPeriods } from '../../common/stats/period';

@Injectable()
export class UserStatsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Accounts with the learner role created in each period (users.created_at). */
  async newLearners(p: StatsPeriods): Promise<Compared> {
    const [row] = await this.em.execute<{ current: number; previous: number }[]>(
      `select count(*) filter (where u.created_at >= ? and u.created_at < ?)::int as current,
              count(*) filter (where u.created_at >= ? and u.created_at < ?)::int as previous
         from users u
        where u.created_at >= ? and u.created_at < ?
          and exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'learner')`,
      periodParams(p),
    );
    return { current: row.current, previous: row.previous };
  }
}
