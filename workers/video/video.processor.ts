import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { queueWorkerOptions } from '../../src/config/config';
import { TtsCancellationService } from '../../src/modules/media/tts/tts-cancellation.service';
import { videoCancelKey } from '../../src/modules/media/video/video-jobs.service';
import { VideoRenderService } from '../../src/modules/media/video/video-render.service';
import type { VideoResult } from '../../src/modules/media/video/video-run';
import { QUEUES, type VideoRenderPayload } from '../../src/queues/queues';

// A run renders its sections in parallel (as many as cores, sharing the process's CPU slots with speech);
// one run at a time keeps its first video early.
@Processor(QUEUES.video, { concurrency: 1, ...queueWorkerOptions() })
export class VideoProcessor extends WorkerHost {
  constructor(
    private readonly video: VideoRenderService,
    private readonly cancellation: TtsCancellationService,
  ) {
    super();
  }

  async process(job: Job<VideoRenderPayload>): Promise<VideoResult> {
    // A cancelled run returns (marked cancelled) rather than throwing, so it is not retried.
    const watch = this.cancellation.watch(videoCancelKey(job.id!));
    try {
      await watch.ready;
      return await this.video.run(job.data, {
        signal: watch.signal,
        previous: job.progress,
        report: (progress) => job.updateProgress(progress),
      });
    } finally {
      watch.stop();
    }
  }
}
