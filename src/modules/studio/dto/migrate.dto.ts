import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  IsUrl,
  MaxLength,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** A Studio-edited topic whose content pack version the migration should take. */
export class TakePackDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'takePack[].subjectId is required' })
  @MinLength(1, { message: 'takePack[].subjectId is required' })
  @MaxLength(200)
  subjectId!: string;

  @ApiProperty({ example: 'vn-anatomy' })
  @IsString({ message: 'takePack[].nodeId is required' })
  @MinLength(1, { message: 'takePack[].nodeId is required' })
  @MaxLength(200)
  nodeId!: string;
}

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

  @ApiPropertyOptional({
    type: [TakePackDto],
    description: 'Studio-edited topics to import from the pack anyway (they stop being Studio-edited)',
  })
  @IsOptional()
  @IsArray({ message: 'takePack must be an array' })
  @ArrayMaxSize(10000)
  @ValidateNested({ each: true })
  @Type(() => TakePackDto)
  takePack?: TakePackDto[];
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

/** A topic the migration left as the Studio published it. */
export class KeptStudioEditResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ example: 'vn-anatomy' }) nodeId!: string;
  @ApiProperty() title!: string;
}

export class MigrateResponse {
  @ApiProperty() jobId!: string;
  @ApiProperty() source!: string;
  @ApiProperty({ description: 'nodes migrated over all subjects' }) totalMigrated!: number;
  @ApiProperty({ type: [MigrateSubjectResponse] }) subjects!: MigrateSubjectResponse[];
  @ApiProperty() challenges!: number;
  @ApiProperty({ type: [SkippedItemResponse] }) skipped!: SkippedItemResponse[];
  @ApiProperty({ type: [String] }) warnings!: string[];
  @ApiProperty({
    type: [KeptStudioEditResponse],
    description: 'Studio-edited topics the import left as they are (send them in takePack to take the pack)',
  })
  keptStudioEdits!: KeptStudioEditResponse[];
}
