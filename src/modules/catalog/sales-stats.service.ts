import { Injectable } from '@nestjs/common';
import type { Day, StatsPeriods } from '../../common/stats/period';
import { type SalesRecord, SalesStatsRepository } from './sales-stats.repository';

export interface CourseSales {
  subjectId: string;
  currency: string;
  sales: number;
  gross: number;
  refunded: number;
  disputed: number;
  /** gross less refunds and disputes, minor units */
  net: number;
}

/** Money for the owner's dashboard (the admin role guards it: the caller decides who sees this). */
@Injectable()
export class SalesStatsService {
  constructor(private readonly repo: SalesStatsRepository) {}

  async summary(periods: StatsPeriods): Promise<{
    current: CourseSales[];
    previous: CourseSales[];
    dailyNet: { day: Day; currency: string; net: number }[];
  }> {
    const [rows, dailyNet] = await Promise.all([
      this.repo.salesByCourse(periods),
      this.repo.dailyNet(periods.current.from, periods.current.to),
    ]);
    const of = (period: SalesRecord['period']) =>
      rows
        .filter((r) => r.period === period)
        .map(({ period: _period, ...r }) => ({ ...r, net: r.gross - r.refunded - r.disputed }));
    return { current: of('current'), previous: of('previous'), dailyNet };
  }
}
