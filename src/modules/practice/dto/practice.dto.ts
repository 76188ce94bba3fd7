import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { SubjectNodeDto } from '../../graph/dto/graph.dto';

export const SPEC_RATINGS = [0, 1, 3, 5] as const;
export type SpecRating = (typeof SPEC_RATINGS)[number];

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

export class PracticeReviewDto extends SubjectNodeDto {
  @ApiProperty({ enum: SPEC_RATINGS, description: '0 Again, 1 Hard, 3 Good, 5 Easy' })
  @IsIn(SPEC_RATINGS as unknown as number[], { message: 'rating must be 0 (Again), 1 (Hard), 3 (Good) or 5 (Easy)' })
  rating!: SpecRating;

  @ApiPropertyOptional({ description: 'the question shown (from /practice/next)' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  questionId?: string;

  @ApiPropertyOptional({ description: 'the chosen option id' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  answer?: string;
}

export interface PracticeQuestion {
  nodeId: string;
  title: string;
  questionId: string | null;
  question: string | null;
  options: { id: string; text: string }[];
  type: 'multiple_choice';
  due: string;
}

export type CardStateName = 'New' | 'Learning' | 'Review' | 'Relearning';

export interface PracticeReviewResponse {
  nodeId: string;
  rating: SpecRating;
  correct: boolean | null;
  due: string;
  scheduledDays: number;
  state: CardStateName;
  /** the topic's P(known) after this review; null when the learner has none yet */
  mastery: number | null;
}

export interface PracticeStatsResponse {
  due: number;
  completedToday: number;
  accuracy: number | null;
  streak: number;
  totalReviews: number;
}
