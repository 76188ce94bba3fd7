/** What the text-to-speech calls accept in their fields (shared by the DTOs). */
export const TTS_PROVIDERS = ['local', 'elevenlabs'] as const;
export const TTS_FORMATS = ['mp3'] as const;
/** flite (`slt`), espeak-ng (`en-us`, `en+f3`) and ElevenLabs voice ids; never a path or URL */
export const VOICE_ID = /^[A-Za-z0-9][A-Za-z0-9_.:+-]{0,99}$/;
export const VOICE_ID_MESSAGE = 'voiceId must be up to 100 letters, digits or _ . : + -';
/** letters, digits, _ and -; not only digits (BullMQ refuses numeric custom ids) */
export const JOB_ID = /^(?=.*[A-Za-z_-])[A-Za-z0-9_-]{1,100}$/;
export const JOB_ID_MESSAGE = 'jobId must be 1 to 100 letters, digits, _ or -, and not only digits';
export const SECTION_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/;
export const MAX_DELAY_MS = 5000;
export const MAX_OVERRIDE_TEXT = 20000;
