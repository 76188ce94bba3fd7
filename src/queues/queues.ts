import type { JobsOptions } from 'bullmq';

/** Every queue, job name and payload type in one place, shared by the API (producer) and the workers. */
export const QUEUES = {
  email: 'email',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  sendEmail: 'send-email',
} as const;

export type MailTemplate = 'verify-email' | 'reset-password' | 'already-registered';

export interface SendEmailPayload {
  to: string;
  template: MailTemplate;
  /** the link the mail is about (verification, reset or sign-in) */
  link: string;
}

export interface JobPayloads {
  [JOBS.sendEmail]: SendEmailPayload;
}

export const DEFAULT_JOB_OPTIONS: Record<QueueName, JobsOptions> = {
  // Mails carry single-use links: keep no completed job (and its link) around, retry
  // a failing SMTP server with backoff for about a minute before giving up.
  [QUEUES.email]: {
    attempts: 6,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: true,
    removeOnFail: { age: 24 * 3600 },
  },
};
