import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Day, StatsPeriods } from '../../common/stats/period';

export interface SalesRecord {
  subjectId: string;
  currency: string;
  period: 'current' | 'previous';
  /** payments completed in the period */
  sales: number;
  /** their amount, in the currency's minor unit */
  gross: number;
  /** of which refunded since */
  refunded: number;
  /** of which under a dispute that is open or lost (not won) */
  disputed: number;
}

/**
 * A sale is a checkout session paid in the period (completed_at), whatever became of it; a refund or a dispute
 * not settled in our favour takes its amount back out of the period it was sold in.
 */
const SALES = `
  select s.subject_id, s.currency, s.amount, s.completed_at, s.status = 'refunded' as refunded,
         s.status <> 'refunded' and exists (
           select 1 from payment_disputes d
            where d.payment_intent_id = s.payment_intent_id and d.status not in ('won', 'warning_closed')) as disputed
    from checkout_sessions s
   where s.status in ('paid', 'refunded') and s.completed_at >= ? and s.completed_at < ?`;

@Injectable()
export class SalesStatsRepository {
  constructor(private readonly em: EntityManager) {}

  async salesByCourse(p: StatsPeriods): Promise<SalesRecord[]> {
    return this.em.execute<SalesRecord[]>(
      `select subject_id as "subjectId", currency,
              case when completed_at >= ? then 'current' else 'previous' end as period,
              count(*)::int as sales, sum(amount)::int as gross,
              coalesce(sum(amount) filter (where refunded), 0)::int as refunded,
              coalesce(sum(amount) filter (where disputed), 0)::int as disputed
         from (${SALES}) x
        group by 1, 2, 3 order by 1, 2, 3`,
      [p.current.from, p.previous.from, p.current.to],
    );
  }

  /** Net revenue per UTC day of [from, to) and currency (days without sales are left out). */
  async dailyNet(from: Date, to: Date): Promise<{ day: Day; currency: string; net: number }[]> {
    return this.em.execute<{ day: Day; currency: string; net: number }[]>(
      `select to_char(date_trunc('day', completed_at at time zone 'UTC'), 'YYYY-MM-DD') as day, currency,
              coalesce(sum(amount) filter (where not refunded and not disputed), 0)::int as net
         from (${SALES}) x group by 1, 2 order by 1, 2`,
      [from, to],
    );
  }
}
