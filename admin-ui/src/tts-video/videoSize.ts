import { httpClient } from '../providers/dataProvider';
import { postNdjson, readNdjson } from '../tts/ttsApi';

export const VIDEO_STREAM_URL = '/api/tts/video/render/stream';
export const VIDEO_CANCEL_URL = '/api/tts/video/render/cancel';

/** The spec's default video size, sent when a resolution field is left empty. */
export const DEFAULT_WIDTH = 1280;
export const DEFAULT_HEIGHT = 720;

/** The server's bounds (docs/media-api.md): even numbers, 160..3840 wide and 90..2160 high. */
export const WIDTH_RANGE = { min: 160, max: 3840 } as const;
export const HEIGHT_RANGE = { min: 90, max: 2160 } as const;

/** What every failure without a message of its own shows (the spec's word). */
export const FAILED = 'Failed';

export interface VideoRequest {
  subject: string;
  width: number;
  height: number;
  burnCaptions: boolean;
}

/** One section's outcome, from an `item` event. */
export interface VideoItem {
  id: string;
  ok: boolean;
  url: string | null;
  error: string | null;
  /** Nothing was rendered: an up-to-date video exists (ok) or the section has no current audio (not ok). */
  skipped: boolean;
}

export interface VideoCounters {
  attempted: number;
  succeeded: number;
  failed: number;
  skipped: number;
  /** null until the stream's `start` event says how many sections there are. */
  total: number | null;
}

export type VideoEvent =
  | { type: 'start'; total: number | null; jobId?: string }
  | { type: 'progress'; id: string; percent: number }
  | ({ type: 'item' } & VideoItem & Partial<Omit<VideoCounters, 'total' | 'skipped'>> & { skippedCount?: number })
  | ({ type: 'done' | 'cancelled' } & Partial<VideoCounters>)
  | { type: 'error'; message: string };

/** A failure whose message is worth showing as it is (the server's own words). */
export class VideoStreamError extends Error {}

export const newVideoJobId = (): string => `video-${crypto.randomUUID()}`;

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

const counterFields = (o: Record<string, unknown>) => {
  const out: Partial<VideoCounters> = {};
  for (const key of ['attempted', 'succeeded', 'failed', 'skipped', 'total'] as const) {
    const value = num(o[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
};

/**
 * One parsed NDJSON line as an event; lines of another kind (or none) are dropped. On `item`
 * events `skipped` is the item's own flag and `skippedCount` the running count; on `done` and
 * `cancelled`, `skipped` is the count.
 */
export const toVideoEvent = (value: unknown): VideoEvent | null => {
  if (!value || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  switch (o.type ?? o.event) {
    case 'start':
      return { type: 'start', total: num(o.total) ?? null, jobId: str(o.jobId) };
    case 'progress': {
      const percent = num(o.percent) ?? 0;
      return { type: 'progress', id: str(o.id) ?? '', percent: Math.max(0, Math.min(100, Math.round(percent))) };
    }
    case 'item': {
      const { attempted, succeeded, failed } = counterFields(o);
      return {
        type: 'item',
        id: str(o.id) ?? str(o.sectionId) ?? '',
        ok: o.ok === true,
        url: str(o.url) ?? null,
        error: str(o.error) ?? null,
        skipped: o.skipped === true || o.status === 'skipped',
        ...(attempted !== undefined ? { attempted } : {}),
        ...(succeeded !== undefined ? { succeeded } : {}),
        ...(failed !== undefined ? { failed } : {}),
        ...(num(o.skippedCount) !== undefined ? { skippedCount: num(o.skippedCount) } : {}),
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

/** A resolution field's value to send: empty means the default; anything else must be an even whole number in range. */
export const parseDimension = (
  text: string,
  fallback: number,
  range: { min: number; max: number },
): { value: number } | { error: string } => {
  const trimmed = text.trim();
  if (trimmed === '') return { value: fallback };
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value % 2 !== 0 || value < range.min || value > range.max) {
    return { error: `An even number from ${range.min} to ${range.max}` };
  }
  return { value };
};

/** A non-OK answer: the JSON body's `message`, else "Failed" (a proxy's HTML page is not worth showing). */
const answerError = async (response: Response): Promise<VideoStreamError> => {
  let message = '';
  try {
    const body = JSON.parse(await response.text()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message.trim();
    else if (Array.isArray(body.message)) message = body.message.filter((m) => typeof m === 'string').join('; ');
  } catch {
    // no body, or not JSON
  }
  return new VideoStreamError(message || FAILED);
};

/**
 * `POST /api/tts/video/render/stream`, calling `onEvent` for each event as it arrives. Resolves
 * with the type of the last event (`done`, `cancelled` or `error`). Rejects with a
 * VideoStreamError (the server's message) on a non-OK answer, and with whatever broke on a lost
 * connection or a stream that ends without a last event.
 */
export const streamVideos = async (
  request: VideoRequest,
  jobId: string,
  onEvent: (event: VideoEvent) => void,
  signal?: AbortSignal,
): Promise<'done' | 'cancelled' | 'error'> => {
  const body = JSON.stringify({
    subject: request.subject,
    width: request.width,
    height: request.height,
    burnCaptions: request.burnCaptions,
    jobId,
  });
  // the data provider's token rule: one retry with a renewed token after a 401
  const response = await postNdjson(VIDEO_STREAM_URL, body, signal);
  if (!response.ok) throw await answerError(response);
  if (!response.body) throw new Error('The stream has no body');

  for await (const line of readNdjson(response.body)) {
    const event = toVideoEvent(line);
    if (!event) continue;
    onEvent(event);
    if (event.type === 'done' || event.type === 'cancelled' || event.type === 'error') return event.type;
  }
  throw new Error('The stream ended before the run finished');
};

/** `POST /api/tts/video/render/cancel {jobId}`: ffmpeg is stopped and the stream ends with `cancelled`. */
export const cancelVideos = async (jobId: string): Promise<void> => {
  await httpClient(VIDEO_CANCEL_URL, { method: 'POST', body: JSON.stringify({ jobId }) });
};

/** How far the run is, 0..100: sections done of the total, capped at 100, and 50 while running before the total is known. */
export const videoProgressPercent = (done: number, total: number | null, running: boolean): number => {
  if (total === null || total <= 0) {
    if (running) return 50;
    return total === 0 || done > 0 ? 100 : 0;
  }
  return Math.min(100, Math.round((done / total) * 100));
};
