import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class SubjectsQuery {
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'detailed must be true or false' })
  detailed?: 'true' | 'false';
}

export class SubjectQuery {
  @ApiProperty({ description: 'subject id, name or title', example: 'vagus-nerve' })
  @IsString({ message: 'subject is required' })
  @MinLength(1, { message: 'subject is required' })
  @MaxLength(200)
  subject!: string;
}

export class CreateCheckoutDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;

  @ApiProperty({ example: 'price_vagus_nerve' })
  @IsString({ message: 'priceId is required' })
  @MinLength(1, { message: 'priceId is required' })
  @MaxLength(200)
  priceId!: string;
}

export class VerifyCheckoutDto {
  @ApiProperty({ example: 'cs_dev_…' })
  @IsString({ message: 'session_id is required' })
  @Matches(/^cs_[A-Za-z0-9_]{4,200}$/, { message: 'session_id is not a checkout session id' })
  session_id!: string;
}

export class SessionIdParam {
  @IsString()
  @Matches(/^cs_[A-Za-z0-9_]{4,200}$/, { message: 'not a checkout session id' })
  id!: string;
}

export class PublishCourseDto {
  @ApiProperty({ example: 'ai-user' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1)
  @MaxLength(200)
  subjectId!: string;

  @ApiProperty()
  @IsBoolean({ message: 'published must be true or false' })
  published!: boolean;
}
