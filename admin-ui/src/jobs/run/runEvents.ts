import type { NdjsonEvent } from './ndjson';

/** What the Studio shows of a run (speech or video), read from its NDJSON events. */

/** The spec's word for a failure with no message of its own. */
export const FAILED = 'Failed';

export type SpeechEvent = NdjsonEvent<'/api/tts/synthesize/bulk/stream'>;
export type VideoEvent = NdjsonEvent<'/api/tts/video/render/stream'>;
/** An event of either run but its `error`, which ends the run as a failure. */
export type RunEvent = Exclude<SpeechEvent | VideoEvent, { type: 'error' }>;

/** One item's outcome (a lecture section's audio or video). */
export interface RunItem {
  id: string;
  ok: boolean;
  url: string | null;
  error: string | null;
  /** Nothing was made: an up-to-date file exists (ok), or the section has no current audio (not ok). */
  skipped: boolean;
}

/** An item of an event or of the speech run's answer: its own skip is its status. */
export const toRunItem = ({
  id,
  ok,
  url,
  error,
  status,
}: Pick<RunItem, 'id' | 'ok' | 'url' | 'error'> & { status: string }): RunItem => ({
  id,
  ok,
  url,
  error,
  skipped: status === 'skipped',
});

export interface Counters {
  attempted: number;
  succeeded: number;
  failed: number;
  skipped: number;
  /** null until the stream's `start` event says how many items there are. */
  total: number | null;
}

export const ZERO: Counters = { attempted: 0, succeeded: 0, failed: 0, skipped: 0, total: null };

/** How many items are done: finished ones, whether or not the server counts skipped ones as attempted. */
export const doneCount = (counters: Counters, itemRows = 0): number =>
  Math.max(counters.attempted, counters.succeeded + counters.failed + counters.skipped, itemRows);

/** How far the run is, 0..100: capped at 100, and 50 while running before the total is known. */
export const progressPercent = (done: number, total: number | null, running: boolean): number => {
  if (total === null || total <= 0) {
    if (running) return 50;
    return total === 0 || done > 0 ? 100 : 0;
  }
  return Math.min(100, Math.round((done / total) * 100));
};

export const newJobId = (prefix: string): string => `${prefix}-${crypto.randomUUID()}`;
