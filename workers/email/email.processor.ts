import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { queueWorkerOptions } from '../../src/config/config';
import { AuthService } from '../../src/modules/auth/auth.service';
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
    await this.sender.send(job.data as SendEmailPayload, job.id ?? `${job.name}-${job.timestamp}`);
  }
}
