import { httpClient } from '../../providers/dataProvider';
import { postNdjson, readNdjson } from './ndjson';
import { counterFields, FAILED, type RunEvent, type RunResult, toRunEvent, toRunItem } from './runEvents';

/**
 * The calls of the Studio's two run screens (TTS Synthesis and TTS Video), in one place a data provider
 * method can wrap: start a run and read its NDJSON events, cancel it by job id, the speech run's
 * non-streamed fallback, and the subjects with their audio counts.
 */

/** A kind of run the Studio starts: where it streams, where it is cancelled, how its request is sent. */
export interface RunKind<Request> {
  streamUrl: string;
  cancelUrl: string;
  /** a new run's job id is `<idPrefix>-<uuid>` */
  idPrefix: string;
  body(request: Request, jobId: string): Record<string, unknown>;
}

/** The spec's defaults for speech: provider elevenlabs (the server falls back to its local engine without a key), mp3. */
export const DEFAULT_PROVIDER = 'elevenlabs';
export const DEFAULT_FORMAT = 'mp3';

export interface SpeechRequest {
  subject: string;
  voiceId?: string;
  includeAll: boolean;
}

const speechFields = (request: SpeechRequest) => ({
  subject: request.subject,
  provider: DEFAULT_PROVIDER,
  voiceId: request.voiceId || undefined,
  includeAll: request.includeAll,
  format: DEFAULT_FORMAT,
});

/** Every lecture section of a subject into audio: `POST /api/tts/synthesize/bulk/stream`. */
export const SPEECH_RUN: RunKind<SpeechRequest> = {
  streamUrl: '/api/tts/synthesize/bulk/stream',
  cancelUrl: '/api/tts/synthesize/bulk/cancel',
  idPrefix: 'tts',
  body: (request, jobId) => ({ ...speechFields(request), delayMs: 0, jobId }),
};

export interface VideoRequest {
  subject: string;
  width: number;
  height: number;
  burnCaptions: boolean;
}

/** Every section with current audio into an mp4: `POST /api/tts/video/render/stream`. */
export const VIDEO_RUN: RunKind<VideoRequest> = {
  streamUrl: '/api/tts/video/render/stream',
  cancelUrl: '/api/tts/video/render/cancel',
  idPrefix: 'video',
  body: ({ subject, width, height, burnCaptions }, jobId) => ({ subject, width, height, burnCaptions, jobId }),
};

/** A run that failed, with what the server said: `shown` is its JSON message, fit to show as it is. */
export class RunFailure extends Error {
  constructor(
    message: string,
    readonly shown = '',
  ) {
    super(message);
  }
}

/** A non-OK answer: the JSON body's `message` is shown; the body text or the HTTP status only says why. */
const answerError = async (response: Response): Promise<RunFailure> => {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // no body
  }
  let shown = '';
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') shown = body.message.trim();
    else if (Array.isArray(body.message)) shown = body.message.filter((m) => typeof m === 'string').join('; ');
  } catch {
    // plain text, or a proxy's HTML page: not worth showing
  }
  return new RunFailure(shown || text.trim() || `HTTP ${response.status}`, shown);
};

/**
 * Starts (or joins) the run under `jobId`, calling `onEvent` for each event as it arrives. Resolves with the
 * last event's type (`done` or `cancelled`). Rejects on a non-OK answer or an `error` event (a RunFailure
 * with the server's words), on a broken connection, or when the stream ends without a last event.
 */
export const streamRun = async <Request>(
  kind: RunKind<Request>,
  request: Request,
  jobId: string,
  onEvent: (event: RunEvent) => void,
  signal?: AbortSignal,
): Promise<'done' | 'cancelled'> => {
  const response = await postNdjson(kind.streamUrl, JSON.stringify(kind.body(request, jobId)), signal);
  if (!response.ok) throw await answerError(response);
  if (!response.body) throw new Error('The stream has no body');
  for await (const line of readNdjson(response.body)) {
    const event = toRunEvent(line);
    if (!event) continue;
    if (event.type === 'error') throw new RunFailure(event.message, event.message === FAILED ? '' : event.message);
    onEvent(event);
    if (event.type === 'done' || event.type === 'cancelled') return event.type;
  }
  throw new Error('The stream ended before the run finished');
};

/** Asks the run to stop (`{jobId}`); the stream then ends with `cancelled`. */
export const cancelRun = async (kind: Pick<RunKind<unknown>, 'cancelUrl'>, jobId: string): Promise<void> => {
  await httpClient(kind.cancelUrl, { method: 'POST', body: JSON.stringify({ jobId }) });
};

/** `POST /api/tts/synthesize/bulk`: the same speech run, answered once it is done (the stream's fallback). */
export const runSpeech = async (request: SpeechRequest): Promise<RunResult> => {
  const { json } = await httpClient('/api/tts/synthesize/bulk', {
    method: 'POST',
    body: JSON.stringify(speechFields(request)),
  });
  const o = (json ?? {}) as Record<string, unknown>;
  const items = Array.isArray(o.items)
    ? o.items.filter((i): i is Record<string, unknown> => !!i && typeof i === 'object').map(toRunItem)
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

export interface TtsSubject {
  id: string;
  name: string;
  sections: number;
  withAudio: number;
  stale: number;
}

/** `GET /api/tts/subjects`: each subject with its section count and how many have (stale) audio. */
export const listTtsSubjects = async (): Promise<TtsSubject[]> => {
  const { json } = await httpClient('/api/tts/subjects');
  return Array.isArray(json) ? (json as TtsSubject[]) : [];
};
