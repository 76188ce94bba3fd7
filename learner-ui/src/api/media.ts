import { api } from './client';
import type { OkResponse, QueryParams, RequestBody, Schema } from '@lp/api-types';

/**
 * Media library, lecture scripts and speech calls (docs/media-api.md). All are on the product's
 * own origin (the old product called a hard-coded local host).
 * Every call is typed from the OpenAPI document (@lp/api-types): what the server declares is the contract.
 */

/**
 * A library file: `name` e.g. `tts/<sectionId>-<hash8>.mp3`; `url` signed and expiring (HTTP Range);
 * `captions` the signed URL of its WebVTT captions, null when it has none.
 */
export type MediaFile = Schema<'MediaListItemDto'>;

/** A lecture section: `audio_url` is the signed URL of its audio, null when there is none the caller may play. */
export type TtsSection = Schema<'TtsScriptSectionDto'>;

export type TtsProvider = RequestBody<'/api/tts/synthesize', 'post'>['provider'];

export interface SynthesizeInput {
  subject: string;
  sectionId: string;
  voiceId?: string;
  provider?: TtsProvider;
}

/** The spec's default voice provider; the server falls back to its local engine without an ElevenLabs key. */
export const DEFAULT_TTS_PROVIDER: TtsProvider = 'elevenlabs';

export const mediaApi = {
  /** GET /api/media/secure?subject=: every file for owners and studio, the free ones for everyone else. */
  secureFiles: async (subject: string): Promise<MediaFile[]> =>
    (
      await api.get<OkResponse<'/api/media/secure', 'get'>>('/api/media/secure', {
        query: { subject } satisfies QueryParams<'/api/media/secure', 'get'>,
      })
    ).files,
  /** GET /media/{subject}/tts_scripts.json: every section for owners and studio, the first two for others. */
  scripts: (subject: string) =>
    api.get<OkResponse<'/media/{subject}/tts_scripts.json', 'get'>>(
      `/media/${encodeURIComponent(subject)}/tts_scripts.json`,
    ),
};

export const ttsApi = {
  /** POST /api/tts/synthesize (studio): makes the section's mp3 and answers its signed URL. */
  synthesize: ({ subject, sectionId, voiceId, provider = DEFAULT_TTS_PROVIDER }: SynthesizeInput) => {
    const body: RequestBody<'/api/tts/synthesize', 'post'> = { subject, sectionId, provider, format: 'mp3' };
    if (voiceId?.trim()) body.voiceId = voiceId.trim();
    return api.post<OkResponse<'/api/tts/synthesize', 'post'>>('/api/tts/synthesize', body);
  },
};
