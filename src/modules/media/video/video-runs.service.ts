import { Injectable, NotFoundException } from '@nestjs/common';
import type { VideoRenderPayload } from '../../../queues/queues';
import { CatalogService } from '../../catalog/catalog.service';
import type { JobRun } from '../../jobs/job-run';
import { JobRuns } from '../../jobs/job-runs.service';
import { TtsRepository } from '../tts/tts.repository';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, type VideoRenderDto } from './dto/video.dto';
import { VIDEO_RENDER_RUN, type VideoEvent, type VideoResult } from './video-run';

/**
 * The API's side of TTS Video: what a render run is made of (the subject's sections, the size and caption
 * mode). Starting, joining, cancelling and following are the jobs room's (JobRuns).
 */
@Injectable()
export class VideoRunsService {
  private readonly render: JobRun<VideoRenderPayload, VideoResult, VideoEvent>;

  constructor(
    runs: JobRuns,
    private readonly catalog: CatalogService,
    private readonly sections: TtsRepository,
  ) {
    this.render = runs.define(VIDEO_RENDER_RUN);
  }

  /** Starts the subject's render run under `dto.jobId`, or joins the run under that id (see JobRun.start). */
  async start(dto: VideoRenderDto, userId: string): Promise<string> {
    const subjectId = await this.catalog.resolveSubjectId(dto.subject, { anyState: true });
    if (!subjectId) throw new NotFoundException('Subject not found');
    return this.render.start({
      jobId: dto.jobId,
      subjectId,
      requestedBy: userId,
      payload: async () => ({
        subjectId,
        sectionIds: await this.sections.sectionIds(subjectId),
        width: dto.width ?? DEFAULT_WIDTH,
        height: dto.height ?? DEFAULT_HEIGHT,
        burnCaptions: dto.burnCaptions ?? false,
        requestedBy: userId,
      }),
    });
  }

  /** Asks the run to stop (renders in flight are killed); false when it has ended already. */
  cancel(jobId: string): Promise<{ cancelled: boolean }> {
    return this.render.cancel(jobId);
  }

  /** `start`, `progress` while sections render, an `item` per section, then `done` or `cancelled` (or `error`). */
  follow(jobId: string): AsyncGenerator<VideoEvent> {
    return this.render.follow(jobId);
  }
}
