import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as ElevenLabsSdk from '@elevenlabs/elevenlabs-js';
import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import type { FetchFunction } from '@elevenlabs/elevenlabs-js/core';
import { abortError, type SpeechClip, type SpeechProvider, type SpeechRequest } from './speech-provider';
import { pcmToWav } from './wav';

/** "Rachel", one of ElevenLabs' premade voices every account has. */
export const ELEVENLABS_DEFAULT_VOICE = '21m00Tcm4TlvDq8ikWAM';
const MODEL = 'eleven_multilingual_v2';
/** how long the account's voice list is trusted (a voice added in the ElevenLabs console shows up after it) */
const VOICES_TTL_MS = 5 * 60_000;
/** Raw 16-bit mono PCM: a WAV header in front makes it exact to the sample, no decoding step. */
const PCM = { outputFormat: 'pcm_22050', sampleRate: 22050 } as const;

export interface ElevenLabsOptions {
  apiKey: string;
  /** only for tests against a local fake API */
  baseUrl?: string;
  timeoutSeconds?: number;
}

/**
 * The SDK's own fetcher with its time limit as an AbortSignal.timeout (an unref'd timer): the SDK arms a
 * plain setTimeout per request and clears it only when fetch resolves, so every aborted request would
 * keep a timer (and the process) alive for the whole time limit.
 */
const timerFreeFetcher =
  (fetcher: FetchFunction): FetchFunction =>
  (args) => {
    const timeout = AbortSignal.timeout(args.timeoutMs ?? 60_000);
    return fetcher({
      ...args,
      timeoutMs: undefined,
      abortSignal: args.abortSignal ? AbortSignal.any([args.abortSignal, timeout]) : timeout,
    });
  };

/** ElevenLabs text-to-speech through the official SDK. */
export class ElevenLabsProvider implements SpeechProvider {
  readonly name = 'elevenlabs' as const;
  private client?: ElevenLabsClient;
  private readonly timeoutSeconds: number;
  private voiceList?: { at: number; voices: string[] };

  constructor(private readonly opts: ElevenLabsOptions) {
    this.timeoutSeconds = opts.timeoutSeconds ?? 60;
  }

  /**
   * The SDK is loaded on the first synthesis: it weighs about 30 MB of heap (100 MB of RSS) and most
   * processes that construct the provider (the API, a worker that only renders video) never speak.
   */
  private sdk(): ElevenLabsClient {
    if (!this.client) {
      // require, not import(): the package is CommonJS without an exports map, and `/core` is a folder
      /* eslint-disable @typescript-eslint/no-require-imports */
      const { ElevenLabsClient } = require('@elevenlabs/elevenlabs-js') as typeof ElevenLabsSdk;
      const { fetcher } = require('@elevenlabs/elevenlabs-js/core') as { fetcher: FetchFunction };
      /* eslint-enable @typescript-eslint/no-require-imports */
      this.client = new ElevenLabsClient({
        apiKey: this.opts.apiKey,
        ...(this.opts.baseUrl ? { baseUrl: this.opts.baseUrl } : {}),
        timeoutInSeconds: this.timeoutSeconds,
        fetcher: timerFreeFetcher(fetcher),
      });
    }
    return this.client;
  }

  /**
   * The account's voices (GET /v1/voices: premade, cloned and those added from the library), kept for
   * VOICES_TTL_MS; null when the API does not answer with a list (the synthesis will report why).
   */
  async voices(): Promise<{ engine: string; voices: string[] } | null> {
    if (!this.voiceList || Date.now() - this.voiceList.at > VOICES_TTL_MS) {
      try {
        const { voices } = await this.sdk().voices.getAll({}, { timeoutInSeconds: 15, maxRetries: 0 });
        this.voiceList = { at: Date.now(), voices: voices.map((v) => v.voiceId) };
      } catch {
        return null;
      }
    }
    return { engine: 'ElevenLabs', voices: this.voiceList.voices };
  }

  async synthesize(text: string, req: SpeechRequest = {}): Promise<SpeechClip> {
    if (req.signal?.aborted) throw abortError(req.signal);
    const voice = req.voiceId?.trim() || ELEVENLABS_DEFAULT_VOICE;
    const wavPath = join(req.dir ?? tmpdir(), `lp-speech-${randomUUID()}.wav`);
    try {
      const client = this.sdk();
      const stream = await client.textToSpeech.convert(
        voice,
        { text, modelId: MODEL, outputFormat: PCM.outputFormat },
        { abortSignal: req.signal },
      );
      const chunks: Uint8Array[] = [];
      for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
      let pcm = Buffer.concat(chunks);
      if (pcm.length % 2) pcm = pcm.subarray(0, pcm.length - 1);
      if (!pcm.length) throw new Error('ElevenLabs returned no audio');
      await writeFile(wavPath, pcmToWav(pcm, { sampleRate: PCM.sampleRate, channels: 1, bitsPerSample: 16 }));
      return { wavPath, durationMs: (pcm.length / 2 / PCM.sampleRate) * 1000, voice };
    } catch (err) {
      await rm(wavPath, { force: true });
      if (req.signal?.aborted) throw abortError(req.signal);
      // our time limit is an abort signal too, which the SDK reports as the caller's abort
      if (err instanceof Error && /abort/i.test(err.message))
        throw new Error(`ElevenLabs did not answer within ${this.timeoutSeconds} s`, { cause: err });
      throw err;
    }
  }
}
