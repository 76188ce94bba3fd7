import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { sanitize } from '../../../common/html/sanitize';
import { SubjectNodeDto } from '../../graph/structure/dto/topic-ref.dto';
import { type CardStateName, SPEC_RATINGS, type SpecRating, stateName } from '../practice-schedule';
import type { PracticeAnswer, PracticeCard, PracticeReview, PracticeStats } from '../practice.service';

export class PracticeSubjectQuery {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;
}

export class PracticeNextQuery extends PracticeSubjectQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 10 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 50' })
  @Min(1, { message: 'limit must be a whole number from 1 to 50' })
  @Max(50, { message: 'limit must be a whole number from 1 to 50' })
  limit?: number;
}

export class PracticeSeedDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;
}

/** The spec's review: the rating of a card whose served question was answered (POST /api/practice/answer). */
export class PracticeReviewDto extends SubjectNodeDto {
  @ApiProperty({ enum: SPEC_RATINGS, description: '0 Again, 1 Hard, 3 Good, 5 Easy' })
  @IsIn(SPEC_RATINGS as unknown as number[], { message: 'rating must be 0 (Again), 1 (Hard), 3 (Good) or 5 (Easy)' })
  rating!: SpecRating;
}

/** The answer to the question a card was served with (GET /api/practice/next). */
export class PracticeAnswerDto extends SubjectNodeDto {
  @ApiProperty({ description: 'the questionId the card was served with' })
  @IsString({ message: 'questionId is required' })
  @MinLength(1, { message: 'questionId is required' })
  @MaxLength(200)
  questionId!: string;

  @ApiProperty({ description: 'the chosen option id' })
  @IsString({ message: "answer must be one of the question's choice ids" })
  @MinLength(1, { message: "answer must be one of the question's choice ids" })
  @MaxLength(200)
  answer!: string;
}

// ---- responses -------------------------------------------------------------------------------------

const CARD_STATES = Object.keys({
  New: true,
  Learning: true,
  Review: true,
  Relearning: true,
} satisfies Record<CardStateName, true>);

export class PracticeOptionResponse {
  @ApiProperty({ example: 'b' }) id!: string;
  @ApiProperty({ description: 'as stored (not html-sanitised)' }) text!: string;
}

/** The spec's practice card: a due topic with one of its questions (none when the topic has no quiz items). */
export class PracticeQuestionResponse {
  @ApiProperty({ example: 'vn-anatomy' }) nodeId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: String, nullable: true, description: 'what POST /api/practice/review takes back' })
  questionId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the question text; null without quiz items' })
  question!: string | null;
  @ApiProperty({ type: [PracticeOptionResponse] }) options!: PracticeOptionResponse[];
  @ApiProperty({ enum: ['multiple_choice'] }) type!: 'multiple_choice';
  @ApiProperty({ format: 'date-time' }) due!: string;
}

export class PracticeIntervalResponse {
  @ApiProperty({ enum: SPEC_RATINGS }) rating!: SpecRating;
  @ApiProperty({ enum: ['Again', 'Hard', 'Good', 'Easy'] }) label!: string;
  @ApiProperty({ type: 'integer', description: 'days until the card is due again with this rating' })
  scheduledDays!: number;
  @ApiProperty({ format: 'date-time' }) due!: string;
}

export class PracticeAnswerResponse {
  @ApiProperty({ example: 'vn-anatomy' }) nodeId!: string;
  @ApiProperty({ example: 'vn-anatomy-q6' }) questionId!: string;
  @ApiProperty() correct!: boolean;
  @ApiProperty({ example: 'b', description: 'the right choice id (check items only)' }) correctAnswer!: string;
  @ApiProperty({ description: 'sanitised html' }) explanation!: string;
  @ApiProperty({ description: 'whether the answer moved mastery (a due card, once a day per item)' })
  counted!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: "the topic's P(known) after the answer" })
  mastery!: number | null;
  @ApiProperty({ type: [PracticeIntervalResponse], description: 'what each rating would schedule' })
  intervals!: PracticeIntervalResponse[];
}

export class PracticeSeedResponse {
  @ApiProperty({ type: 'integer', description: 'cards created now (0 when the learner had them all)' })
  created!: number;
}

export class PracticeReviewResponse {
  @ApiProperty({ example: 'vn-anatomy' }) nodeId!: string;
  @ApiProperty({ enum: SPEC_RATINGS }) rating!: SpecRating;
  @ApiProperty({ type: Boolean, nullable: true, description: 'the answer graded before the rating' })
  correct!: boolean | null;
  @ApiProperty({ format: 'date-time', description: 'when the card is due next' }) due!: string;
  @ApiProperty({ type: 'integer' }) scheduledDays!: number;
  @ApiProperty({ enum: CARD_STATES }) state!: CardStateName;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "the topic's P(known) after this review; null when the learner has none yet",
  })
  mastery!: number | null;
}

export class PracticeStatsResponse {
  @ApiProperty({ type: 'integer', description: 'cards due now' }) due!: number;
  @ApiProperty({ type: 'integer', description: 'reviews since midnight UTC' }) completedToday!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'share of graded answers correct; null before any' })
  accuracy!: number | null;
  @ApiProperty({ type: 'integer', description: 'consecutive days with a review' }) streak!: number;
  @ApiProperty({ type: 'integer' }) totalReviews!: number;
}

export function toPracticeQuestionResponse(card: PracticeCard): PracticeQuestionResponse {
  const q = card.item;
  return {
    nodeId: card.nodeId,
    title: card.title,
    questionId: q?.id ?? null,
    question: q?.stem ?? null,
    options: (q?.choices ?? []).map((o) => ({ id: o.id, text: o.text })),
    type: 'multiple_choice',
    due: new Date(card.due).toISOString(),
  };
}

export function toPracticeAnswerResponse(a: PracticeAnswer): PracticeAnswerResponse {
  return {
    nodeId: a.nodeId,
    questionId: a.questionId,
    correct: a.correct,
    correctAnswer: a.correctAnswer,
    explanation: sanitize(a.explanation),
    counted: a.counted,
    mastery: a.mastery === null ? null : Math.round(a.mastery * 1000) / 1000,
    intervals: a.intervals.map((i) => ({
      rating: i.rating,
      label: i.label,
      scheduledDays: i.scheduledDays,
      due: i.due.toISOString(),
    })),
  };
}

export function toPracticeSeedResponse(created: number): PracticeSeedResponse {
  return { created };
}

export function toPracticeReviewResponse(r: PracticeReview): PracticeReviewResponse {
  return {
    nodeId: r.nodeId,
    rating: r.rating,
    correct: r.correct,
    due: r.due.toISOString(),
    scheduledDays: r.scheduledDays,
    state: stateName(r.state),
    mastery: r.mastery === null ? null : Math.round(r.mastery * 1000) / 1000,
  };
}

export function toPracticeStatsResponse(s: PracticeStats): PracticeStatsResponse {
  return {
    due: s.due,
    completedToday: s.completedToday,
    accuracy: s.accuracy,
    streak: s.streak,
    totalReviews: s.totalReviews,
  };
}
