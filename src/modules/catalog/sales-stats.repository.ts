import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Day, type StatsPeriods, utcDay } from '../../common/stats/period';

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
 * not settled in our favour takes its amount back out of the period it was sold in. `sales_day_totals` holds each
 * UTC day's sums per course and currency, kept by triggers on the payments and their disputes
 * (Migration20261209000000SalesDayTotals); the periods are whole UTC days. Sums are read as float8: exact as
 * numbers up to 2^53 minor units, where an int would overflow past 21 million in a currency.
 */
@Injectable()
export class SalesStatsRepository {
  constructor(private readonly em: EntityManager) {}

  async salesByCourse(p: StatsPeriods): Promise<SalesRecord[]> {
    const [curFrom, prevFrom, curTo] = [p.current.from, p.previous.from, p.current.to].map(utcDay);
    return this.em.execute<SalesRecord[]>(
      `select subject_id as "subjectId", currency,
              case when day >= ?::date then 'current' else 'previous' end as period,
              sum(sales)::int as sales, sum(gross)::float8 as gross,
              sum(refunded)::float8 as refunded, sum(disputed)::float8 as disputed
         from sales_day_totals
        where day >= ?::date and day < ?::date
        group by 1, 2, 3 having sum(sales) > 0 order by 1, 2, 3`,
      [curFrom, prevFrom, curTo],
    );
  }

  /** Net revenue per UTC day of [from, to) and currency (days without sales are left out). */
  async dailyNet(from: Date, to: Date): Promise<{ day: Day; currency: string; net: number }[]> {
    return this.em.execute<{ day: Day; currency: string; net: number }[]>(
      `select to_char(day, 'YYYY-MM-DD') as day, currency, sum(gross - refunded - disputed)::float8 as net
         from sales_day_totals where day >= ?::date and day < ?::date
        group by 1, 2 having sum(sales) > 0 order by 1, 2`,
      [utcDay(from), utcDay(to)],
    );
  }
}
