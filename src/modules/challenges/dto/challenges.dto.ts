import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsObject, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/validation';

/** Content ids: `vagus-breath-7`. */
export const CHALLENGE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export class ChallengeIdParam {
  @ApiProperty({ example: 'vagus-breath-7' })
  @IsString()
  @Matches(CHALLENGE_ID_PATTERN, { message: 'not a challenge id' })
  cid!: string;
}

export class ChallengeDayParams extends ChallengeIdParam {
  @ApiProperty({ type: 'integer', example: 1 })
  @Type(() => Number)
  @IsInt({ message: 'day must be a whole number' })
  day!: number;
}

export class EnrollDto {
  @ApiProperty({ example: '2026-12-01', description: "the learner's local date of day 1" })
  @IsString({ message: 'startLocalDate must be a date written YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'startLocalDate must be a date written YYYY-MM-DD' })
  startLocalDate!: string;

  @ApiProperty({ example: 'Europe/Berlin', description: 'an IANA time zone' })
  @IsString({ message: 'timezone must be an IANA time zone such as Europe/Berlin' })
  @MaxLength(64, { message: 'timezone must be an IANA time zone such as Europe/Berlin' })
  timezone!: string;

  @ApiProperty({ example: '00:00', description: 'HH:MM, local time' })
  @IsString({ message: 'dailyUnlockLocalTime must be a time written HH:MM' })
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'dailyUnlockLocalTime must be a time written HH:MM' })
  dailyUnlockLocalTime!: string;
}

export class QuizAnswersDto {
  @ApiProperty({ type: [Number], description: 'one option index per question, in order', example: [2, 0] })
  @IsArray({ message: 'answers must be a list of option indexes' })
  @ArrayMaxSize(100, { message: 'answers must be a list of option indexes' })
  @IsInt({ each: true, message: 'answers must be a list of option indexes' })
  @Min(0, { each: true, message: 'answers must be a list of option indexes' })
  @Max(1000, { each: true, message: 'answers must be a list of option indexes' })
  answers!: number[];
}

const PAYLOAD_SCHEMA = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: "the day's expected fields (micro_project.expected_fields) to the learner's text",
  example: { minutes_practised: '5', how_you_felt: 'Calmer' },
} as const;

export class ProjectDto {
  @ApiProperty(PAYLOAD_SCHEMA)
  @IsObject({ message: 'payload must be an object of field to text' })
  payload!: Record<string, unknown>;
}

export class BotAssessDto {
  @ApiPropertyOptional({ ...PAYLOAD_SCHEMA, description: 'the project to store and assess; default the latest stored' })
  @IsOptionalNotNull()
  @IsObject({ message: 'submission must be an object of field to text' })
  submission?: Record<string, unknown>;
}

// ---- responses -------------------------------------------------------------------------------------

export class ChallengeSummaryResponse {
  @ApiProperty({ example: 'vagus-breath-7' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() tagline!: string;
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ type: 'integer' }) daysCount!: number;
}

export class ChallengeListResponse {
  @ApiProperty({ type: [ChallengeSummaryResponse] }) challenges!: ChallengeSummaryResponse[];
}

export class SyllabusDayResponse {
  @ApiProperty({ type: 'integer' }) day!: number;
  @ApiProperty() title!: string;
  @ApiProperty() tool!: string;
  @ApiProperty({ type: 'integer', description: '15 when the content does not say' }) est_minutes!: number;
}

export class ChallengeSyllabusResponse extends ChallengeSummaryResponse {
  @ApiProperty({ type: [SyllabusDayResponse] }) days!: SyllabusDayResponse[];
}

export class LessonResponse {
  @ApiProperty() summary!: string;
  @ApiProperty({ type: [String] }) steps!: string[];
}

export class QuizQuestionResponse {
  @ApiProperty() q!: string;
  @ApiProperty({ type: [String], description: 'in the order served to this learner: answers are positions in it' })
  options!: string[];
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "the right option's position in `options`, once the learner passed the day's quiz; null until then",
  })
  correct_option!: number | null;
}

export class MicroProjectResponse {
  @ApiProperty() desc!: string;
  @ApiProperty({ type: [String] }) expected_fields!: string[];
}

export class DayContentResponse extends SyllabusDayResponse {
  @ApiProperty({ description: 'not enrolled, or before the unlock time' }) locked!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'the unlock instant; null when not enrolled' })
  unlock_at!: string | null;
  @ApiProperty({ type: () => LessonResponse, nullable: true }) lesson!: LessonResponse | null;
  @ApiProperty({
    type: [QuizQuestionResponse],
    description: 'options shuffled per learner; the right ones only after a pass; empty while locked',
  })
  quiz!: QuizQuestionResponse[];
  @ApiProperty({ type: () => MicroProjectResponse, nullable: true }) micro_project!: MicroProjectResponse | null;
}

export class EnrollmentResponse {
  @ApiProperty({ example: 'Europe/Berlin' }) timezone!: string;
  @ApiProperty({ example: '00:00' }) daily_unlock_local_time!: string;
  @ApiProperty({ example: '2026-12-01' }) start_local_date!: string;
  @ApiProperty() enrolledAt!: string;
}

export class QuizProgressResponse {
  @ApiProperty({ description: 'the best attempt, 0..1' }) score!: number;
  @ApiProperty() passed!: boolean;
}

export class ProjectProgressResponse {
  @ApiProperty({
    enum: ['pending', 'awaiting-review', 'passed', 'failed'],
    description:
      '`awaiting-review`: the bot passed every day of the challenge only narrowly, so a reviewer decides the last one',
  })
  status!: 'pending' | 'awaiting-review' | 'passed' | 'failed';
  @ApiProperty({ type: Number, nullable: true }) score!: number | null;
  @ApiProperty({ type: String, nullable: true }) feedback!: string | null;
  @ApiProperty({ enum: ['bot', 'reviewer'], nullable: true }) gradedBy!: 'bot' | 'reviewer' | null;
}

export class UnlockResponse {
  @ApiProperty({ type: 'integer' }) day!: number;
  @ApiProperty() is_unlocked!: boolean;
  @ApiProperty({ type: String, nullable: true }) unlock_at!: string | null;
}

export class DayProgressResponse extends UnlockResponse {
  @ApiProperty({ type: () => QuizProgressResponse, nullable: true }) quiz!: QuizProgressResponse | null;
  @ApiProperty({ type: () => ProjectProgressResponse, nullable: true }) project!: ProjectProgressResponse | null;
  @ApiProperty() passed!: boolean;
}

export class ProgressResponse {
  @ApiProperty({ type: () => EnrollmentResponse, nullable: true }) enrollment!: EnrollmentResponse | null;
  @ApiProperty({ type: [DayProgressResponse] }) days!: DayProgressResponse[];
  @ApiProperty({ type: () => UnlockResponse, nullable: true, description: 'the first day not unlocked yet' })
  nextUnlock!: UnlockResponse | null;
  @ApiProperty({ description: 'every day passed' }) completed!: boolean;
  @ApiProperty({ type: String, nullable: true }) certificateId!: string | null;
  @ApiProperty({
    description:
      'every day is passed but no certificate was issued, because the learner has not set the name it shows (PUT /api/me/profile); reading the progress after setting it issues the certificate',
  })
  certificateNeedsName!: boolean;
}

/** The spec's quiz result (score 0..1, passed) and the day's tries: nothing per question or option. */
export class QuizResultResponse {
  @ApiProperty({ description: 'the share of questions answered right, 0..1' }) score!: number;
  @ApiProperty({ description: "score at or above the day's pass mark" }) passed!: boolean;
  @ApiProperty({ type: 'integer', description: "submissions of this quiz left in the learner's local day (3 a day)" })
  triesLeftToday!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "when none are left: the learner's next local midnight, when the next submission is allowed",
  })
  retryAt!: string | null;
}

/** 429: the day's tries of this quiz are used up. */
export class QuizLimitResponse {
  @ApiProperty({ example: 429 }) statusCode!: number;
  @ApiProperty({ example: 'Too Many Requests' }) error!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ description: 'the next allowed instant (also as Retry-After, in seconds)' }) retryAt!: string;
}

export class ProjectSubmittedResponse {
  @ApiProperty({ format: 'uuid' }) submissionId!: string;
  @ApiProperty({ enum: ['pending'] }) status!: 'pending';
}

export class AssessmentResponse {
  @ApiProperty({ description: "the project passed (false while it is awaiting a reviewer's decision)" })
  passed!: boolean;
  @ApiProperty({
    description:
      "the bot passed every day of the challenge narrowly, so this last project awaits a reviewer's decision (no certificate yet)",
  })
  awaitingReview!: boolean;
  @ApiProperty({ description: '0..1' }) score!: number;
  @ApiProperty() feedback!: string;
}
