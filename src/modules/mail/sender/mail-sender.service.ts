import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, Transporter } from 'nodemailer';
import { AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import type { SendEmailPayload } from '../../../queues/queues';
import { renderMail } from './mail-templates';

/**
 * Sends over SMTP when SMTP_URL is set; otherwise writes each message as JSON to the
 * mail folder (.data/mail) and logs its link, so a local installation needs no mail server.
 */
@Injectable()
export class MailSenderService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly smtp?: Transporter;

  constructor(@InjectConfig() private readonly config: AppConfig) {
    if (config.mail.smtpUrl) this.smtp = createTransport(config.mail.smtpUrl);
  }

  onModuleDestroy() {
    this.smtp?.close();
  }

  async send(payload: SendEmailPayload, messageId: string): Promise<void> {
    const mail = renderMail(payload);
    if (this.smtp) {
      await this.smtp.sendMail({
        from: this.config.mail.from,
        to: payload.to,
        ...mail,
        messageId: `<${messageId}@lp>`,
      });
      this.logger.log(`Sent "${mail.subject}" to ${payload.to}`);
      return;
    }
    await mkdir(this.config.mail.dir, { recursive: true });
    // Named by message id: a retried job overwrites its own file instead of adding another.
    const file = join(this.config.mail.dir, `${messageId.replace(/[^a-zA-Z0-9_-]/g, '_')}.json`);
    const record = {
      id: messageId,
      date: new Date().toISOString(),
      from: this.config.mail.from,
      to: payload.to,
      template: payload.template,
      link: payload.link,
      ...mail,
    };
    // Written beside and renamed into place, so a reader never sees half a message.
    await writeFile(`${file}.tmp`, JSON.stringify(record, null, 2));
    await rename(`${file}.tmp`, file);
    this.logger.log(
      `Mail "${mail.subject}" to ${payload.to} written to ${file}${this.config.mail.logLinks ? `. Link: ${payload.link}` : ''}`,
    );
  }
}
