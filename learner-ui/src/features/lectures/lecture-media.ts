import type { MediaFile, TtsSection } from '../../api/media';

export interface MediaSource {
  url: string;
  /** The signed URL of its WebVTT captions (they travel with their media file), null when there are none. */
  captions: string | null;
}

/** What a section can be played with: a video first, else recorded audio, else its text. */
export interface SectionMedia {
  video: MediaSource | null;
  audio: MediaSource | null;
}

const VIDEO = /\.(mp4|webm|m4v|mov)$/i;
const AUDIO = /\.(mp3|m4a|aac|ogg|oga|opus|wav)$/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

/**
 * Whether a library file was made for a section: `<sectionId>.<ext>` or `<sectionId>-<hash>.<ext>`
 * in any folder (`tts/vn-anatomy-1a2b3c4d.mp3`). The hash is hex, so `vn-anatomy` does not claim
 * the files of `vn-anatomy-advanced`.
 */
export function belongsTo(sectionId: string, fileName: string): boolean {
  return new RegExp(`^${escapeRegExp(sectionId)}(-[0-9a-f]{6,64})?\\.[a-z0-9]+$`, 'i').test(baseName(fileName));
}

/** The path of a same-origin or absolute URL, to compare signed URLs whose query strings differ. */
function pathOf(url: string): string {
  try {
    return new URL(url, window.location.origin).pathname;
  } catch {
    return url;
  }
}

/** The files of one section: its newest video, its audio (the script's own URL first) and their captions. */
export function sectionMedia(section: TtsSection, files: MediaFile[], audioOverride?: string | null): SectionMedia {
  const own = files.filter((f) => belongsTo(section.id, f.name));
  const videoFile = own.filter((f) => VIDEO.test(f.name)).at(-1);
  const audioFiles = own.filter((f) => AUDIO.test(f.name));

  const audioUrl = audioOverride ?? section.audio_url ?? audioFiles.at(-1)?.url ?? null;
  let audio: MediaSource | null = null;
  if (audioUrl) {
    const path = pathOf(audioUrl);
    const file = files.find((f) => pathOf(f.url) === path) ?? (audioOverride ? undefined : audioFiles.at(-1));
    audio = { url: audioUrl, captions: file?.captions ?? null };
  }
  const video = videoFile ? { url: videoFile.url, captions: videoFile.captions } : null;
  return { video, audio };
}
