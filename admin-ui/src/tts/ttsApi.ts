import { getAccessToken, renewAccessToken } from '../providers/authProvider';
import { httpClient } from '../providers/dataProvider';

export const TTS_SUBJECTS_URL = '/api/tts/subjects';
export const BULK_STREAM_URL = '/api/tts/synthesize/bulk/stream';
export const BULK_URL = '/api/tts/synthesize/bulk';
export const BULK_CANCEL_URL = '/api/tts/synthesize/bulk/cancel';

/** The spec's defaults: provider elevenlabs (the server falls back to its local engine without a key), mp3. */
export const DEFAULT_PROVIDER = 'elevenlabs';
export const DEFAULT_FORMAT = 'mp3';

export interface TtsSubject {
  subject: string;
  sections: number;
  withAudio: number;
  stale: number;
}

export interface BulkRequest {
  subject: string;
  voiceId?: string;
  includeAll: boolean;
}

export interface BulkItem {
  id: string;
  ok: boolean;
  url: string | null;
  error: string | null;
  /** Its audio was already current (made from the same text, provider and voice): nothing was made. */
  skipped: boolean;
}

export interface Counters {
  attempted: number;
  succeeded: number;
  failed: number;
  skipped: number;
  /** null until the stream's `start` event says how many sections there are. */
  total: number | null;
}

/** The answer of the non-streamed call, also what a finished stream adds up to. */
export interface BulkResult extends Counters {
  items: BulkItem[];
}

export type BulkEvent =
  | { type: 'start'; total: number | null; provider?: string; message?: string }
  | ({ type: 'item' } & BulkItem & Partial<Omit<Counters, 'total' | 'skipped'>> & { skippedCount?: number })
  | ({ type: 'done' } & Partial<Counters>)
  | ({ type: 'cancelled' } & Partial<Counters>)
  | { type: 'error'; message: string };

export const newJobId = (): string => `tts-${crypto.randomUUID()}`;

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

const counterFields = (o: Record<string, unknown>) => {
  const out: Partial<Counters> = {};
  for (const key of ['attempted', 'succeeded', 'failed', 'skipped', 'total'] as const) {
    const value = num(o[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
};

const toItem = (o: Record<string, unknown>): BulkItem => ({
  id: str(o.id) ?? str(o.sectionId) ?? '',
  ok: o.ok === true,
  url: str(o.url) ?? null,
  error: str(o.error) ?? null,
  skipped: o.status === 'skipped',
});

/** One parsed NDJSON line as an event; lines of another kind (or none) are dropped. */
export const toBulkEvent = (value: unknown): BulkEvent | null => {
  if (!value || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  switch (o.type ?? o.event) {
    case 'start':
      return { type: 'start', total: num(o.total) ?? null, provider: str(o.provider), message: str(o.message) };
    case 'item': {
      // `skipped` is the running count on the event; the item's own flag comes from its status.
      const { skipped: skippedCount, ...counters } = counterFields(o);
      return { type: 'item', ...counters, ...toItem(o), skippedCount };
    }
    case 'done':
      return { type: 'done', ...counterFields(o) };
    case 'cancelled':
      return { type: 'cancelled', ...counterFields(o) };
    case 'error':
      return { type: 'error', message: str(o.message) ?? str(o.error) ?? 'Failed' };
    default:
      return null;
  }
};

/**
 * Splits a byte stream into JSON lines. A line may arrive cut across chunks (and a UTF-8
 * character across two reads), so bytes are decoded in streaming mode and only whole lines are
 * parsed; a last line without its newline is parsed at the end. Blank and non-JSON lines are skipped.
 */
export async function* readNdjson(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (line: string): { value: unknown } | null => {
    const trimmed = line.trim();
    if (!trimmed) return null;
    try {
      return { value: JSON.parse(trimmed) as unknown };
    } catch {
      return null;
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const parsed = parse(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        if (parsed) yield parsed.value;
        newline = buffer.indexOf('\n');
      }
    }
    buffer += decoder.decode();
    const last = parse(buffer);
    if (last) yield last.value;
  } finally {
    reader.releaseLock();
  }
}

/** A non-OK stream answer: the body's message (or its text), else the HTTP status. */
const streamError = async (response: Response): Promise<Error> => {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // no body
  }
  let message = text.trim();
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // plain text body
  }
  return new Error(message || `HTTP ${response.status}`);
};

const postStream = (url: string, token: string | null, body: string, signal?: AbortSignal) =>
  fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/x-ndjson',
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body,
    signal,
  });

/**
 * POSTs a JSON body to a streaming (NDJSON) endpoint with the session's token, under the data
 * provider's token rule: one retry with a renewed token after a 401. Answers the raw response.
 */
export const postNdjson = async (url: string, body: string, signal?: AbortSignal): Promise<Response> => {
  const token = await getAccessToken();
  let response = await postStream(url, token, body, signal);
  if (response.status === 401 && token) {
    const renewed = await renewAccessToken(token);
    if (renewed && renewed !== token) response = await postStream(url, renewed, body, signal);
  }
  return response;
};

/**
 * `POST /api/tts/synthesize/bulk/stream`, calling `onEvent` for each event as it arrives.
 * Resolves with the last event (`done` or `cancelled`); rejects on a non-OK answer, a broken
 * connection or a stream that ends without either, so the caller can fall back.
 */
export const streamBulk = async (
  request: BulkRequest,
  jobId: string,
  onEvent: (event: BulkEvent) => void,
  signal?: AbortSignal,
): Promise<'done' | 'cancelled'> => {
  const body = JSON.stringify({
    subject: request.subject,
    provider: DEFAULT_PROVIDER,
    voiceId: request.voiceId || undefined,
    includeAll: request.includeAll,
    format: DEFAULT_FORMAT,
    delayMs: 0,
    jobId,
  });
  const response = await postNdjson(BULK_STREAM_URL, body, signal);
  if (!response.ok) throw await streamError(response);
  if (!response.body) throw new Error('The stream has no body');

  for await (const line of readNdjson(response.body)) {
    const event = toBulkEvent(line);
    if (!event) continue;
    if (event.type === 'error') throw new Error(event.message);
    onEvent(event);
    if (event.type === 'done' || event.type === 'cancelled') return event.type;
  }
  throw new Error('The stream ended before the run finished');
};

/** `POST /api/tts/synthesize/bulk`: the same run, answered once it is done (the stream's fallback). */
export const runBulk = async (request: BulkRequest): Promise<BulkResult> => {
  const { json } = await httpClient(BULK_URL, {
    method: 'POST',
    body: JSON.stringify({
      subject: request.subject,
      provider: DEFAULT_PROVIDER,
      voiceId: request.voiceId || undefined,
      includeAll: request.includeAll,
      format: DEFAULT_FORMAT,
    }),
  });
  const o = (json ?? {}) as Record<string, unknown>;
  const items = Array.isArray(o.items)
    ? o.items.filter((i): i is Record<string, unknown> => !!i && typeof i === 'object').map(toItem)
    : [];
  const counters = counterFields(o);
  return {
    attempted: counters.attempted ?? items.length,
    succeeded: counters.succeeded ?? items.filter((i) => i.ok).length,
    failed: counters.failed ?? items.filter((i) => !i.ok).length,
    skipped: counters.skipped ?? 0,
    total: counters.total ?? items.length,
    items,
  };
};

/** `POST /api/tts/synthesize/bulk/cancel {jobId}`: the run stops after the sections in flight. */
export const cancelBulk = async (jobId: string): Promise<void> => {
  await httpClient(BULK_CANCEL_URL, { method: 'POST', body: JSON.stringify({ jobId }) });
};

/** `GET /api/tts/subjects`: each subject with its section count and how many have (stale) audio. */
export const listTtsSubjects = async (): Promise<TtsSubject[]> => {
  const { json } = await httpClient(TTS_SUBJECTS_URL);
  const list = Array.isArray(json) ? json : ((json as { subjects?: unknown } | undefined)?.subjects ?? []);
  if (!Array.isArray(list)) return [];
  return list
    .filter((s): s is Record<string, unknown> => !!s && typeof s === 'object')
    .map((s) => ({
      subject: str(s.subject) ?? str(s.id) ?? str(s.subjectId) ?? '',
      sections: num(s.sections) ?? 0,
      withAudio: num(s.withAudio) ?? 0,
      stale: num(s.stale) ?? 0,
    }))
    .filter((s) => s.subject !== '');
};

/** How far the run is, 0..100: capped at 100, and 50 while running before the total is known. */
export const progressPercent = (counters: Counters, running: boolean): number => {
  const done = Math.max(counters.attempted, counters.succeeded + counters.failed + counters.skipped);
  if (counters.total === null || counters.total <= 0) {
    if (running) return 50;
    return counters.total === 0 || done > 0 ? 100 : 0;
  }
  return Math.min(100, Math.round((done / counters.total) * 100));
};
