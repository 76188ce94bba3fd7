import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { queueWorkerOptions } from '../../src/config/config';
import { VideoRenderService } from '../../src/modules/media/video/video-render.service';
import { currentOf, videoItemsOf, type VideoResult } from '../../src/modules/media/video/video-run';
import { GenerationJobsService } from '../../src/modules/studio/jobs/generation-jobs.service';
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

  process(job: Job<VideoRenderPayload>): Promise<VideoResult> {
    const total = Math.max(1, job.data.sectionIds.length);
    // A cancelled run returns (marked cancelled) rather than throwing, so it is not retried.
    return this.jobs.track<VideoResult>(
      job,
      {
        // finished sections, plus the part done of those rendering now
        fraction: (p) => (videoItemsOf(p).length + currentOf(p).reduce((sum, c) => sum + c.percent / 100, 0)) / total,
        resultSubjectId: () => job.data.subjectId,
        cancelled: (r) => r.cancelled,
      },
      ({ signal, report, previous }) => this.video.run(job.data, { signal, previous, report }),
    );
  }
}
