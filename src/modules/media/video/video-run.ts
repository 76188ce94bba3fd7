import { JOBS, QUEUES, type VideoRenderPayload } from '../../../queues/queues';
import type { JobKind } from '../../jobs/job-run';
import { countItems, itemsOf, type TtsBulkCounters } from '../tts/bulk-run';

/** One section of a render run, as the job's progress and result keep it. */
export interface VideoItem {
  id: string;
  ok: boolean;
  /** a signed URL of the mp4 (signed for the user who started the run) */
  url: string | null;
  /** why it failed, or why it was skipped without a video (`no audio yet`) */
  error: string | null;
  skipped: boolean;
  status: 'rendered' | 'skipped' | 'failed';
}

/** The job's progress: every item so far (in the order they finished) and the sections rendering now. */
export interface VideoProgress {
  items: VideoItem[];
  current: { id: string; percent: number }[];
}

export type VideoCounters = TtsBulkCounters;

/** The job's return value. */
export interface VideoResult extends VideoCounters {
  total: number;
  cancelled: boolean;
  items: VideoItem[];
}

export type VideoEvent =
  | { type: 'start'; jobId: string; total: number; width: number; height: number; burnCaptions: boolean }
  | ({ type: 'item' } & VideoItem & Omit<VideoCounters, 'skipped'> & { skippedCount: number })
  | { type: 'progress'; id: string; percent: number }
  | ({ type: 'done' | 'cancelled'; total: number } & VideoCounters)
  | { type: 'error'; message: string };

/** Skipped sections are not attempted: attempted = succeeded + failed. */
export const countVideoItems = (items: VideoItem[]): VideoCounters => countItems(items);

/** The items of a job's progress (or return value). */
export const videoItemsOf = (value: unknown): VideoItem[] => itemsOf<VideoItem>(value);

/** The sections rendering now, from a job's progress. */
export function currentOf(value: unknown): { id: string; percent: number }[] {
  const current = (value as { current?: unknown } | null | undefined)?.current;
  return Array.isArray(current)
    ? current.filter(
        (c): c is { id: string; percent: number } =>
          !!c &&
          typeof (c as { id?: unknown }).id === 'string' &&
          typeof (c as { percent?: unknown }).percent === 'number',
      )
    : [];
}

export function videoStartEvent(jobId: string, data: VideoRenderPayload): VideoEvent {
  return {
    type: 'start',
    jobId,
    total: data.sectionIds.length,
    width: data.width,
    height: data.height,
    burnCaptions: data.burnCaptions,
  };
}

/** The event of items[index], with the counters up to and including it. */
export function videoItemEvent(items: VideoItem[], index: number): VideoEvent {
  const { id, ok, url, error, skipped, status } = items[index];
  const c = countVideoItems(items.slice(0, index + 1));
  return {
    type: 'item',
    id,
    ok,
    url,
    error,
    skipped,
    status,
    attempted: c.attempted,
    succeeded: c.succeeded,
    failed: c.failed,
    skippedCount: c.skipped,
  };
}

export function videoFinalEvent(result: VideoResult): VideoEvent {
  return { type: result.cancelled ? 'cancelled' : 'done', total: result.total, ...countVideoItems(result.items) };
}

/**
 * A render run: every section of a subject with current audio, one run per subject at a time. As for a
 * bulk speech run, its events come from the job (data, progress, result), plus each section's percent while
 * it renders; a cancelled run returns (marked cancelled), so BullMQ never retries it.
 */
export const VIDEO_RENDER_RUN: JobKind<VideoRenderPayload, VideoResult, VideoEvent> = {
  queue: QUEUES.video,
  name: JOBS.videoRender,
  idPrefix: 'video',
  exclusive: true,
  words: {
    run: 'video run',
    running: 'The render is still running',
    cancelled: 'The render was cancelled',
    failed: 'Failed to render',
  },
  // finished sections, plus the part done of those rendering now
  fraction: (progress, data) =>
    (videoItemsOf(progress).length + currentOf(progress).reduce((sum, c) => sum + c.percent / 100, 0)) /
    Math.max(1, data.sectionIds.length),
  cancelled: (result) => result.cancelled,
  events: {
    start: videoStartEvent,
    items: (value) => videoItemsOf(value).map((_, index, items) => videoItemEvent(items, index)),
    inFlight: (progress) =>
      currentOf(progress).map((c) => ({ key: c.id, event: { type: 'progress', id: c.id, percent: c.percent } })),
    end: videoFinalEvent,
    error: (message) => ({ type: 'error', message }),
  },
};
