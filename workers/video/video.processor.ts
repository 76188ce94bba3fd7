import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { queueWorkerOptions } from '../../src/config/config';
import { GenerationJobsService } from '../../src/modules/jobs/generation-jobs.service';
import { VideoRenderService } from '../../src/modules/media/video/video-render.service';
import { VIDEO_RENDER_RUN, type VideoResult } from '../../src/modules/media/video/video-run';
import { QUEUES, type VideoRenderPayload } from '../../src/queues/queues';
import { TrackedWorkerHost } from '../tracked-worker-host';

// A run renders its sections in parallel (as many as cores, sharing the process's CPU slots with speech);
// one run at a time keeps its first video early.
@Processor(QUEUES.video, { concurrency: 1, ...queueWorkerOptions() })
export class VideoProcessor extends TrackedWorkerHost {
  constructor(
    private readonly video: VideoRenderService,
    jobs: GenerationJobsService,
  ) {
    super(jobs);
  }

  protected handle(job: Job<VideoRenderPayload>): Promise<VideoResult> {
    return this.jobs.track(job, VIDEO_RENDER_RUN, ({ signal, report, previous }) =>
      this.video.run(job.data, { signal, previous, report }),
    );
  }
}
