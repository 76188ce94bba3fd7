import { Processor } from '@nestjs/bullmq';
import { type Job, UnrecoverableError } from 'bullmq';
import { queueWorkerOptions } from '../../src/config/config';
import { AuthService } from '../../src/modules/auth/auth.service';
import {
  isRedacted,
  REDACTED_MAIL_MESSAGE,
  redactMailPayload,
  scrubError,
} from '../../src/modules/mail/mail-redaction';
import { MailSenderService } from '../../src/modules/mail/sender/mail-sender.service';
import { AccountMailPayload, JOBS, QUEUES, SendEmailPayload } from '../../src/queues/queues';
import { ObservedWorkerHost } from '../observed-worker-host';

@Processor(QUEUES.email, { concurrency: 5, ...queueWorkerOptions() })
export class EmailProcessor extends ObservedWorkerHost {
  constructor(
    private readonly sender: MailSenderService,
    private readonly auth: AuthService,
  ) {
    super();
  }

  protected async handle(job: Job<SendEmailPayload | AccountMailPayload>): Promise<void> {
    if (job.name === JOBS.accountMail) {
      const { kind, email } = job.data as AccountMailPayload;
      return this.auth.sendAccountMail(kind, email);
    }
    const payload = job.data as SendEmailPayload;
    // Retried from the queue dashboard after its link was removed: sending it would mail a dead link.
    if (isRedacted(payload)) throw new UnrecoverableError(REDACTED_MAIL_MESSAGE);
    try {
      await this.sender.send(payload, job.id ?? `${job.name}-${job.timestamp}`);
    } catch (err) {
      // The last attempt: the job stays in the failed set (for an hour), so its live link leaves it first.
      // Earlier attempts keep the link, since their retry must send it.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError)
        await job.updateData(redactMailPayload(payload));
      throw scrubError(err, payload.link);
    }
  }
}
