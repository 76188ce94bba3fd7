import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ElevenLabsProvider, type ElevenLabsOptions } from './elevenlabs.provider';
import { type EngineSlots, sharedEngineSlots, type SlotClass } from './engine-slots';
import { Ffmpeg, type PcmEncoder } from './ffmpeg';
import { type LocalEngine, LocalSpeechProvider } from './local-speech.provider';
import { buildVtt, splitSentences } from './sentences';
import { abortError, type SpeechClip, type SpeechProvider } from './speech-provider';
import type { MediaTimeLimits } from './time-limit';
import { makeWorkDir, workPrefix } from '../storage/work-dirs';
import { readWavInfo, type WavFormat } from './wav';

export interface SynthesisOptions {
  provider: 'local' | 'elevenlabs';
  voiceId?: string;
  signal?: AbortSignal;
  /** `interactive` (someone waits for this one section) is served before `bulk` (default) */
  urgency?: SlotClass;
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
  /** sentences of one section asked for at once (default 3; the CPU slots bound what really runs) */
  concurrency?: number;
  /** the CPU slots local engines and ffmpeg run in (default: one pool per process, as many as cores) */
  slots?: EngineSlots;
  /** the time limits of the local engines' and ffmpeg's runs (default: MediaTimeLimits' defaults) */
  limits?: MediaTimeLimits;
  /** replace the providers (tests) */
  providers?: Partial<Record<'local' | 'elevenlabs', SpeechProvider>>;
}

/**
 * Turns a lecture section's text into an mp3 and matching WebVTT captions. Each sentence is synthesised
 * on its own (a few at once, in order) so its exact duration is known from its WAV; the cues are the
 * running sum of those durations. ffmpeg (a child process) encodes the mp3 from the sentences' samples
 * as they arrive in order, so encoding overlaps speaking.
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

  /** The voices of the provider a request resolves to (see SpeechProvider.voices); null when they cannot be listed. */
  async voices(provider: 'local' | 'elevenlabs'): Promise<{ engine: string; voices: string[] } | null> {
    const engine = this.provider(provider);
    return engine.voices ? engine.voices() : null;
  }

  async synthesize(text: string, opts: SynthesisOptions): Promise<SynthesizedSection> {
    const { signal, voiceId } = opts;
    if (signal?.aborted) throw abortError(signal);
    const sentences = splitSentences(text);
    if (!sentences.length) throw new Error('the section has no text to speak');
    const provider = this.provider(opts.provider);
    const ffmpeg = Ffmpeg.locate(this.opts.ffmpegPath, this.opts.limits);
    // CPU work (a local engine, ffmpeg) waits for a slot; a network engine's calls need none.
    const slots = this.opts.slots ?? sharedEngineSlots();
    const at = { cls: opts.urgency ?? 'bulk', ticket: slots.ticket() } as const;
    const cpu = <T>(fn: () => Promise<T>, s: AbortSignal) => slots.run(at, fn, s);
    const base = this.opts.tmpDir ?? tmpdir();
    const work = await makeWorkDir('speech', base);
    const mp3Path = join(base, `${workPrefix('speech')}${randomUUID()}.mp3`);
    // One abort for the whole section: the caller's, or the first failing sentence's (stop the rest).
    const inner = new AbortController();
    const onAbort = () => inner.abort(abortError(signal));
    signal?.addEventListener('abort', onAbort, { once: true });
    // The mp3 is encoded while later sentences are still spoken: each clip's samples go to one ffmpeg
    // in sentence order as soon as every earlier one has. Clips of another format (never from one
    // engine and voice) fall back to joining the WAV files once all are made.
    let encoder: PcmEncoder | undefined;
    let encoderFormat: WavFormat | undefined;
    let joinAtEnd = false;
    const ready: SpeechClip[] = [];
    let fed = 0;
    let feeding: Promise<void> = Promise.resolve();
    const feed = async () => {
      while (!joinAtEnd && fed < sentences.length && ready[fed]) {
        const wav = await readFile(ready[fed].wavPath);
        const info = readWavInfo(wav);
        const same = (f: WavFormat) =>
          f.sampleRate === info.sampleRate && f.channels === info.channels && f.bitsPerSample === info.bitsPerSample;
        if (!encoder && info.bitsPerSample === 16) {
          encoderFormat = info;
          encoder = ffmpeg.pcmToMp3(info, mp3Path, inner.signal);
        }
        if (!encoder || !encoderFormat || !same(encoderFormat)) {
          joinAtEnd = true;
          break;
        }
        await encoder.write(wav.subarray(info.dataOffset, info.dataOffset + info.dataBytes));
        fed++;
      }
    };
    try {
      const clips = await mapInOrder(
        sentences,
        this.opts.concurrency ?? 3,
        inner,
        (sentence) => {
          const speak = () => provider.synthesize(sentence, { voiceId, signal: inner.signal, dir: work });
          return provider.name === 'local' ? cpu(speak, inner.signal) : speak();
        },
        (i, clip) => {
          ready[i] = clip;
          feeding = feeding.then(feed);
          // a failing write stops the section like a failing sentence
          feeding.catch((err: unknown) => inner.abort(err));
        },
      );
      await feeding;
      if (signal?.aborted) throw abortError(signal);
      if (joinAtEnd || !encoder) {
        await encoder?.abort();
        encoder = undefined;
        await cpu(
          () =>
            ffmpeg.wavsToMp3(
              clips.map((c) => c.wavPath),
              mp3Path,
              inner.signal,
            ),
          inner.signal,
        );
      } else await encoder.finish();
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
      // the encoder's own failure says more than the abort it caused
      let fedError: unknown;
      await feeding.catch((e: unknown) => (fedError = e));
      await encoder?.abort();
      await rm(mp3Path, { force: true });
      throw signal?.aborted ? abortError(signal) : (fedError ?? err);
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
    return (this.localProvider ??= new LocalSpeechProvider({
      engine: this.opts.localEngine,
      limits: this.opts.limits,
    }));
  }
}

/**
 * Runs `fn` over the items with at most `limit` at once and returns the results in item order
 * (`onResult` hears of each as it comes). The first
 * failure aborts `controller` (so running calls stop early) and, once every started call has settled
 * (so none still writes a file), rejects with that failure.
 */
async function mapInOrder<T, R>(
  items: T[],
  limit: number,
  controller: AbortController,
  fn: (item: T) => Promise<R>,
  onResult?: (index: number, result: R) => void,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { err: unknown } | undefined;
  const lane = async () => {
    while (!failure && !controller.signal.aborted && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i]);
        onResult?.(i, results[i]);
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
