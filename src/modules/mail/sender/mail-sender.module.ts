import { Module } from '@nestjs/common';
import { MailSenderService } from './mail-sender.service';

/** Sender side (SMTP or the mail folder), used by the worker. */
@Module({ providers: [MailSenderService], exports: [MailSenderService] })
export class MailSenderModule {}
