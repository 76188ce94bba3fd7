import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { raListQueryDto, type RaListSpec } from '../../../common/http/ra-list';
import type { ReviewRecord } from '../challenges.repository';

export const REVIEW_STATUSES = ['pending', 'graded', 'auto-passed'] as const;
export const REVIEW_SORT_FIELDS = ['createdAt', 'status', 'challengeId', 'day'] as const;
export type ReviewSortField = (typeof REVIEW_SORT_FIELDS)[number];

const REVIEW_FILTERS = { status: 'string', challengeId: 'string', userId: 'string', id: 'ids' } as const;

/** What `GET /api/admin/review` sorts and filters by; oldest first (a queue). */
export const REVIEW_LIST: RaListSpec<ReviewSortField, typeof REVIEW_FILTERS> = {
  resource: 'review',
  sortFields: REVIEW_SORT_FIELDS,
  defaultSort: { field: 'createdAt', order: 'ASC' },
  filters: REVIEW_FILTERS,
  maxPageSize: 100,
};

export class ReviewListQueryDto extends raListQueryDto({
  sortFields: REVIEW_SORT_FIELDS,
  sortExample: '["createdAt","ASC"]',
  filter: `status (${REVIEW_STATUSES.join(', ')}; default all), challengeId, userId, id (list of item ids)`,
  filterExample: '{"status":"pending"}',
  maxPageSize: REVIEW_LIST.maxPageSize,
}) {}

export class ReviewIdParam {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'not a review item id' })
  id!: string;
}

export class GradeRubricDto {
  @ApiPropertyOptional({ description: "the reviewer's note, shown to the learner as feedback" })
  @IsOptional()
  @IsString({ message: 'rubric.note must be text' })
  @MaxLength(4000, { message: 'rubric.note must be at most 4000 characters' })
  note?: string;
}

export class GradeDto {
  @ApiProperty()
  @IsBoolean({ message: 'passed must be true or false' })
  passed!: boolean;

  @ApiProperty({ minimum: 0, maximum: 1, example: 0.8 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'score must be a number from 0 to 1' })
  @Min(0, { message: 'score must be a number from 0 to 1' })
  @Max(1, { message: 'score must be a number from 0 to 1' })
  score!: number;

  @ApiPropertyOptional({ type: () => GradeRubricDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => GradeRubricDto)
  rubric?: GradeRubricDto;
}

export class ReviewBotResponse {
  @ApiProperty() passed!: boolean;
  @ApiProperty() score!: number;
  @ApiProperty() feedback!: string;
}

export class ReviewItemResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '7-Day Breath Reset · Day 1: Diaphragmatic Breathing' }) title!: string;
  @ApiProperty({ example: 'vagus-breath-7/day-1' }) taskId!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ description: 'the challenge id', example: 'vagus-breath-7' }) moduleId!: string;
  @ApiProperty({ enum: ['link', 'other'] }) type!: 'link' | 'other';
  @ApiProperty({ enum: ['rubric'] }) validatorType!: 'rubric';
  @ApiProperty({ type: String, nullable: true, description: 'the link, for a link submission' }) url!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the answers as `field: value` lines' })
  content!: string | null;
  @ApiProperty({ enum: REVIEW_STATUSES }) status!: (typeof REVIEW_STATUSES)[number];
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: Number, nullable: true }) score!: number | null;
  @ApiProperty({ type: Boolean, nullable: true }) passed!: boolean | null;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
  @ApiProperty({ enum: ['bot', 'reviewer'], nullable: true }) gradedBy!: 'bot' | 'reviewer' | null;
  @ApiProperty({ type: String, nullable: true }) gradedAt!: string | null;
  @ApiProperty({ example: 'vagus-breath-7' }) challengeId!: string;
  @ApiProperty({ type: 'integer' }) day!: number;
  @ApiProperty({ type: [String], description: "the day's rubric criteria" }) criteria!: string[];
  @ApiProperty({ type: () => ReviewBotResponse, nullable: true, description: "the bot's assessment, if any" })
  bot!: ReviewBotResponse | null;
}

export class AnalyticsCountResponse {
  @ApiProperty({ example: 'vagus-breath-7' }) challengeId!: string;
  @ApiProperty({ type: 'integer' }) count!: number;
}

export class AnalyticsFunnelStep {
  @ApiProperty({ example: 'day-1', description: 'enrolled, day-1 … day-N, certificate' }) step!: string;
  @ApiProperty({ example: 'Day 1 passed' }) label!: string;
  @ApiProperty({ type: 'integer' }) count!: number;
}

export class AnalyticsFunnelResponse {
  @ApiProperty({ example: 'vagus-breath-7' }) challengeId!: string;
  @ApiProperty({ type: [AnalyticsFunnelStep] }) steps!: AnalyticsFunnelStep[];
}

export class AnalyticsResponse {
  @ApiProperty({ type: [AnalyticsCountResponse] }) enrollments!: AnalyticsCountResponse[];
  @ApiProperty({ type: [AnalyticsCountResponse] }) certificates!: AnalyticsCountResponse[];
  @ApiProperty({
    type: [AnalyticsFunnelResponse],
    description: 'per challenge, all time: enrolled → day 1 passed → … → certificate',
  })
  funnels!: AnalyticsFunnelResponse[];
}

export class TestClockDto {
  @ApiProperty({ description: 'milliseconds added to the real time (negative: the past)', example: 86_400_000 })
  @IsInt({ message: 'offsetMs must be a whole number of milliseconds' })
  @Min(-10 * 365 * 86_400_000, { message: 'offsetMs must be within ten years' })
  @Max(10 * 365 * 86_400_000, { message: 'offsetMs must be within ten years' })
  offsetMs!: number;
}

export class TestClockResponse {
  @ApiProperty() offsetMs!: number;
  @ApiProperty({ description: "the challenge clock's time now" }) now!: string;
}

const URL_ANSWER = /^https?:\/\/\S+$/i;

/** What the Studio shows of a submission: the learner's answers, never anything of another table. */
export function toReviewItemResponse(r: ReviewRecord): ReviewItemResponse {
  const fields = r.expectedFields ?? Object.keys(r.payload);
  const ordered = [...fields, ...Object.keys(r.payload).filter((f) => !fields.includes(f))].filter(
    (f) => typeof r.payload[f] === 'string' && r.payload[f].trim() !== '',
  );
  const only = ordered.length === 1 ? r.payload[ordered[0]].trim() : null;
  const isLink = only !== null && URL_ANSWER.test(only);
  const graded = r.status === 'graded';
  const auto = r.status === 'auto-passed';
  return {
    id: r.id,
    title: `${r.challengeName} · Day ${r.day}: ${r.dayTitle ?? ''}`.trimEnd(),
    taskId: `${r.challengeId}/day-${r.day}`,
    userId: r.userId,
    subjectId: r.subjectId,
    moduleId: r.challengeId,
    type: isLink ? 'link' : 'other',
    validatorType: 'rubric',
    url: isLink ? only : null,
    content: isLink ? null : ordered.map((f) => `${f}: ${r.payload[f]}`).join('\n'),
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
    score: graded ? r.reviewerScore : auto ? r.botScore : null,
    passed: graded ? r.reviewerPassed : auto ? true : null,
    note: graded ? r.reviewerNote : null,
    gradedBy: graded ? 'reviewer' : auto ? 'bot' : null,
    gradedAt: r.gradedAt ? new Date(r.gradedAt).toISOString() : null,
    challengeId: r.challengeId,
    day: r.day,
    criteria: r.criteria ?? [],
    bot:
      r.botPassed !== null && r.botScore !== null
        ? { passed: r.botPassed, score: r.botScore, feedback: r.botFeedback ?? '' }
        : null,
  };
}
