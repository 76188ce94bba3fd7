import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDivisibleBy,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { JOB_ID, JOB_ID_MESSAGE } from '../../tts/dto/tts-fields';
import type { VideoEvent } from '../video-run';

export const DEFAULT_WIDTH = 1280;
export const DEFAULT_HEIGHT = 720;

/** A cleared field (empty string or null) means the default size. */
const clearedIsDefault = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);

export class VideoRenderDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  subject!: string;

  @ApiPropertyOptional({ default: DEFAULT_WIDTH, minimum: 160, maximum: 3840, description: 'pixels, even' })
  @Transform(clearedIsDefault)
  @IsOptional()
  @IsInt({ message: 'width must be a whole number of pixels' })
  @Min(160)
  @Max(3840)
  @IsDivisibleBy(2, { message: 'width must be an even number (H.264 in yuv420p)' })
  width?: number;

  @ApiPropertyOptional({ default: DEFAULT_HEIGHT, minimum: 90, maximum: 2160, description: 'pixels, even' })
  @Transform(clearedIsDefault)
  @IsOptional()
  @IsInt({ message: 'height must be a whole number of pixels' })
  @Min(90)
  @Max(2160)
  @IsDivisibleBy(2, { message: 'height must be an even number (H.264 in yuv420p)' })
  height?: number;

  @ApiPropertyOptional({
    default: false,
    description: 'draw the captions into the picture instead of a WebVTT sidecar',
  })
  @IsOptional()
  @IsBoolean()
  burnCaptions?: boolean;

  @ApiPropertyOptional({
    example: 'video-3f1c2b9e',
    description: 'the run’s id: a second call with the same id follows the same run; cancel by it',
  })
  @IsOptional()
  @IsString()
  @Matches(JOB_ID, { message: JOB_ID_MESSAGE })
  jobId?: string;
}

export class VideoCancelDto {
  @ApiProperty({ example: 'video-3f1c2b9e' })
  @IsString()
  @Matches(JOB_ID, { message: JOB_ID_MESSAGE })
  jobId!: string;
}

export class VideoCancelResponse {
  @ApiProperty({ description: 'false when the run had ended already' })
  cancelled!: boolean;
}

// ---- the events of POST /api/tts/video/render/stream, one JSON object per line (and JobRunErrorEvent) --

// Each class implements its member of VideoEvent, so an event field the run adds must be declared here too.

export class VideoStartEvent implements Extract<VideoEvent, { type: 'start' }> {
  @ApiProperty({ enum: ['start'] }) type!: 'start';
  @ApiProperty({ description: 'the run; POST /api/tts/video/render/cancel takes it' }) jobId!: string;
  @ApiProperty({ type: 'integer', description: 'sections with current audio' }) total!: number;
  @ApiProperty({ type: 'integer' }) width!: number;
  @ApiProperty({ type: 'integer' }) height!: number;
  @ApiProperty() burnCaptions!: boolean;
}

/** A section rendering now: how far it is. */
export class VideoProgressEvent implements Extract<VideoEvent, { type: 'progress' }> {
  @ApiProperty({ enum: ['progress'] }) type!: 'progress';
  @ApiProperty({ description: 'the section id' }) id!: string;
  @ApiProperty({ description: '0..100' }) percent!: number;
}

/** One section finished, with the run's counters up to and including it (`skippedCount`: `skipped` is the item's). */
export class VideoItemEvent implements Extract<VideoEvent, { type: 'item' }> {
  @ApiProperty({ enum: ['item'] }) type!: 'item';
  @ApiProperty({ description: 'the section id' }) id!: string;
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'a signed URL of the mp4' }) url!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'why it failed, or why it was skipped (no audio yet)' })
  error!: string | null;
  @ApiProperty({ description: 'this section was skipped' }) skipped!: boolean;
  @ApiProperty({ enum: ['rendered', 'skipped', 'failed'] }) status!: 'rendered' | 'skipped' | 'failed';
  @ApiProperty({ type: 'integer' }) attempted!: number;
  @ApiProperty({ type: 'integer' }) succeeded!: number;
  @ApiProperty({ type: 'integer' }) failed!: number;
  @ApiProperty({ type: 'integer', description: 'sections skipped so far' }) skippedCount!: number;
}

/** The last line of a run that ended: `done`, or `cancelled` when it was stopped. */
export class VideoEndEvent implements Exclude<VideoEvent, { type: 'start' | 'progress' | 'item' | 'error' }> {
  @ApiProperty({ enum: ['done', 'cancelled'] }) type!: 'done' | 'cancelled';
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) attempted!: number;
  @ApiProperty({ type: 'integer' }) succeeded!: number;
  @ApiProperty({ type: 'integer' }) failed!: number;
  @ApiProperty({ type: 'integer' }) skipped!: number;
}
