import { type Job, UnrecoverableError } from 'bullmq';
import type { GenerationJobsRepository } from './generation-jobs.repository';
import { GenerationJobsService } from './generation-jobs.service';
import type { JobCancellationService } from './job-cancellation.service';

/** The row writes the service makes, in order, and a cancel flag the test raises. */
function setup({ startable = true } = {}) {
  const writes: { op: string; args: unknown[] }[] = [];
  const repo = {
    started: jest.fn(async (...args: unknown[]) => {
      writes.push({ op: 'started', args });
      return startable;
    }),
    progress: jest.fn(async (...args: unknown[]) => {
      writes.push({ op: 'progress', args });
    }),
    finished: jest.fn(async (...args: unknown[]) => {
      writes.push({ op: 'finished', args });
      return true;
    }),
  };
  const controller = new AbortController();
  const cancellation = {
    watch: () => ({ signal: controller.signal, ready: Promise.resolve(), stop: jest.fn() }),
  };
  const service = new GenerationJobsService(
    repo as unknown as GenerationJobsRepository,
    cancellation as unknown as JobCancellationService,
  );
  return { service, repo, writes, cancel: () => controller.abort(new DOMException('cancelled', 'AbortError')) };
}

function fakeJob(over: Partial<Job> = {}): Job {
  return {
    id: 'tts-1',
    name: 'tts-bulk',
    queueName: 'tts',
    data: { subjectId: 'metabolic', requestedBy: 'u-1', sectionIds: ['a', 'b', 'c', 'd'], requestId: 'click-1' },
    opts: { attempts: 2 },
    attemptsMade: 0,
    attemptsStarted: 1,
    progress: 0,
    updateProgress: jest.fn(async () => undefined),
    ...over,
  } as unknown as Job;
}

const hooks = {
  fraction: (p: unknown) => ((p as { done: number }).done ?? 0) / 4,
  resultSubjectId: () => 'metabolic',
};

describe('GenerationJobsService.track', () => {
  it('marks the row running with the job itself, then completed with progress 1 and the result subject', async () => {
    const { service, writes } = setup();
    const result = await service.track(fakeJob(), hooks, async () => ({ made: 4 }));
    expect(result).toEqual({ made: 4 });
    expect(writes.map((w) => w.op)).toEqual(['started', 'finished']);
    expect(writes[0].args).toEqual([
      {
        id: 'tts-1',
        kind: 'tts-bulk',
        queue: 'tts',
        subjectId: 'metabolic',
        input: expect.objectContaining({ subjectId: 'metabolic' }) as unknown,
        requestedBy: 'u-1',
        // the request that queued it (its X-Request-Id), kept on the row
        requestId: 'click-1',
      },
      1,
    ]);
    expect(writes[1].args).toEqual([
      'tts-1',
      { status: 'completed', progress: 1, result: { made: 4 }, resultSubjectId: 'metabolic' },
    ]);
  });

  it("writes the job's progress to BullMQ every time and to the row at most every 500 ms", async () => {
    const { service, writes } = setup();
    const job = fakeJob();
    await service.track(job, hooks, async ({ report }) => {
      for (let done = 1; done <= 4; done++) await report({ done });
      return {};
    });
    expect(job.updateProgress).toHaveBeenCalledTimes(4);
    const progress = writes.filter((w) => w.op === 'progress');
    expect(progress).toEqual([{ op: 'progress', args: ['tts-1', 0.25] }]);
  });

  it('by default, progress is done / total and the result subject is the subject the job worked on', async () => {
    const { service, writes } = setup();
    await service.track(fakeJob(), {}, async ({ report }) => {
      await report({ done: 1, total: 4 });
      return {};
    });
    expect(writes.filter((w) => w.op !== 'started')).toEqual([
      { op: 'progress', args: ['tts-1', 0.25] },
      {
        op: 'finished',
        args: ['tts-1', { status: 'completed', progress: 1, result: {}, resultSubjectId: 'metabolic' }],
      },
    ]);
  });

  it('a failure BullMQ will retry puts the row back to queued with the error; the last one fails it', async () => {
    const first = setup();
    await expect(
      first.service.track(fakeJob(), hooks, async () => Promise.reject(new Error('disk full'))),
    ).rejects.toThrow('disk full');
    expect(first.writes.at(-1)!.args).toEqual([
      'tts-1',
      { status: 'queued', error: 'Attempt 1 failed (trying again): disk full' },
    ]);

    const last = setup();
    await expect(
      last.service.track(fakeJob({ attemptsMade: 1, attemptsStarted: 2 }), hooks, async () =>
        Promise.reject(new Error('disk full')),
      ),
    ).rejects.toThrow('disk full');
    expect(last.writes[0].args[1]).toBe(2);
    expect(last.writes.at(-1)!.args).toEqual(['tts-1', { status: 'failed', error: 'disk full' }]);
  });

  it('a job cancelled while it runs ends cancelled and is never retried by BullMQ', async () => {
    const { service, writes, cancel } = setup();
    const run = service.track(fakeJob(), hooks, async ({ signal }) => {
      cancel();
      signal.throwIfAborted();
      return {};
    });
    await expect(run).rejects.toBeInstanceOf(UnrecoverableError);
    expect(writes.at(-1)!.args).toEqual(['tts-1', { status: 'cancelled', error: null }]);
  });

  it('a run that returns marked cancelled ends cancelled, keeping its progress and no result subject', async () => {
    const { service, writes } = setup();
    await service.track(fakeJob(), { ...hooks, cancelled: (r: { cancelled: boolean }) => r.cancelled }, async () => ({
      cancelled: true,
    }));
    expect(writes.at(-1)!.args).toEqual([
      'tts-1',
      { status: 'cancelled', progress: undefined, result: { cancelled: true }, resultSubjectId: null },
    ]);
  });

  it('a job whose row has ended already (cancelled while it waited) does not run', async () => {
    const { service } = setup({ startable: false });
    const work = jest.fn(async () => ({}));
    await expect(service.track(fakeJob(), hooks, work)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(work).not.toHaveBeenCalled();
  });
});

describe('GenerationJobsService.failedOutside', () => {
  it('fails a row still running when BullMQ gives up on a stalled job, and leaves a job it will retry alone', async () => {
    const { service, repo } = setup();
    await service.failedOutside(fakeJob({ attemptsMade: 1 }), new Error('job stalled more than allowable limit'));
    expect(repo.finished).not.toHaveBeenCalled();
    await service.failedOutside(fakeJob({ attemptsMade: 2 }), new Error('job stalled more than allowable limit'));
    expect(repo.finished).toHaveBeenCalledWith(
      'tts-1',
      { status: 'failed', error: 'job stalled more than allowable limit' },
      ['running'],
    );
    await service.failedOutside(undefined, new Error('x'));
    expect(repo.finished).toHaveBeenCalledTimes(1);
  });
});
