import { api } from './client';
import type { QueryParams, RequestBody } from '@lp/api-types';
import { asString, pickList } from './subjects';

/**
 * Media library, lecture scripts and speech calls (docs/media-api.md). All are on the product's
 * own origin (the old product called a hard-coded local host). What they send is checked against
 * the OpenAPI document (./openapi.ts); the answers are read defensively into the types below.
 */

export interface MediaFile {
  /** e.g. `tts/<sectionId>-<hash8>.mp3`, `video/<sectionId>.mp4`. */
  name: string;
  /** Signed, expiring URL that streams the bytes (HTTP Range). */
  url: string;
  free: boolean;
  size: number;
  /** The WebVTT captions of an audio or video file: a file name of this list or a URL; null when none. */
  captions: string | null;
}

export interface TtsSection {
  id: string;
  title: string;
  text: string;
  /** Signed URL of the section's recorded audio, null when there is none (or it is not yours to hear). */
  audio_url: string | null;
  est_seconds: number;
}

export type TtsProvider = 'local' | 'elevenlabs';

export interface SynthesizeInput {
  subject: string;
  sectionId: string;
  voiceId?: string;
  provider?: TtsProvider;
}

function asNumber(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function normalizeMediaFiles(data: unknown): MediaFile[] {
  const out: MediaFile[] = [];
  for (const item of pickList(data, 'files')) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const name = asString(o.name);
    const url = asString(o.url);
    if (!name || !url) continue;
    out.push({ name, url, free: o.free === true, size: asNumber(o.size), captions: asString(o.captions) ?? null });
  }
  return out;
}

export function normalizeSections(data: unknown): TtsSection[] {
  const out: TtsSection[] = [];
  for (const item of pickList(data, 'sections')) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const id = asString(o.id);
    if (!id) continue;
    out.push({
      id,
      title: asString(o.title) ?? id,
      text: typeof o.text === 'string' ? o.text : '',
      audio_url: asString(o.audio_url) ?? null,
      est_seconds: asNumber(o.est_seconds),
    });
  }
  return out;
}

/** The spec's default voice provider; the server falls back to its local engine without an ElevenLabs key. */
export const DEFAULT_TTS_PROVIDER: TtsProvider = 'elevenlabs';

export const mediaApi = {
  /** GET /api/media/secure?subject=: every file for owners and studio, the free ones for everyone else. */
  secureFiles: async (subject: string): Promise<MediaFile[]> =>
    normalizeMediaFiles(
      await api.get<unknown>('/api/media/secure', {
        query: { subject } satisfies QueryParams<'/api/media/secure', 'get'>,
      }),
    ),
  /** GET /media/{subject}/tts_scripts.json: every section for owners and studio, the first two for others. */
  scripts: async (subject: string): Promise<TtsSection[]> =>
    normalizeSections(await api.get<unknown>(`/media/${encodeURIComponent(subject)}/tts_scripts.json`)),
};

export const ttsApi = {
  /** POST /api/tts/synthesize (studio): makes the section's mp3 and answers its signed URL. */
  synthesize: async ({ subject, sectionId, voiceId, provider = DEFAULT_TTS_PROVIDER }: SynthesizeInput) => {
    const body: RequestBody<'/api/tts/synthesize', 'post'> = { subject, sectionId, provider, format: 'mp3' };
    if (voiceId?.trim()) body.voiceId = voiceId.trim();
    const data = await api.post<{ url?: unknown }>('/api/tts/synthesize', body);
    const url = asString(data?.url);
    if (!url) throw new Error('The server answered without an audio URL');
    return { url };
  },
};
