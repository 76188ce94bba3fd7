import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { REDACTED_MAIL_MESSAGE } from '../../src/modules/mail/mail-redaction';
import { MailSenderService } from '../../src/modules/mail/sender/mail-sender.service';
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  h = await Harness.boot();
  admin = await h.demoToken('admin');
}, 60000);
afterAll(async () => {
  jest.restoreAllMocks();
  await h.close();
});

/** The reset mail's job, run to its final failure: each backoff is skipped by promoting the delayed job. */
async function failedResetMail(email: string): Promise<Job<SendEmailPayload>> {
  const q = mailQueue();
  for (let i = 0; i < 200; i++) {
    const [job] = (await q.getJobs(['waiting', 'active', 'delayed', 'failed'])).filter(
      (j) => j.name === JOBS.sendEmail && (j.data as SendEmailPayload).to === email,
    ) as Job<SendEmailPayload>[];
    const state = job ? await job.getState() : undefined;
    if (job && state === 'failed') return job;
    if (job && state === 'delayed') await job.promote().catch(() => undefined);
    await sleep(50);
  }
  throw new Error('the reset mail never failed');
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
    expect((await h.post('/api/auth/request-reset', { email: 'learner@example.com' })).status).toBe(200);
    const job = await failedResetMail('learner@example.com');
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
    const res = await h.request('PUT', `/api/admin/queues/api/queues/${QUEUES.email}/${job.id}/retry`, {
      token: admin,
      headers: OWN,
      body: {},
    });
    expect(res.status).toBe(204);
    for (let i = 0; i < 100 && (await job.getState()) !== 'failed'; i++) await sleep(50);
    const again = (await mailQueue().getJob(job.id!))!;
    expect(await again.getState()).toBe('failed');
    expect(again.failedReason).toBe(REDACTED_MAIL_MESSAGE);
    expect(send).not.toHaveBeenCalled();
  });
});
