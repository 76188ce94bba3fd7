/**
 * Time limits for engine runs (ffmpeg, flite, the espeak-ng thread). An engine that spins (ffmpeg evaluating
 * an endless expression, say) would otherwise hold a CPU slot forever and make everyone's speech and video
 * wait; past its limit a child process gets SIGKILL (a spinning ffmpeg ignores SIGTERM) and a worker thread
 * `terminate()`, and the run rejects with a TimeLimitError, which is a failure, not a cancellation.
 */

/** What a run that went past its time limit rejects with (`err.name === 'TimeLimitError'`). */
export class TimeLimitError extends Error {
  override readonly name = 'TimeLimitError';

  constructor(
    readonly what: string,
    readonly limitMs: number,
  ) {
    super(`${what} ran longer than its time limit of ${formatSeconds(limitMs)} and was stopped`);
  }
}

export function isTimeLimitError(err: unknown): err is TimeLimitError {
  return err instanceof Error && err.name === 'TimeLimitError';
}

const formatSeconds = (ms: number) =>
  ms < 1000 ? `${ms} ms` : `${ms >= 10_000 ? Math.round(ms / 1000) : (ms / 1000).toFixed(1)} s`;

/**
 * A signal that fires when `outer` does (with its reason) or once `ms` have passed (with a TimeLimitError).
 * `clear()` stops the clock; call it once the run has ended. `pause()`/`resume()` stop and restart the clock
 * (from a full `ms`) for work whose engine waits on us, not we on it.
 */
export function timeLimitSignal(
  ms: number,
  what: string,
  outer?: AbortSignal,
): { signal: AbortSignal; clear(): void; pause(): void; resume(ms?: number): void } {
  if (!(ms > 0)) throw new Error(`${what}: time limit ${ms} ms`);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const onOuter = () => controller.abort(outer?.reason);
  const arm = (limit: number) => {
    clearTimeout(timer);
    if (controller.signal.aborted) return;
    // unref'd: a clock never keeps a process alive, the run it guards does
    timer = setTimeout(() => controller.abort(new TimeLimitError(what, limit)), limit).unref();
  };
  if (outer?.aborted) controller.abort(outer.reason);
  else {
    outer?.addEventListener('abort', onOuter, { once: true });
    arm(ms);
  }
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
    pause: () => clearTimeout(timer),
    resume: (limit = ms) => arm(limit),
  };
}

/** Speech at about 15 characters a second (150 words a minute): the audio a text makes, roughly. */
export const estimatedSpeechMs = (text: string) => Math.round((text.length / 15) * 1000);

/**
 * The time limits of engine runs, from the length of the audio they make or read (or, for speech, the
 * estimated length of the text's audio), times `factor` (MEDIA_TIME_LIMIT_FACTOR: above 1 on slow
 * machines such as CI). A video render's limit is capped by `renderMaxMs` (RENDER_MAX_SECONDS), which the
 * worker's stop grace period in docker-compose.yml exceeds, so a stopping worker lets its render end.
 * Each limit is generous (about real time plus a start-up allowance): these engines run many times faster.
 */
export class MediaTimeLimits {
  constructor(
    readonly factor = 1,
    readonly renderMaxMs = 600_000,
  ) {
    if (!(factor > 0)) throw new Error(`media time limit factor ${factor}`);
    if (!(renderMaxMs >= 1)) throw new Error(`render time limit ${renderMaxMs} ms`);
  }

  /** A local engine speaking `text` (flite's process, the espeak-ng thread). */
  speech(text: string): number {
    return this.scaled(15_000 + estimatedSpeechMs(text));
  }

  /** ffmpeg encoding or joining `audioMs` of audio (once it has all its input). */
  encode(audioMs: number): number {
    return this.scaled(15_000 + audioMs / 2);
  }

  /** ffmpeg drawing a title card (one frame, no audio). */
  titleCard(): number {
    return Math.min(this.renderMaxMs, this.scaled(30_000));
  }

  /** ffmpeg rendering a video `audioMs` long. */
  render(audioMs: number): number {
    return Math.min(this.renderMaxMs, this.scaled(30_000 + audioMs));
  }

  private scaled(ms: number): number {
    return Math.max(1, Math.round(this.factor * ms));
  }
}

/** The limits the settings ask for (MEDIA_TIME_LIMIT_FACTOR, RENDER_MAX_SECONDS; see src/config). */
export const mediaTimeLimits = (c: { factor: number; renderMaxSeconds: number }) =>
  new MediaTimeLimits(c.factor, c.renderMaxSeconds * 1000);
