import type { Job } from 'bullmq';
import { scrape } from '../src/common/metrics/metrics';
import { currentRequestContext, type RequestContext } from '../src/common/request-id/request-id';
import { UnrecoverableError } from 'bullmq';
import { TimeLimitError } from '../src/modules/media/speech/time-limit';
import { ObservedWorkerHost } from './observed-worker-host';

class Probe extends ObservedWorkerHost {
  seen?: RequestContext;
  constructor(private readonly outcome: 'ok' | 'throw' | 'time-limit') {
    super();
  }
  protected async handle(): Promise<string> {
    await new Promise((r) => setTimeout(r, 1));
    this.seen = currentRequestContext();
    if (this.outcome === 'throw') throw new Error('engine died');
    if (this.outcome === 'time-limit') throw new TimeLimitError('flite', 20_000);
    return 'done';
  }
}

const job = (data: object) => ({ id: 'job-9', name: 'probe', queueName: 'probe-q', data, attemptsMade: 0 }) as Job;

describe('ObservedWorkerHost', () => {
  it("runs the job inside its context: the request id from the job's data, the job and its queue", async () => {
    const host = new Probe('ok');
    expect(await host.process(job({ requestId: 'click-7' }))).toBe('done');
    expect(host.seen).toEqual({ requestId: 'click-7', jobId: 'job-9', queue: 'probe-q' });
    expect(currentRequestContext()).toBeUndefined();
  });

  it('a job no request queued runs with no request id', async () => {
    const host = new Probe('ok');
    await host.process(job({ requestId: 'not valid!' }));
    expect(host.seen).toEqual({ requestId: undefined, jobId: 'job-9', queue: 'probe-q' });
  });

  it('times completed and failed runs by queue and outcome, and lets the failure through', async () => {
    await new Probe('ok').process(job({}));
    await expect(new Probe('throw').process(job({}))).rejects.toThrow('engine died');
    const { body } = await scrape();
    expect(body).toMatch(/^lp_job_duration_seconds_count\{queue="probe-q",outcome="completed"\} [1-9]/m);
    expect(body).toMatch(/^lp_job_duration_seconds_count\{queue="probe-q",outcome="failed"\} 1$/m);
  });

  it("an engine run past its time limit fails the job for good (no retry), with the limit's message", async () => {
    // a queue of its own: the metrics test above counts probe-q's failures
    const own = { ...job({}), queueName: 'probe-limit-q' } as Job;
    const failure = new Probe('time-limit').process(own);
    await expect(failure).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(failure).rejects.toThrow('flite ran longer than its time limit of 20 s and was stopped');
    // any other failure stays retryable
    await expect(new Probe('throw').process(own)).rejects.not.toBeInstanceOf(UnrecoverableError);
  });
});
