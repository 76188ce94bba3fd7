import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ElevenLabsProvider, type ElevenLabsOptions } from './elevenlabs.provider';
import { Ffmpeg } from './ffmpeg';
import { type LocalEngine, LocalSpeechProvider } from './local-speech.provider';
import { buildVtt, splitSentences } from './sentences';
import { abortError, type SpeechProvider } from './speech-provider';

export interface SynthesisOptions {
  provider: 'local' | 'elevenlabs';
  voiceId?: string;
  signal?: AbortSignal;
}

export interface SynthesizedSection {
  /** a temp file the caller moves into the media library (and otherwise removes) */
  mp3Path: string;
  vtt: string;
  durationMs: number;
  provider: string;
  voice: string;
  sentences: { text: string; startMs: number; endMs: number }[];
}

export interface SectionSynthesizerOptions {
  /** `FFMPEG_PATH`; unset: PATH, then the npm package's binary */
  ffmpegPath?: string;
  /** set when ELEVENLABS_API_KEY is */
  elevenLabs?: ElevenLabsOptions;
  /** force a local engine (tests; default: flite when on PATH, else espeak-ng) */
  localEngine?: LocalEngine;
  /** where the work files and the mp3 go (default: the system temp folder) */
  tmpDir?: string;
  /** sentences synthesised at once within one section */
  concurrency?: number;
  /** replace the providers (tests) */
  providers?: Partial<Record<'local' | 'elevenlabs', SpeechProvider>>;
}

/**
 * Turns a lecture section's text into an mp3 and matching WebVTT captions. Each sentence is synthesised
 * on its own (a few at once, in order) so its exact duration is known from its WAV; the cues are the
 * running sum of those durations, and ffmpeg joins the WAVs into the mp3 (in a child process).
 * An abort kills what is running and rejects with an AbortError; work files never outlive the call.
 */
export class SectionSynthesizer {
  private readonly opts: SectionSynthesizerOptions;
  private localProvider?: SpeechProvider;
  private elevenLabsProvider?: SpeechProvider;

  constructor(opts: SectionSynthesizerOptions = {}) {
    this.opts = opts;
  }

  /** The provider a request gets: `elevenlabs` without an API key falls back to `local` (default: elevenlabs, as the spec's). */
  resolveProvider(requested?: string): { provider: 'local' | 'elevenlabs'; fellBack: boolean } {
    const wanted = requested === 'local' ? 'local' : 'elevenlabs';
    if (wanted === 'elevenlabs' && !this.opts.elevenLabs && !this.opts.providers?.elevenlabs)
      return { provider: 'local', fellBack: true };
    return { provider: wanted, fellBack: false };
  }

  async synthesize(text: string, opts: SynthesisOptions): Promise<SynthesizedSection> {
    const { signal, voiceId } = opts;
    if (signal?.aborted) throw abortError(signal);
    const sentences = splitSentences(text);
    if (!sentences.length) throw new Error('the section has no text to speak');
    const provider = this.provider(opts.provider);
    const ffmpeg = Ffmpeg.locate(this.opts.ffmpegPath);
    const base = this.opts.tmpDir ?? tmpdir();
    const work = await mkdtemp(join(base, 'lp-speech-'));
    const mp3Path = join(base, `lp-speech-${randomUUID()}.mp3`);
    // One abort for the whole section: the caller's, or the first failing sentence's (stop the rest).
    const inner = new AbortController();
    const onAbort = () => inner.abort(abortError(signal));
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const clips = await mapInOrder(sentences, this.opts.concurrency ?? 3, inner, (sentence) =>
        provider.synthesize(sentence, { voiceId, signal: inner.signal, dir: work }),
      );
      if (signal?.aborted) throw abortError(signal);
      await ffmpeg.wavsToMp3(
        clips.map((c) => c.wavPath),
        mp3Path,
        inner.signal,
      );
      let at = 0;
      const timed = clips.map((c, i) => {
        const startMs = Math.round(at);
        at += c.durationMs;
        return { text: sentences[i], startMs, endMs: Math.round(at) };
      });
      return {
        mp3Path,
        vtt: buildVtt(timed),
        durationMs: Math.round(at),
        provider: provider.name,
        voice: clips[0].voice,
        sentences: timed,
      };
    } catch (err) {
      await rm(mp3Path, { force: true });
      throw signal?.aborted ? abortError(signal) : err;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      await rm(work, { recursive: true, force: true });
    }
  }

  private provider(name: 'local' | 'elevenlabs'): SpeechProvider {
    const given = this.opts.providers?.[name];
    if (given) return given;
    if (name === 'elevenlabs') {
      if (!this.opts.elevenLabs) throw new Error('ElevenLabs is not configured (ELEVENLABS_API_KEY)');
      return (this.elevenLabsProvider ??= new ElevenLabsProvider(this.opts.elevenLabs));
    }
    return (this.localProvider ??= new LocalSpeechProvider({ engine: this.opts.localEngine }));
  }
}

/**
 * Runs `fn` over the items with at most `limit` at once and returns the results in item order. The first
 * failure aborts `controller` (so running calls stop early) and, once every started call has settled
 * (so none still writes a file), rejects with that failure.
 */
async function mapInOrder<T, R>(
  items: T[],
  limit: number,
  controller: AbortController,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { err: unknown } | undefined;
  const lane = async () => {
    while (!failure && !controller.signal.aborted && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i]);
      } catch (err) {
        failure ??= { err };
        controller.abort(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure) throw failure.err;
  if (controller.signal.aborted) throw abortError(controller.signal);
  return results;
}
