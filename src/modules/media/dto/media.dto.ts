import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

export class MediaSubjectQuery {
  @ApiProperty({ description: 'subject id, name or title', example: 'vagus-nerve' })
  @IsString({ message: 'subject is required' })
  @MinLength(1, { message: 'subject is required' })
  @MaxLength(200)
  subject!: string;
}

export class MediaStreamQuery extends MediaSubjectQuery {
  @ApiProperty({ description: 'the file name, as listed by /api/media/secure', example: 'tts/vn-anatomy-1a2b3c4d.mp3' })
  @IsString({ message: 'file is required' })
  @MinLength(1, { message: 'file is required' })
  @MaxLength(300)
  file!: string;
}

/**
 * A signed URL's query. Every part is optional here: a missing or malformed one is a signature that
 * does not verify (403), not a validation error.
 */
export class SignedMediaQuery {
  @ApiPropertyOptional({ description: 'the user the URL was issued to (empty: anonymous)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  u?: string;

  @ApiPropertyOptional({ description: 'expiry, unix seconds' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  exp?: string;

  @ApiPropertyOptional({ description: 'HMAC-SHA256 signature, base64url' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  sig?: string;
}

export class MediaListItemDto {
  @ApiProperty({ example: 'tts/vn-anatomy-1a2b3c4d.mp3' })
  name!: string;

  @ApiProperty({ description: 'signed, expiring URL on this origin' })
  url!: string;

  @ApiProperty()
  free!: boolean;

  @ApiProperty({ description: 'bytes' })
  size!: number;

  @ApiProperty({ type: String, nullable: true, description: 'signed URL of its WebVTT captions' })
  captions!: string | null;
}

export class MediaListDto {
  @ApiProperty({ type: [MediaListItemDto] })
  files!: MediaListItemDto[];
}

export class TtsScriptSectionDto {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  text!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'signed URL of its audio, when there is audio the caller may play',
  })
  audio_url!: string | null;

  @ApiProperty()
  est_seconds!: number;
}
