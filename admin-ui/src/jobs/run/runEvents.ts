/** What the Studio shows of a run (speech or video), read from its NDJSON events. */

/** The spec's word for a failure with no message of its own. */
export const FAILED = 'Failed';

/** One item's outcome (a lecture section's audio or video). */
export interface RunItem {
  id: string;
  ok: boolean;
  url: string | null;
  error: string | null;
  /** Nothing was made: an up-to-date file exists (ok), or the section has no current audio (not ok). */
  skipped: boolean;
}

export interface Counters {
  attempted: number;
  succeeded: number;
  failed: number;
  skipped: number;
  /** null until the stream's `start` event says how many items there are. */
  total: number | null;
}

export const ZERO: Counters = { attempted: 0, succeeded: 0, failed: 0, skipped: 0, total: null };

/** The answer of a non-streamed run, also what a finished stream adds up to. */
export interface RunResult extends Counters {
  items: RunItem[];
}

export type RunEvent =
  | { type: 'start'; total: number | null; jobId?: string; provider?: string; message?: string }
  | { type: 'progress'; id: string; percent: number }
  | ({ type: 'item' } & RunItem & Partial<Omit<Counters, 'total' | 'skipped'>> & { skippedCount?: number })
  | ({ type: 'done' | 'cancelled' } & Partial<Counters>)
  | { type: 'error'; message: string };

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export const counterFields = (o: Record<string, unknown>): Partial<Counters> => {
  const out: Partial<Counters> = {};
  for (const key of ['attempted', 'succeeded', 'failed', 'skipped', 'total'] as const) {
    const value = num(o[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
};

/** An item as the server sends it: the item's own skip is its status (or a boolean `skipped`). */
export const toRunItem = (o: Record<string, unknown>): RunItem => ({
  id: str(o.id) ?? '',
  ok: o.ok === true,
  url: str(o.url) ?? null,
  error: str(o.error) ?? null,
  skipped: o.status === 'skipped' || o.skipped === true,
});

/**
 * One parsed NDJSON line as an event; lines of another kind (or none) are dropped. On `item` events the
 * running count of skipped items is `skippedCount` (a video run's name) or a numeric `skipped` (a speech
 * run's); on `done` and `cancelled`, `skipped` is the count.
 */
export const toRunEvent = (value: unknown): RunEvent | null => {
  if (!value || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  switch (o.type) {
    case 'start':
      return {
        type: 'start',
        total: num(o.total) ?? null,
        jobId: str(o.jobId),
        provider: str(o.provider),
        message: str(o.message),
      };
    case 'progress': {
      const percent = num(o.percent) ?? 0;
      return { type: 'progress', id: str(o.id) ?? '', percent: Math.max(0, Math.min(100, Math.round(percent))) };
    }
    case 'item': {
      const { attempted, succeeded, failed } = counterFields(o);
      const skippedCount = num(o.skippedCount) ?? num(o.skipped);
      return {
        type: 'item',
        ...toRunItem(o),
        ...(attempted !== undefined ? { attempted } : {}),
        ...(succeeded !== undefined ? { succeeded } : {}),
        ...(failed !== undefined ? { failed } : {}),
        ...(skippedCount !== undefined ? { skippedCount } : {}),
      };
    }
    case 'done':
      return { type: 'done', ...counterFields(o) };
    case 'cancelled':
      return { type: 'cancelled', ...counterFields(o) };
    case 'error':
      return { type: 'error', message: str(o.message)?.trim() || FAILED };
    default:
      return null;
  }
};

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
