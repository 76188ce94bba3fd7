import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { withRequestId } from '../../common/request-id/request-id';
import { AccountMailPayload, DEFAULT_JOB_OPTIONS, JOBS, QUEUES, SendEmailPayload } from '../../queues/queues';

/** The API never talks to SMTP: it enqueues, and the worker sends with retries. */
@Injectable()
export class MailQueueService {
  constructor(@InjectQueue(QUEUES.email) private readonly queue: Queue<SendEmailPayload | AccountMailPayload>) {}

  /** `jobId` makes the send idempotent: the same mail is never queued twice. */
  async enqueue(payload: SendEmailPayload, jobId: string): Promise<void> {
    await this.queue.add(JOBS.sendEmail, withRequestId(payload), { ...DEFAULT_JOB_OPTIONS[QUEUES.email], jobId });
  }

  async enqueueAccountMail(payload: AccountMailPayload): Promise<void> {
    await this.queue.add(JOBS.accountMail, withRequestId(payload), {
      ...DEFAULT_JOB_OPTIONS[QUEUES.email],
      jobId: `account-mail-${randomUUID()}`,
    });
  }
}
