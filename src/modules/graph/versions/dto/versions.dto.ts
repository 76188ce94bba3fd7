import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateNested,
  ValidationOptions,
} from 'class-validator';

export const MAX_HTML_BYTES = 100 * 1024;
export const MAX_SOURCES = 20;

/** A string of at most `max` bytes in UTF-8. */
function MaxBytes(max: number, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'maxBytes',
      validator: { validate: (v: unknown) => typeof v === 'string' && Buffer.byteLength(v, 'utf8') <= max },
    },
    options,
  );
}

export class SubjectParamQuery {
  @ApiProperty({ description: 'subject id, name or title', example: 'vagus-nerve' })
  @IsString({ message: 'subject is required' })
  @MinLength(1, { message: 'subject is required' })
  @MaxLength(200)
  subject!: string;
}

export class SubjectBodyDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;
}

export class VariantsDto {
  @ApiProperty()
  @IsString({ message: 'variants.beginner must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'variants.beginner must be at most 100 kB' })
  beginner!: string;

  @ApiProperty()
  @IsString({ message: 'variants.advanced must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'variants.advanced must be at most 100 kB' })
  advanced!: string;

  @ApiProperty()
  @IsString({ message: 'variants.practical must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'variants.practical must be at most 100 kB' })
  practical!: string;

  @ApiProperty()
  @IsString({ message: 'variants.theoretical must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'variants.theoretical must be at most 100 kB' })
  theoretical!: string;
}

export class NodeSourceDto {
  @ApiProperty()
  @IsString({ message: 'a source title must be a string' })
  @MinLength(1, { message: 'a source needs a title' })
  @MaxLength(500)
  title!: string;

  @ApiProperty({ example: 'https://en.wikipedia.org/wiki/Vagus_nerve' })
  @IsString({ message: 'a source url must be a string' })
  @MaxLength(2000)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'a source url must be an http(s) url' },
  )
  url!: string;

  @ApiProperty({ example: 'encyclopedia' })
  @IsString({ message: 'a source type must be a string' })
  @MaxLength(50)
  type!: string;
}

export class SaveNodeDraftDto {
  @ApiPropertyOptional({ description: 'kept as it is when left out' })
  @IsOptional()
  @IsString({ message: 'title must be a string' })
  @Matches(/\S/, { message: 'title must not be empty' })
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  title?: string;

  @ApiProperty({ description: 'html, stored as given and sanitised whenever served' })
  @IsString({ message: 'summary_html must be a string' })
  @MaxBytes(MAX_HTML_BYTES, { message: 'summary_html must be at most 100 kB' })
  summary_html!: string;

  @ApiProperty({ type: VariantsDto })
  @IsDefined({ message: 'variants is required' })
  @IsObject({ message: 'variants must be an object' })
  @ValidateNested()
  @Type(() => VariantsDto)
  variants!: VariantsDto;

  @ApiProperty({ type: [NodeSourceDto] })
  @IsArray({ message: 'sources must be an array' })
  @ArrayMaxSize(MAX_SOURCES, { message: 'at most 20 sources' })
  @ValidateNested({ each: true })
  @Type(() => NodeSourceDto)
  sources!: NodeSourceDto[];
}
