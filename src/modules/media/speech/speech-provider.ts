import { isTimeLimitError } from './time-limit';

/** One sentence of speech, as a WAV file the caller owns (and removes). */
export interface SpeechClip {
  wavPath: string;
  /** exact, from the WAV header */
  durationMs: number;
  /** the voice actually used, engine-qualified for local engines (`flite:slt`, `espeak-ng:en-us`) */
  voice: string;
}

export interface SpeechRequest {
  /** the engine's voice; a local engine that does not know it uses its default (and says so in `voice`) */
  voiceId?: string;
  signal?: AbortSignal;
  /** folder for the WAV file (default: the system temp folder) */
  dir?: string;
}

/** A text-to-speech engine. Implementations keep CPU work off the event loop (child process, worker thread or network). */
export interface SpeechProvider {
  readonly name: 'local' | 'elevenlabs';
  synthesize(text: string, req: SpeechRequest): Promise<SpeechClip>;
  /**
   * The engine's name and the voice ids it knows, so a request can be refused before a voice is silently
   * replaced by the default (and stored under a name it was not made with); null when they cannot be
   * listed right now (the engine's API is down: the synthesis itself will say so).
   */
  voices?(): Promise<{ engine: string; voices: string[] } | null>;
}

/**
 * The error every speech call rejects with once its AbortSignal fires (`err.name === 'AbortError'`), or the
 * TimeLimitError when what fired it was a run's time limit (a failure, not a cancellation).
 */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && (reason.name === 'AbortError' || isTimeLimitError(reason))) return reason;
  return new DOMException('The speech synthesis was aborted', 'AbortError');
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError(signal);
}
