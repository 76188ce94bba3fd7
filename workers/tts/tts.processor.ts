import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { queueWorkerOptions } from '../../src/config/config';
import type { TtsBulkResult } from '../../src/modules/media/tts/bulk-run';
import { TtsCancellationService } from '../../src/modules/media/tts/tts-cancellation.service';
import { TtsSynthesisService } from '../../src/modules/media/tts/tts-synthesis.service';
import { JOBS, QUEUES, type TtsBulkPayload, type TtsSectionPayload } from '../../src/queues/queues';

// Each bulk run already uses every core (its sections run in parallel, the engines off the event loop);
// two at once keeps a one-section request from waiting behind a whole subject.
@Processor(QUEUES.tts, { concurrency: 2, ...queueWorkerOptions() })
export class TtsProcessor extends WorkerHost {
  constructor(
    private readonly tts: TtsSynthesisService,
    private readonly cancellation: TtsCancellationService,
  ) {
    super();
  }

  async process(job: Job<TtsBulkPayload | TtsSectionPayload>): Promise<unknown> {
    if (job.name === JOBS.ttsSection) return this.tts.synthesizeOne(job.data as TtsSectionPayload);
    // A cancelled run returns (marked cancelled) rather than throwing, so it is not retried.
    const watch = this.cancellation.watch(job.id!);
    try {
      await watch.ready;
      return (await this.tts.runBulk(job.data as TtsBulkPayload, {
        signal: watch.signal,
        previous: job.progress,
        report: (progress) => job.updateProgress(progress),
      })) satisfies TtsBulkResult;
    } finally {
      watch.stop();
    }
  }
}
