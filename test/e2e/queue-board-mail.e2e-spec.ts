import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { REDACTED_MAIL_MESSAGE } from '../../src/modules/mail/mail-redaction';
import { MailSenderService } from '../../src/modules/mail/sender/mail-sender.service';
import { EmailProcessor } from '../../workers/email/email.processor';
import { JOBS, QUEUES, type SendEmailPayload } from '../../src/queues/queues';
import { Harness } from '../support/harness';

/**
 * A mail that cannot be sent stays in the failed set, where the queue dashboard shows its data: the
 * password-reset link in it must be dead text by then, and the job gone within the hour.
 */
let h: Harness;
let admin: string;
const mailQueue = () => h.app.get<Queue>(getQueueToken(QUEUES.email), { strict: false });
const OWN = { origin: 'http://learn.test', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };

beforeAll(async () => {
  h = await Harness.boot();
  admin = await h.demoToken('admin');
}, 60000);
afterAll(async () => {
  jest.restoreAllMocks();
  await h.close();
});

/** The worker that runs the mail jobs (the harness's worker context, in this process). */
const mailWorker = () => h.worker!.get(EmailProcessor).worker;

/**
 * Resolves with the first mail job to `email` that ends in the failed set, as the worker reports each failed
 * attempt: an attempt that left the job delayed (its backoff) is promoted, so the next attempt runs at once.
 * Listen before queuing the mail. Bounded by the test's own timeout.
 */
function failedMailTo(email: string): Promise<Job<SendEmailPayload>> {
  const worker = mailWorker();
  return new Promise((resolve, reject) => {
    const onFailed = (job: Job | undefined) => {
      if (!job || job.name !== JOBS.sendEmail || (job.data as SendEmailPayload).to !== email) return;
      // 'failed' is emitted after the job was moved (to delayed for a retry, or to the failed set)
      void job
        .getState()
        .then(async (state) => {
          if (state === 'delayed') return job.promote();
          if (state === 'failed') {
            worker.off('failed', onFailed);
            resolve(job as Job<SendEmailPayload>);
          }
        })
        .catch(reject);
    };
    worker.on('failed', onFailed);
  });
}

/**
 * A reset mail whose every attempt the SMTP server refuses, run once whichever test needs it first (the tests run in
 * a random order): the failed job, the links its attempts sent, and how many sends there were.
 */
type BoardView = { queues: { name: string; jobs: { data: unknown; failedReason: string }[] }[] };
let failedRun:
  | Promise<{
      job: Job<SendEmailPayload>;
      liveLinks: string[];
      sends: number;
      /** the job and the board's view as they were right after the failure (a retry test changes both) */
      stored: Job<SendEmailPayload>;
      board: Awaited<ReturnType<typeof h.get<BoardView>>>;
    }>
  | undefined;
function failReset() {
  failedRun ??= (async () => {
    const liveLinks: string[] = [];
    const send = jest.spyOn(h.worker!.get(MailSenderService), 'send').mockImplementation((payload) => {
      liveLinks.push(payload.link);
      return Promise.reject(new Error(`SMTP 554 refused the message with ${payload.link}`));
    });
    const failed = failedMailTo('learner@example.com');
    expect((await h.post('/api/auth/request-reset', { email: 'learner@example.com' })).status).toBe(200);
    const job = await failed;
    const sends = send.mock.calls.length;
    const stored = (await mailQueue().getJob(job.id!))! as Job<SendEmailPayload>;
    const board = await h.get<BoardView>(`/api/admin/queues/api/queues?activeQueue=${QUEUES.email}&status=failed`, {
      token: admin,
    });
    return { job, liveLinks, sends, stored, board };
  })();
  return failedRun;
}

describe('a failed mail job', () => {
  it("keeps no live reset link: not in its data, its error or the board's view; kept an hour at most", async () => {
    const { job, liveLinks, sends, stored, board } = await failReset();
    // the real options: six attempts, each one sent the live link
    expect(job.opts.attempts).toBe(6);
    expect(job.opts.removeOnFail).toEqual({ age: 3600 });
    expect(sends).toBe(6);
    const token = new URL(liveLinks[0]).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(16);

    expect(stored.data.link).toMatch(/\/reset-password\?token=redacted$/);
    expect(stored.data.to).toBe('learner@example.com');
    expect(JSON.stringify(stored.toJSON())).not.toContain(token);
    expect(stored.failedReason).toContain('SMTP 554 refused the message with');

    expect(board.status).toBe(200);
    const shown = JSON.stringify(board.body.queues.find((q) => q.name === QUEUES.email));
    expect(shown).toContain('token=redacted');
    expect(shown).not.toContain(token);
  });

  it('retried from the board, the redacted mail fails at once and sends nothing', async () => {
    const { job } = await failReset();
    const send = jest.spyOn(h.worker!.get(MailSenderService), 'send');
    send.mockClear();
    const failedAgain = failedMailTo('learner@example.com');
    const res = await h.request('PUT', `/api/admin/queues/api/queues/${QUEUES.email}/${job.id}/retry`, {
      token: admin,
      headers: OWN,
      body: {},
    });
    expect(res.status).toBe(204);
    expect((await failedAgain).id).toBe(job.id);
    const again = (await mailQueue().getJob(job.id!))!;
    expect(await again.getState()).toBe('failed');
    expect(again.failedReason).toBe(REDACTED_MAIL_MESSAGE);
    expect(send).not.toHaveBeenCalled();
  });
});
