import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  JOB_ID,
  JOB_ID_MESSAGE,
  MAX_DELAY_MS,
  TTS_FORMATS,
  TTS_PROVIDERS,
  VOICE_ID,
  VOICE_ID_MESSAGE,
} from './tts-fields';
import type { TtsBulkEvent } from '../bulk-run';

export class BulkSynthesisDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  subject!: string;

  @ApiPropertyOptional({
    enum: TTS_PROVIDERS,
    default: 'elevenlabs',
    description: 'elevenlabs falls back to the local engine when the server has no ElevenLabs key',
  })
  @IsOptional()
  @IsIn(TTS_PROVIDERS)
  provider?: (typeof TTS_PROVIDERS)[number];

  @ApiPropertyOptional({ description: "the engine's voice; a section's own voice override wins" })
  @IsOptional()
  @IsString()
  @Matches(VOICE_ID, { message: VOICE_ID_MESSAGE })
  voiceId?: string;

  @ApiPropertyOptional({ default: false, description: 're-make sections whose current audio is up to date' })
  @IsOptional()
  @IsBoolean()
  includeAll?: boolean;

  @ApiPropertyOptional({ enum: TTS_FORMATS, default: 'mp3' })
  @IsOptional()
  @IsIn(TTS_FORMATS)
  format?: (typeof TTS_FORMATS)[number];

  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: MAX_DELAY_MS, description: 'a pause after each section, ms' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_DELAY_MS)
  delayMs?: number;

  @ApiPropertyOptional({
    example: 'tts-3f1c2b9e',
    description: 'the run’s id: a second call with the same id follows the same run; cancel by it',
  })
  @IsOptional()
  @IsString()
  @Matches(JOB_ID, { message: JOB_ID_MESSAGE })
  jobId?: string;
}

export class BulkCancelDto {
  @ApiProperty({ example: 'tts-3f1c2b9e' })
  @IsString()
  @Matches(JOB_ID, { message: JOB_ID_MESSAGE })
  jobId!: string;
}

export class BulkCancelResponse {
  @ApiProperty({ description: 'false when the run had already ended' }) cancelled!: boolean;
}

export class BulkItemResponse {
  @ApiProperty({ description: 'the section id' }) id!: string;
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'a signed URL of the mp3' }) url!: string | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ enum: ['synthesized', 'skipped', 'failed'] }) status!: 'synthesized' | 'skipped' | 'failed';
}

export class BulkResultResponse {
  @ApiProperty() jobId!: string;
  @ApiProperty({ description: 'sections of the subject' }) total!: number;
  @ApiProperty({ description: 'sections synthesised or failed (not skipped)' }) attempted!: number;
  @ApiProperty() succeeded!: number;
  @ApiProperty() failed!: number;
  @ApiProperty({ description: 'sections whose current audio was already up to date' }) skipped!: number;
  @ApiProperty({ description: 'the run was cancelled' }) cancelled!: boolean;
  @ApiProperty({ enum: TTS_PROVIDERS }) provider!: string;
  @ApiProperty({ description: 'elevenlabs was asked for without a key, so the local engine was used' })
  fellBack!: boolean;
  @ApiProperty({ type: [BulkItemResponse] }) items!: BulkItemResponse[];
}

// ---- the events of POST /api/tts/synthesize/bulk/stream, one JSON object per line -------------------

// Each class implements its member of TtsBulkEvent, so an event field the run adds must be declared here too.

export class TtsBulkStartEvent implements Extract<TtsBulkEvent, { type: 'start' }> {
  @ApiProperty({ enum: ['start'] }) type!: 'start';
  @ApiProperty({ description: 'the run; POST /api/tts/synthesize/bulk/cancel takes it' }) jobId!: string;
  @ApiProperty({ type: 'integer', description: 'sections of the subject' }) total!: number;
  @ApiProperty({ enum: TTS_PROVIDERS, description: 'the engine used' }) provider!: string;
  @ApiProperty({ enum: TTS_PROVIDERS, description: 'the engine asked for' }) requestedProvider!: string;
  @ApiProperty({ description: 'elevenlabs was asked for without a key, so the local engine is used' })
  fellBack!: boolean;
  @ApiPropertyOptional({ description: 'why the engine fell back' }) message?: string;
}

/** One section finished, with the run's counters up to and including it. */
export class TtsBulkItemEvent extends BulkItemResponse implements Extract<TtsBulkEvent, { type: 'item' }> {
  @ApiProperty({ enum: ['item'] }) type!: 'item';
  @ApiProperty({ type: 'integer' }) attempted!: number;
  @ApiProperty({ type: 'integer' }) succeeded!: number;
  @ApiProperty({ type: 'integer' }) failed!: number;
  @ApiProperty({ type: 'integer' }) skipped!: number;
}

/** The last line of a run that ended: `done`, or `cancelled` when it was stopped. */
export class TtsBulkEndEvent implements Exclude<TtsBulkEvent, { type: 'start' | 'item' | 'error' }> {
  @ApiProperty({ enum: ['done', 'cancelled'] }) type!: 'done' | 'cancelled';
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) attempted!: number;
  @ApiProperty({ type: 'integer' }) succeeded!: number;
  @ApiProperty({ type: 'integer' }) failed!: number;
  @ApiProperty({ type: 'integer' }) skipped!: number;
}

/** The last line of a run that failed for good, or of a stream that lost its run. */
export class JobRunErrorEvent implements Extract<TtsBulkEvent, { type: 'error' }> {
  @ApiProperty({ enum: ['error'] }) type!: 'error';
  @ApiProperty() message!: string;
}
