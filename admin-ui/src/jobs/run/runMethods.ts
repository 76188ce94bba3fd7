import type { RequestBody } from '@lp/api-types';

import { callApi } from '../../providers/apiCall';
import { postEvents, RunFailure } from './ndjson';
import { FAILED, type RunEvent, type SpeechEvent, type VideoEvent } from './runEvents';

/** How a run screen follows a run: its job id, what to do with each event, when to stop reading. */
export interface RunFollow {
  jobId: string;
  onEvent(event: RunEvent): void;
  signal?: AbortSignal;
}

export type RunEnd = 'done' | 'cancelled';

/** The spec's defaults for speech: provider elevenlabs (the server falls back to its local engine without a key), mp3. */
export const DEFAULT_PROVIDER = 'elevenlabs';
export const DEFAULT_FORMAT = 'mp3';

type SpeechBody = RequestBody<'/api/tts/synthesize/bulk', 'post'>;

/** What the TTS Synthesis screen asks for; the rest of the request is the spec's defaults. */
export type SpeechRequest = Pick<SpeechBody, 'subject' | 'voiceId' | 'includeAll'>;

export type VideoRequest = Omit<RequestBody<'/api/tts/video/render/stream', 'post'>, 'jobId'>;

const speechFields = (request: SpeechRequest) =>
  ({
    subject: request.subject,
    provider: DEFAULT_PROVIDER,
    voiceId: request.voiceId || undefined,
    includeAll: request.includeAll,
    format: DEFAULT_FORMAT,
  }) satisfies Partial<SpeechBody>;

/**
 * Follows a run's events until its last (`done` or `cancelled`), which it resolves with. An `error` event
 * rejects with the server's words; so does a stream that ends before its last event.
 */
const follow = async (events: AsyncIterable<SpeechEvent | VideoEvent>, onEvent: RunFollow['onEvent']) => {
  for await (const event of events) {
    if (event.type === 'error') {
      const message = event.message.trim() || FAILED;
      throw new RunFailure(message, message === FAILED ? '' : message);
    }
    onEvent(event);
    if (event.type === 'done' || event.type === 'cancelled') return event.type satisfies RunEnd;
  }
  throw new Error('The stream ended before the run finished');
};

/**
 * The TTS Synthesis and TTS Video screens' calls: each run starts (or joins) under a job id the screen makes,
 * streams its events as NDJSON, and is cancelled by that id.
 */
export const runMethods = {
  /** `GET /api/tts/subjects`: each subject with its section count and how many have (stale) audio. */
  ttsSubjects: () => callApi('get', '/api/tts/subjects'),

  /** `POST /api/tts/synthesize/bulk/stream`: every lecture section of a subject into audio. */
  streamSynthesis: (request: SpeechRequest, { jobId, onEvent, signal }: RunFollow) =>
    follow(
      postEvents('/api/tts/synthesize/bulk/stream', { ...speechFields(request), delayMs: 0, jobId }, signal),
      onEvent,
    ),

  /** `POST /api/tts/synthesize/bulk`: the same run, answered once it is done (the stream's fallback). */
  synthesize: (request: SpeechRequest) =>
    callApi('post', '/api/tts/synthesize/bulk', { body: speechFields(request) satisfies SpeechBody }),

  /** `POST /api/tts/synthesize/bulk/cancel`: the stream then ends with `cancelled`. */
  cancelSynthesis: (jobId: string) => callApi('post', '/api/tts/synthesize/bulk/cancel', { body: { jobId } }),

  /** `POST /api/tts/video/render/stream`: every section with current audio into an mp4. */
  streamVideoRender: (request: VideoRequest, { jobId, onEvent, signal }: RunFollow) =>
    follow(postEvents('/api/tts/video/render/stream', { ...request, jobId }, signal), onEvent),

  /** `POST /api/tts/video/render/cancel`: the stream then ends with `cancelled`. */
  cancelVideoRender: (jobId: string) => callApi('post', '/api/tts/video/render/cancel', { body: { jobId } }),
};
