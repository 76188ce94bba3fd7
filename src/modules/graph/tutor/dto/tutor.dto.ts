import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { TUTOR_ACTIONS, TutorAction } from '../tutor-provider';

export class TutorVariantDto {
  @ApiProperty({ example: 'vn-anatomy' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  nodeId!: string;

  @ApiProperty({ enum: TUTOR_ACTIONS })
  @IsIn(TUTOR_ACTIONS, { message: `action must be one of ${TUTOR_ACTIONS.join(', ')}` })
  action!: TutorAction;

  @ApiPropertyOptional({ example: 'vagus-nerve', description: 'subject id, name or title (or send subjectId)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  subject?: string;

  @ApiPropertyOptional({ description: 'alternative to subject' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  subjectId?: string;
}

export class TutorSourceResponse {
  @ApiProperty() title!: string;
  @ApiProperty() url!: string;
}

export class TutorVariantResponse {
  @ApiProperty({ description: 'sanitised html' }) html!: string;
  @ApiProperty({ type: [TutorSourceResponse] }) sources!: TutorSourceResponse[];
  @ApiProperty({ enum: ['builtin', 'llm'] }) provider!: 'builtin' | 'llm';
  @ApiProperty({ description: 'served from the answer cache' }) cached!: boolean;
}
