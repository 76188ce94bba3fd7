import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { queueWorkerOptions } from '../../src/config/config';
import { GenerationJobsService } from '../../src/modules/jobs/generation-jobs.service';
import { TTS_BULK_RUN } from '../../src/modules/media/tts/bulk-run';
import { TtsSynthesisService } from '../../src/modules/media/tts/tts-synthesis.service';
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

  protected async handle(job: Job<TtsBulkPayload | TtsSectionPayload>): Promise<unknown> {
    // One section for the lectures page is a request answered in seconds, not a generation job.
    if (job.name === JOBS.ttsSection) return this.tts.synthesizeOne(job.data as TtsSectionPayload);
    const bulk = job as Job<TtsBulkPayload>;
    return this.jobs.track(bulk, TTS_BULK_RUN, ({ signal, report, previous }) =>
      this.tts.runBulk(bulk.data, { signal, previous, report }),
    );
  }
}
