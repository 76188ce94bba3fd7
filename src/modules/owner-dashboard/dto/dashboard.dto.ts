import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Matches } from 'class-validator';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `GET /api/admin/dashboard?from=&to=`: both days included, UTC, at most MAX_DASHBOARD_DAYS. */
export class DashboardQueryDto {
  @ApiProperty({ example: '2026-11-01', description: 'first day of the period (UTC), YYYY-MM-DD' })
  @Matches(DATE, { message: 'from must be a date as YYYY-MM-DD' })
  from!: string;

  @ApiProperty({ example: '2026-11-30', description: 'last day of the period (UTC, included), YYYY-MM-DD' })
  @Matches(DATE, { message: 'to must be a date as YYYY-MM-DD' })
  to!: string;
}

export class ComparedFigure {
  @ApiProperty({ type: 'integer' }) current!: number;
  @ApiProperty({ type: 'integer' }) previous!: number;
}

export class ComparedRate {
  @ApiProperty({ type: 'number', nullable: true, description: '0..1, null without enrolments' })
  current!: number | null;
  @ApiProperty({ type: 'number', nullable: true }) previous!: number | null;
}

export class DashboardFigures {
  @ApiProperty({ type: ComparedFigure, description: 'accounts with the learner role created' })
  newLearners!: ComparedFigure;
  @ApiProperty({ type: ComparedFigure, description: 'learners with an answer, review or submitted test' })
  activeLearners!: ComparedFigure;
  @ApiProperty({ type: ComparedFigure, description: 'learners who submitted a diagnostic' })
  diagnosticTakers!: ComparedFigure;
  @ApiProperty({ type: ComparedFigure, description: 'topics completed (check passed or level at least 0.7)' })
  topicsCompleted!: ComparedFigure;
  @ApiProperty({ type: ComparedFigure, description: 'challenge enrolments started' })
  challengeEnrollments!: ComparedFigure;
  @ApiProperty({ type: ComparedRate, description: 'certificates over the enrolments started in the period' })
  challengeCompletionRate!: ComparedRate;
  @ApiProperty({ type: ComparedFigure }) certificatesIssued!: ComparedFigure;
  @ApiProperty({ type: 'integer', description: 'review items pending now' }) pendingReview!: number;
  @ApiProperty({ type: ComparedFigure, description: 'generation jobs that ended failed' })
  failedJobs!: ComparedFigure;
}

export class CourseSalesResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ example: 'usd' }) currency!: string;
  @ApiProperty({ type: 'integer' }) sales!: number;
  @ApiProperty({ type: 'integer', description: 'minor units' }) gross!: number;
  @ApiProperty({ type: 'integer', description: 'minor units refunded since' }) refunded!: number;
  @ApiProperty({ type: 'integer', description: 'minor units under an open or lost dispute' }) disputed!: number;
  @ApiProperty({ type: 'integer', description: 'gross less refunds and disputes' }) net!: number;
}

export class CurrencyAmount {
  @ApiProperty({ example: 'usd' }) currency!: string;
  @ApiProperty({ type: 'integer', description: 'minor units' }) amount!: number;
}

export class DashboardRevenue {
  @ApiProperty({ type: [CourseSalesResponse] }) current!: CourseSalesResponse[];
  @ApiProperty({ type: [CourseSalesResponse] }) previous!: CourseSalesResponse[];
  @ApiProperty({ type: [CurrencyAmount], description: 'net per currency, this period' })
  netCurrent!: CurrencyAmount[];
  @ApiProperty({ type: [CurrencyAmount], description: 'net per currency, previous period' })
  netPrevious!: CurrencyAmount[];
}

export class DashboardDay {
  @ApiProperty({ example: '2026-11-01' }) date!: string;
  @ApiProperty({ type: 'integer' }) activeLearners!: number;
  @ApiPropertyOptional({ type: [CurrencyAmount], description: 'net revenue of the day (admins only)' })
  revenue?: CurrencyAmount[];
}

export class DashboardResponse {
  @ApiProperty({ example: '2026-11-01' }) from!: string;
  @ApiProperty({ example: '2026-11-30' }) to!: string;
  @ApiProperty({ example: '2026-10-02', description: 'the previous period, of equal length' }) previousFrom!: string;
  @ApiProperty({ example: '2026-10-31' }) previousTo!: string;
  @ApiProperty({ type: DashboardFigures }) figures!: DashboardFigures;
  @ApiProperty({ type: [DashboardDay] }) series!: DashboardDay[];
  @ApiPropertyOptional({ type: DashboardRevenue, description: 'admins only: the admin role guards money' })
  revenue?: DashboardRevenue;
}
