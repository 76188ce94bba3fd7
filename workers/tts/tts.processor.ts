import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { queueWorkerOptions } from '../../src/config/config';
import { itemsOf, type TtsBulkResult } from '../../src/modules/media/tts/bulk-run';
import { TtsSynthesisService } from '../../src/modules/media/tts/tts-synthesis.service';
import { GenerationJobsService } from '../../src/modules/studio/jobs/generation-jobs.service';
import { JOBS, QUEUES, type TtsBulkPayload, type TtsSectionPayload } from '../../src/queues/queues';
import { TrackedWorkerHost } from '../tracked-worker-host';

// Each bulk run already uses every core (its sections run in parallel, the engines off the event loop);
// two at once keeps a one-section request from waiting behind a whole subject.
@Processor(QUEUES.tts, { concurrency: 2, ...queueWorkerOptions() })
export class TtsProcessor extends TrackedWorkerHost {
  constructor(
    private readonly tts: TtsSynthesisService,
    jobs: GenerationJobsService,
  ) {
    super(jobs);
  }

  async process(job: Job<TtsBulkPayload | TtsSectionPayload>): Promise<unknown> {
    // One section for the lectures page is a request answered in seconds, not a generation job.
    if (job.name === JOBS.ttsSection) return this.tts.synthesizeOne(job.data as TtsSectionPayload);
    const data = job.data as TtsBulkPayload;
    // A cancelled run returns (marked cancelled) rather than throwing, so it is not retried.
    return this.jobs.track<TtsBulkResult>(
      job,
      {
        fraction: (p) => itemsOf(p).length / Math.max(1, data.sectionIds.length),
        resultSubjectId: () => data.subjectId,
        cancelled: (r) => r.cancelled,
      },
      ({ signal, report, previous }) => this.tts.runBulk(data, { signal, previous, report }),
    );
  }
}
