import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import type { QuizKind } from '../entities';

export class QuizKindParam {
  @IsIn(['q_diag', 'q_final', 'q_diag_clinician'], { message: 'kind must be q_diag, q_final or q_diag_clinician' })
  kind!: QuizKind;
}

export class StartAttemptDto {
  @ApiProperty({ description: 'subject id, name or title', example: 'vagus-nerve' })
  @IsString({ message: 'subject is required' })
  @MinLength(1, { message: 'subject is required' })
  @MaxLength(200)
  subject!: string;

  @ApiPropertyOptional({ description: 'sent by the clinician diagnostic; the role decides' })
  @IsOptional()
  @IsBoolean({ message: 'clinician must be true or false' })
  clinician?: boolean;
}

export class QuizResponseDto {
  @ApiProperty({ example: 'vn-anatomy-q2' })
  @IsString({ message: 'questionId is required' })
  @MinLength(1, { message: 'questionId is required' })
  @MaxLength(200)
  questionId!: string;

  @ApiProperty({ description: 'choice id', example: 'b' })
  @IsString({ message: 'answer must be a choice id' })
  @MaxLength(50)
  answer!: string;
}

export class AttemptIdParam {
  @IsUUID('all', { message: 'attempt id must be a uuid' })
  id!: string;
}

export class AnswerDto extends QuizResponseDto {}

export class SubmitAttemptDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'attemptId must be a uuid' })
  attemptId!: string;

  @ApiProperty({ type: [QuizResponseDto] })
  @IsArray({ message: 'responses must be an array' })
  @ArrayMaxSize(200, { message: 'at most 200 responses' })
  @ValidateNested({ each: true })
  @Type(() => QuizResponseDto)
  responses!: QuizResponseDto[];
}

export class MasteryQuery {
  @ApiPropertyOptional({ example: 'vagus-nerve' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  subjectId?: string;
}
