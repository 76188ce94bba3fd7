import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUrl, ValidateIf } from 'class-validator';

export class MigrateDto {
  @ApiPropertyOptional({
    enum: ['bundled', 'rest'],
    default: 'bundled',
    description: 'bundled content/ folder, or a legacy REST API',
  })
  @IsOptional()
  @IsIn(['bundled', 'rest'], { message: 'source must be "bundled" or "rest"' })
  source?: 'bundled' | 'rest';

  @ApiPropertyOptional({
    example: 'https://legacy.example.com',
    description: 'base URL of the legacy API (source "rest")',
  })
  @ValidateIf((o: MigrateDto) => o.source === 'rest' || o.baseUrl !== undefined)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'baseUrl must be an http(s) URL' },
  )
  baseUrl?: string;
}

export class MigrateSubjectResponse {
  @ApiProperty() id!: string;
  @ApiProperty() nodes!: number;
  @ApiProperty() created!: number;
  @ApiProperty() updated!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty() archived!: number;
  @ApiProperty() quizItems!: number;
  @ApiProperty({ nullable: true, type: Number }) lectureSections!: number | null;
}

export class SkippedItemResponse {
  @ApiProperty() subject!: string;
  @ApiProperty() id!: string;
  @ApiProperty() reason!: string;
}

export class MigrateResponse {
  @ApiProperty() jobId!: string;
  @ApiProperty() source!: string;
  @ApiProperty({ description: 'nodes migrated over all subjects' }) totalMigrated!: number;
  @ApiProperty({ type: [MigrateSubjectResponse] }) subjects!: MigrateSubjectResponse[];
  @ApiProperty() challenges!: number;
  @ApiProperty({ type: [SkippedItemResponse] }) skipped!: SkippedItemResponse[];
  @ApiProperty({ type: [String] }) warnings!: string[];
}
