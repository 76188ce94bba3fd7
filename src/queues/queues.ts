import type { JobsOptions } from 'bullmq';

/** Every queue, job name and payload type in one place, shared by the API (producer) and the workers. */
export const QUEUES = {
  email: 'email',
  contentMigration: 'content-migration',
  crawl: 'crawl',
  tts: 'tts',
  video: 'video',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  sendEmail: 'send-email',
  /** "send a reset/verification link to this address if it has an account": decided in the worker */
  accountMail: 'account-mail',
  migrateContent: 'migrate-content',
  crawlSources: 'crawl-sources',
  /** every lecture section of a subject: Studio's bulk run, followed live through the job's progress */
  ttsBulk: 'tts-bulk',
  /** one lecture section (the lectures page's "Generate MP3 (server)") */
  ttsSection: 'tts-section',
  /** every lecture section of a subject with current audio, rendered into an mp4 (Studio's TTS Video) */
  videoRender: 'video-render',
} as const;

export type MailTemplate = 'verify-email' | 'reset-password' | 'already-registered' | 'purchase-receipt';

/** What a receipt states, formatted for the reader when it was enqueued. */
export interface ReceiptDetails {
  /** the course's title */
  course: string;
  /** e.g. "$49.00" */
  amount: string;
  /** the day it was paid, e.g. "November 27, 2026" */
  date: string;
}

export interface SendEmailPayload {
  to: string;
  template: MailTemplate;
  /** the link the mail is about (verification, reset, sign-in, or the bought course) */
  link: string;
  /** a receipt's facts (purchase-receipt only) */
  details?: ReceiptDetails;
}

/** Where the content migration reads from: the bundled content/ folder or a legacy REST API. */
export interface ContentMigrationPayload {
  source: { kind: 'bundled' } | { kind: 'rest'; baseUrl: string };
  requestedBy?: string;
  /** Studio-edited topics to import from the source anyway (they stop being Studio-edited) */
  takePack?: { subjectId: string; nodeId: string }[];
}

/** Pages to fetch and index for one subject's tutor. */
export interface CrawlPayload {
  subjectId: string;
  urls: string[];
  requestedBy?: string;
}

/**
 * The API enqueues this for every reset or verification request, known address or not, and
 * answers at once; the worker looks the address up. So the API does the same work either way
 * and its timing tells nothing about which e-mails have accounts.
 */
export interface AccountMailPayload {
  kind: 'reset' | 'verify';
  email: string;
}

export type TtsProvider = 'local' | 'elevenlabs';

/**
 * A bulk text-to-speech run. The API fixes the sections (so `total` is known before the worker
 * starts and every viewer of the job sees the same one) and resolves the provider (elevenlabs
 * without a key → local, said in the stream's start event).
 */
export interface TtsBulkPayload {
  subjectId: string;
  /** in reading order */
  sectionIds: string[];
  /** the provider used, after the fallback */
  provider: TtsProvider;
  requestedProvider: TtsProvider;
  fellBack: boolean;
  voiceId?: string;
  /** re-make sections whose current audio matches their text, provider and voice */
  includeAll: boolean;
  /** a pause after each item (0 to 5000 ms) */
  delayMs: number;
  requestedBy?: string;
}

/** One section, made (or found current) for the lectures page. */
export interface TtsSectionPayload {
  subjectId: string;
  sectionId: string;
  provider: TtsProvider;
  voiceId?: string;
  requestedBy?: string;
}

/** A render run: the sections are fixed by the API, like a bulk text-to-speech run's. */
export interface VideoRenderPayload {
  subjectId: string;
  /** in reading order */
  sectionIds: string[];
  width: number;
  height: number;
  burnCaptions: boolean;
  requestedBy?: string;
}

export interface JobPayloads {
  [JOBS.sendEmail]: SendEmailPayload;
  [JOBS.accountMail]: AccountMailPayload;
  [JOBS.migrateContent]: ContentMigrationPayload;
  [JOBS.crawlSources]: CrawlPayload;
  [JOBS.ttsBulk]: TtsBulkPayload;
  [JOBS.ttsSection]: TtsSectionPayload;
  [JOBS.videoRender]: VideoRenderPayload;
}

export const DEFAULT_JOB_OPTIONS: Record<QueueName, JobsOptions> = {
  // Mails carry single-use links: keep no completed job (and its link) around, retry
  // a failing SMTP server with backoff for about a minute before giving up. A failed mail is kept an
  // hour for operators to see (its link redacted by the worker), not the day its link would live.
  [QUEUES.email]: {
    attempts: 6,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: true,
    removeOnFail: { age: 3600 },
  },
  // A migration is idempotent, so one retry after a transient failure is safe; results are
  // kept for a week so operators can read them in the Jobs screen.
  [QUEUES.contentMigration]: {
    attempts: 2,
    backoff: { type: 'fixed', delay: 2000 },
    removeOnComplete: { age: 7 * 24 * 3600, count: 100 },
    removeOnFail: { age: 7 * 24 * 3600, count: 100 },
  },
  // Re-crawling is idempotent (documents are keyed by subject and URL).
  [QUEUES.crawl]: {
    attempts: 2,
    backoff: { type: 'fixed', delay: 5000 },
    removeOnComplete: { age: 7 * 24 * 3600, count: 100 },
    removeOnFail: { age: 7 * 24 * 3600, count: 100 },
  },
  // A retried run resumes after the items its progress already lists, and every file is keyed by
  // section, text hash, provider and voice, so a retry after a crash writes nothing twice. A run
  // cancelled by Studio completes (marked cancelled) and so is never retried. Kept for a day so a
  // second viewer (or a reconnecting browser) can replay a finished run by its job id.
  [QUEUES.tts]: {
    attempts: 2,
    backoff: { type: 'fixed', delay: 2000 },
    removeOnComplete: { age: 24 * 3600, count: 200 },
    removeOnFail: { age: 7 * 24 * 3600, count: 100 },
  },
  // As for tts: a retried run resumes after the items its progress lists; videos are keyed by section,
  // audio hash, size and caption mode, and made in a temp folder before entering the library.
  [QUEUES.video]: {
    attempts: 2,
    backoff: { type: 'fixed', delay: 2000 },
    removeOnComplete: { age: 24 * 3600, count: 200 },
    removeOnFail: { age: 7 * 24 * 3600, count: 100 },
  },
};
