import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { MailSenderService } from '../../src/modules/mail/mail-sender.service';
import { QUEUES, SendEmailPayload } from '../../src/queues/queues';

@Processor(QUEUES.email, { concurrency: 5 })
export class EmailProcessor extends WorkerHost {
  constructor(private readonly sender: MailSenderService) {
    super();
  }

  async process(job: Job<SendEmailPayload>): Promise<void> {
    await this.sender.send(job.data, job.id ?? `${job.name}-${job.timestamp}`);
  }
}
