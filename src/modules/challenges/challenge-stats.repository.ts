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

  /**
   * Every challenge in content order: enrolled → day 1 passed → … → certificate, over all time. Each count is
   * one grouped pass over its table (passed days from their partial index alone), not one pass per challenge.
   */
  async funnels(): Promise<ChallengeFunnelRecord[]> {
    return this.em.execute<ChallengeFunnelRecord[]>(
      `with passed as materialized (
         select challenge_id, day, count(*)::int as n from challenge_day_progress where passed group by 1, 2
       ), enrolled as (
         select challenge_id, count(*)::int as n from challenge_enrollments group by 1
       ), certified as (
         select challenge_id, count(*)::int as n from certificates group by 1
       )
       select c.id as "challengeId", c.days_count as "daysCount", coalesce(e.n, 0) as enrolled,
              array(select coalesce(p.n, 0)
                      from generate_series(1, c.days_count) d(day)
                      left join passed p on p.challenge_id = c.id and p.day = d.day
                     order by d.day) as "daysPassed",
              coalesce(x.n, 0) as certified
         from challenges c
         left join enrolled e on e.challenge_id = c.id
         left join certified x on x.challenge_id = c.id
        order by c.created_at, c.id`,
    );
  }
}
