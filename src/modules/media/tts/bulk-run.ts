import { JOBS, QUEUES, type TtsBulkPayload, type TtsSectionPayload } from '../../../queues/queues';
import type { JobKind } from '../../jobs/job-run';

/** One section of a bulk run, as the job's progress and result keep it. */
export interface TtsBulkItem {
  id: string;
  ok: boolean;
  /** a signed URL of the mp3 (signed for the user who started the run) */
  url: string | null;
  error: string | null;
  status: 'synthesized' | 'skipped' | 'failed';
}

/** The job's progress: every item so far, in the order they finished (a viewer replays them). */
export interface TtsBulkProgress {
  items: TtsBulkItem[];
}

export interface TtsBulkCounters {
  attempted: number;
  succeeded: number;
  failed: number;
  skipped: number;
}

/** The job's return value. */
export interface TtsBulkResult extends TtsBulkCounters {
  total: number;
  cancelled: boolean;
  provider: string;
  fellBack: boolean;
  items: TtsBulkItem[];
}

export type TtsBulkEvent =
  | {
      type: 'start';
      jobId: string;
      total: number;
      provider: string;
      requestedProvider: string;
      fellBack: boolean;
      message?: string;
    }
  | ({ type: 'item' } & Omit<TtsBulkItem, never> & TtsBulkCounters)
  | ({ type: 'done' | 'cancelled'; total: number } & TtsBulkCounters)
  | { type: 'error'; message: string };

/** Skipped sections are not attempted: attempted = succeeded + failed. (Speech and video items alike.) */
export function countItems(items: readonly { ok: boolean; status: string }[]): TtsBulkCounters {
  const c: TtsBulkCounters = { attempted: 0, succeeded: 0, failed: 0, skipped: 0 };
  for (const i of items) {
    if (i.status === 'skipped') c.skipped++;
    else {
      c.attempted++;
      if (i.ok) c.succeeded++;
      else c.failed++;
    }
  }
  return c;
}

const isItem = (v: unknown): boolean => {
  const o = v as Partial<TtsBulkItem> | null;
  return !!o && typeof o.id === 'string' && typeof o.ok === 'boolean' && typeof o.status === 'string';
};

/**
 * The items of a job's progress (or return value): the entries with an id, ok and status (a bulk speech
 * run's or a video run's; `T` says which); anything else (a number, null) has none.
 */
export function itemsOf<T extends { id: string; ok: boolean; status: string } = TtsBulkItem>(value: unknown): T[] {
  const items = (value as { items?: unknown } | null | undefined)?.items;
  return Array.isArray(items) ? (items.filter(isItem) as T[]) : [];
}

export function startEvent(jobId: string, data: TtsBulkPayload): TtsBulkEvent {
  return {
    type: 'start',
    jobId,
    total: data.sectionIds.length,
    provider: data.provider,
    requestedProvider: data.requestedProvider,
    fellBack: data.fellBack,
    ...(data.fellBack
      ? { message: 'ElevenLabs is not configured on the server (no ELEVENLABS_API_KEY): using the local engine' }
      : {}),
  };
}

/** The event of items[index], with the counters up to and including it. */
export function itemEvent(items: TtsBulkItem[], index: number): TtsBulkEvent {
  const { id, ok, url, error, status } = items[index];
  return { type: 'item', id, ok, url, error, status, ...countItems(items.slice(0, index + 1)) };
}

export function finalEvent(result: TtsBulkResult): TtsBulkEvent {
  return { type: result.cancelled ? 'cancelled' : 'done', total: result.total, ...countItems(result.items) };
}

const SPEECH_WORDS = {
  running: 'The synthesis is still running',
  cancelled: 'The synthesis was cancelled',
  failed: 'Failed to synthesize',
};

/**
 * A bulk run: every section of a subject, one run per subject at a time. Its events come from the job:
 * its data gives `start`, its progress every item so far, its result the end. A cancelled run returns
 * (marked cancelled) rather than throwing, so BullMQ never retries it.
 */
export const TTS_BULK_RUN: JobKind<TtsBulkPayload, TtsBulkResult, TtsBulkEvent> = {
  queue: QUEUES.tts,
  name: JOBS.ttsBulk,
  idPrefix: 'tts',
  exclusive: true,
  words: { run: 'synthesis run', ...SPEECH_WORDS },
  fraction: (progress, data) => itemsOf(progress).length / Math.max(1, data.sectionIds.length),
  cancelled: (result) => result.cancelled,
  events: {
    start: startEvent,
    items: (value) => itemsOf(value).map((_, index, items) => itemEvent(items, index)),
    end: finalEvent,
    error: (message) => ({ type: 'error', message }),
  },
};

export interface SectionResult {
  /** a signed URL of the mp3 */
  url: string;
  sectionId: string;
  provider: string;
  skipped: boolean;
}

/** One section for the lectures page: a request answered in seconds, not a generation job. */
export const TTS_SECTION_RUN: JobKind<TtsSectionPayload, SectionResult> = {
  queue: QUEUES.tts,
  name: JOBS.ttsSection,
  idPrefix: 'tts-section',
  listed: false,
  words: { run: 'synthesis', ...SPEECH_WORDS },
};
