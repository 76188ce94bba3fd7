import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentUser } from '../../../common/decorators/current-user.decorator';
import { ApiNdjsonResponse } from '../../../common/decorators/api-ndjson-response.decorator';
import { Roles } from '../../../common/decorators/roles.decorator';
import { sendNdjson } from '../../jobs/ndjson';
import { JobRunErrorEvent } from '../tts/dto/bulk-synthesis.dto';
import {
  VideoCancelDto,
  VideoCancelResponse,
  VideoEndEvent,
  VideoItemEvent,
  VideoProgressEvent,
  VideoRenderDto,
  VideoStartEvent,
} from './dto/video.dto';
import { VideoRunsService } from './video-runs.service';

/** Studio's TTS Video: render every section's audio into a captioned mp4, streamed as it happens. */
@ApiTags('tts')
@ApiBearerAuth()
@Roles('studio')
@Controller('tts/video')
export class VideoController {
  constructor(private readonly runs: VideoRunsService) {}

  /**
   * NDJSON flushed as it happens: `start {total}`, `progress {id, percent}` while a section renders,
   * `item {id, ok, url, error, skipped, status, attempted, succeeded, failed, skippedCount}` per section,
   * then `done` or `cancelled` (`error {message}` if the job failed for good). The run is a job: closing
   * the stream does not stop it, and the same `jobId` replays and follows it.
   */
  @Post('render/stream')
  @HttpCode(200)
  @ApiNdjsonResponse('one event per line, flushed as it happens', {
    start: VideoStartEvent,
    progress: VideoProgressEvent,
    item: VideoItemEvent,
    done: VideoEndEvent,
    cancelled: VideoEndEvent,
    error: JobRunErrorEvent,
  })
  async renderStream(@Body() dto: VideoRenderDto, @CurrentUser() user: AuthUser, @Res() reply: FastifyReply) {
    const jobId = await this.runs.start(dto, user.id);
    return sendNdjson(reply, this.runs.follow(jobId));
  }

  /** Stops the run: renders in flight are killed and their partial files removed; the stream ends `cancelled`. */
  @Post('render/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: VideoCancelResponse })
  cancel(@Body() dto: VideoCancelDto): Promise<VideoCancelResponse> {
    return this.runs.cancel(dto.jobId);
  }
}
