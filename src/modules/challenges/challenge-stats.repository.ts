import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Compared, periodParams, type StatsPeriods } from '../../common/stats/period';

export interface ChallengeFunnelRecord {
  challengeId: string;
  daysCount: number;
  enrolled: number;
  /** learners with day N passed, N = 1 … daysCount */
  daysPassed: number[];
  certified: number;
}

@Injectable()
export class ChallengeStatsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Enrolments started in each period, how many of those have a certificate now (the completion rate's
   * numerator), and certificates issued in each period.
   */
  async periodFigures(
    p: StatsPeriods,
  ): Promise<{ enrollments: Compared; certifiedEnrollments: Compared; certificatesIssued: Compared }> {
    const [e] = await this.em.execute<
      { current: number; previous: number; certifiedCurrent: number; certifiedPrevious: number }[]
    >(
      `select count(*) filter (where e.created_at >= ? and e.created_at < ?)::int as current,
              count(*) filter (where e.created_at >= ? and e.created_at < ?)::int as previous,
              count(c.id) filter (where e.created_at >= ? and e.created_at < ?)::int as "certifiedCurrent",
              count(c.id) filter (where e.created_at >= ? and e.created_at < ?)::int as "certifiedPrevious"
         from challenge_enrollments e
         left join certificates c on c.user_id = e.user_id and c.challenge_id = e.challenge_id
        where e.created_at >= ? and e.created_at < ?`,
      [...periodParams(p).slice(0, 4), ...periodParams(p)],
    );
    const [c] = await this.em.execute<{ current: number; previous: number }[]>(
      `select count(*) filter (where issued_at >= ? and issued_at < ?)::int as current,
              count(*) filter (where issued_at >= ? and issued_at < ?)::int as previous
         from certificates where issued_at >= ? and issued_at < ?`,
      periodParams(p),
    );
    return {
      enrollments: { current: e.current, previous: e.previous },
      certifiedEnrollments: { current: e.certifiedCurrent, previous: e.certifiedPrevious },
      certificatesIssued: { current: c.current, previous: c.previous },
    };
  }

  /** Submissions waiting for a reviewer now (the Review screen's pending list). */
  async pendingReview(): Promise<number> {
    const [row] = await this.em.execute<{ n: number }[]>(
      `select count(*)::int as n from challenge_submissions where status = 'pending'`,
    );
    return row.n;
  }

  /** Every challenge in content order: enrolled → day 1 passed → … → certificate, over all time. */
  async funnels(): Promise<ChallengeFunnelRecord[]> {
    return this.em.execute<ChallengeFunnelRecord[]>(
      `select c.id as "challengeId", c.days_count as "daysCount",
              (select count(*) from challenge_enrollments e where e.challenge_id = c.id)::int as enrolled,
              array(select coalesce(p.n, 0)::int
                      from generate_series(1, c.days_count) d(day)
                      left join (select day, count(*) as n from challenge_day_progress
                                  where challenge_id = c.id and passed group by day) p on p.day = d.day
                     order by d.day) as "daysPassed",
              (select count(*) from certificates x where x.challenge_id = c.id)::int as certified
         from challenges c
        order by c.created_at, c.id`,
    );
  }
}
