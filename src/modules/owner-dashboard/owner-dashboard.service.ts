import { BadRequestException, Injectable } from '@nestjs/common';
import type { StatsPeriods } from '../../common/stats/period';
import { LearningStatsService } from '../assessment/learning-stats.service';
import { UserStatsService } from '../auth/user-stats.service';
import { type CourseSales, SalesStatsService } from '../catalog/sales-stats.service';
import { ChallengeStatsService } from '../challenges/challenge-stats.service';
import { JobStatsService } from '../jobs/job-stats.service';
import type { CurrencyAmount, DashboardQueryDto, DashboardResponse } from './dto/dashboard.dto';

export const MAX_DASHBOARD_DAYS = 366;
const DAY_MS = 24 * 3600 * 1000;

export const BAD_DATE_MESSAGE = 'from and to must be real dates (YYYY-MM-DD)';
export const BAD_ORDER_MESSAGE = 'from must not be after to';
export const TOO_LONG_MESSAGE = `A period is at most ${MAX_DASHBOARD_DAYS} days`;

function day(text: string): Date {
  const d = new Date(`${text}T00:00:00.000Z`);
  // 2026-02-30 parses to March: a date that does not round-trip is not a date
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text)
    throw new BadRequestException(BAD_DATE_MESSAGE);
  return d;
}
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The period [from, to + 1 day) and the one of equal length just before it. */
export function periodsOf(query: DashboardQueryDto): StatsPeriods {
  const from = day(query.from);
  const to = new Date(day(query.to).getTime() + DAY_MS);
  if (to.getTime() <= from.getTime()) throw new BadRequestException(BAD_ORDER_MESSAGE);
  const length = to.getTime() - from.getTime();
  if (length > MAX_DASHBOARD_DAYS * DAY_MS) throw new BadRequestException(TOO_LONG_MESSAGE);
  return { current: { from, to }, previous: { from: new Date(from.getTime() - length), to: from } };
}

function netByCurrency(rows: CourseSales[]): CurrencyAmount[] {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.net);
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }));
}

/**
 * The owner's dashboard: composes the figures each owning module computes in SQL over its own tables. Money
 * is asked for only when the caller may see it.
 */
@Injectable()
export class OwnerDashboardService {
  constructor(
    private readonly users: UserStatsService,
    private readonly learning: LearningStatsService,
    private readonly challenges: ChallengeStatsService,
    private readonly sales: SalesStatsService,
    private readonly jobs: JobStatsService,
  ) {}

  async dashboard(query: DashboardQueryDto, withMoney: boolean): Promise<DashboardResponse> {
    const periods = periodsOf(query);
    const [newLearners, learning, challenges, failedJobs, sales] = await Promise.all([
      this.users.newLearners(periods),
      this.learning.summary(periods),
      this.challenges.summary(periods),
      this.jobs.failed(periods),
      withMoney ? this.sales.summary(periods) : Promise.resolve(null),
    ]);
    const revenueOn = new Map<string, CurrencyAmount[]>();
    for (const r of sales?.dailyNet ?? [])
      revenueOn.set(r.day, [...(revenueOn.get(r.day) ?? []), { currency: r.currency, amount: r.net }]);
    return {
      from: query.from,
      to: query.to,
      previousFrom: iso(periods.previous.from),
      previousTo: iso(new Date(periods.previous.to.getTime() - DAY_MS)),
      figures: {
        newLearners,
        activeLearners: learning.activeLearners,
        diagnosticTakers: learning.diagnosticTakers,
        topicsCompleted: learning.topicsCompleted,
        challengeEnrollments: challenges.enrollments,
        challengeCompletionRate: challenges.completionRate,
        certificatesIssued: challenges.certificatesIssued,
        pendingReview: challenges.pendingReview,
        failedJobs,
      },
      series: learning.dailyActiveLearners.map((d) => ({
        date: d.day,
        activeLearners: d.count,
        ...(sales ? { revenue: revenueOn.get(d.day) ?? [] } : {}),
      })),
      ...(sales
        ? {
            revenue: {
              current: sales.current,
              previous: sales.previous,
              netCurrent: netByCurrency(sales.current),
              netPrevious: netByCurrency(sales.previous),
            },
          }
        : {}),
    };
  }
}
