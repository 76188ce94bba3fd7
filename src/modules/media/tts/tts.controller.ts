import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiExtraModels,
  ApiOkResponse,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentUser } from '../../../common/decorators/current-user.decorator';
import { ApiNdjsonResponse } from '../../../common/decorators/api-ndjson-response.decorator';
import { Roles } from '../../../common/decorators/roles.decorator';
import { sendNdjson } from '../../jobs/ndjson';
import {
  BulkCancelDto,
  BulkCancelResponse,
  BulkResultResponse,
  BulkSynthesisDto,
  JobRunErrorEvent,
  TtsBulkEndEvent,
  TtsBulkItemEvent,
  TtsBulkStartEvent,
} from './dto/bulk-synthesis.dto';
import { SynthesizeDto, SynthesizeResponse } from './dto/synthesize.dto';
import { PutTtsOverridesDto, TtsOverrideEntry, TtsOverridesResponse } from './dto/tts-overrides.dto';
import { TtsSubjectResponse } from './dto/tts-subject.dto';
import { TtsOverridesService } from './tts-overrides.service';
import { TtsRunsService } from './tts-runs.service';

/** Studio's text-to-speech: subjects, overrides, one section, and bulk runs (streamed, waited for, cancelled). */
@ApiTags('tts')
@ApiBearerAuth()
@ApiExtraModels(TtsOverrideEntry)
@Roles('studio')
@Controller('tts')
export class TtsController {
  constructor(
    private readonly runs: TtsRunsService,
    private readonly overrides: TtsOverridesService,
  ) {}

  @Get('subjects')
  @ApiOkResponse({ type: [TtsSubjectResponse] })
  subjects(): Promise<TtsSubjectResponse[]> {
    return this.overrides.subjects();
  }

  @Get('overrides/:subject')
  @ApiParam({ name: 'subject', example: 'vagus-nerve' })
  @ApiOkResponse({ type: TtsOverridesResponse })
  async getOverrides(@Param('subject') subject: string): Promise<TtsOverridesResponse> {
    return this.overrides.get(await this.runs.subjectId(subject));
  }

  @Put('overrides/:subject')
  @ApiParam({ name: 'subject', example: 'vagus-nerve' })
  @ApiOkResponse({ type: TtsOverridesResponse })
  async putOverrides(
    @Param('subject') subject: string,
    @Body() dto: PutTtsOverridesDto,
    @CurrentUser() user: AuthUser,
  ): Promise<TtsOverridesResponse> {
    return this.overrides.put(await this.runs.subjectId(subject), dto, user.id);
  }

  /** One section's mp3 (made by the worker, or the current one when it is up to date). */
  @Post('synthesize')
  @HttpCode(200)
  @ApiOkResponse({ type: SynthesizeResponse })
  @ApiBadRequestResponse({
    description: 'a bad field, or a voiceId the engine does not have (the message lists its voices)',
  })
  @ApiTooManyRequestsResponse({ description: "the user's single-section budget is used up (Retry-After)" })
  synthesize(@Body() dto: SynthesizeDto, @CurrentUser() user: AuthUser): Promise<SynthesizeResponse> {
    return this.runs.synthesizeOne(dto, user.id);
  }

  /**
   * Every section of the subject, as newline-delimited JSON flushed as it happens: `start {total, provider,
   * fellBack}`, `item {id, ok, url, error, status, attempted, succeeded, failed, skipped}` per section, then
   * `cancelled` or `done` (`error {message}` if the job failed for good). The run is a job: closing the
   * stream does not stop it, and the same `jobId` replays it and follows it again.
   */
  @Post('synthesize/bulk/stream')
  @HttpCode(200)
  @ApiNdjsonResponse('one event per line, flushed as it happens', {
    start: TtsBulkStartEvent,
    item: TtsBulkItemEvent,
    done: TtsBulkEndEvent,
    cancelled: TtsBulkEndEvent,
    error: JobRunErrorEvent,
  })
  async bulkStream(@Body() dto: BulkSynthesisDto, @CurrentUser() user: AuthUser, @Res() reply: FastifyReply) {
    const jobId = await this.runs.startBulk(dto, user.id);
    return sendNdjson(reply, this.runs.followBulk(jobId));
  }

  /** The same run, answered once it has ended (the Studio's fallback when the stream fails). */
  @Post('synthesize/bulk')
  @HttpCode(200)
  @ApiOkResponse({ type: BulkResultResponse })
  bulk(@Body() dto: BulkSynthesisDto, @CurrentUser() user: AuthUser): Promise<BulkResultResponse> {
    return this.runs.runBulk(dto, user.id);
  }

  /** Stops the run after the sections in flight (they finish or abort); the stream ends with `cancelled`. */
  @Post('synthesize/bulk/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: BulkCancelResponse })
  cancel(@Body() dto: BulkCancelDto): Promise<BulkCancelResponse> {
    return this.runs.cancelBulk(dto.jobId);
  }
}
