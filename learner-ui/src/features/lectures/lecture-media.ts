import type { MediaFile, TtsSection } from '../../api/media';

export interface MediaSource {
  url: string;
  /** URL of the WebVTT captions, when there are any. */
  captions: string | null;
}

/** What a section can be played with: a video first, else recorded audio, else its text. */
export interface SectionMedia {
  video: MediaSource | null;
  audio: MediaSource | null;
}

const VIDEO = /\.(mp4|webm|m4v|mov)$/i;
const AUDIO = /\.(mp3|m4a|aac|ogg|oga|opus|wav)$/i;
const CAPTIONS = /\.vtt$/i;

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

function withoutExtension(name: string): string {
  return name.replace(/\.[a-z0-9]+$/i, '');
}

/** A file's captions as a URL: `captions` names another file of the list, or is a URL itself. */
function captionsOf(file: MediaFile | undefined, files: MediaFile[]): string | null {
  if (!file) return null;
  if (file.captions) {
    const named = files.find((f) => f.name === file.captions);
    if (named) return named.url;
    if (/^(\/|https?:)/i.test(file.captions)) return file.captions;
  }
  // The synthesiser writes `<stem>.vtt` beside `<stem>.mp3`.
  const stem = withoutExtension(file.name);
  return files.find((f) => CAPTIONS.test(f.name) && withoutExtension(f.name) === stem)?.url ?? null;
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
    audio = { url: audioUrl, captions: captionsOf(file, files) };
  }
  const video = videoFile ? { url: videoFile.url, captions: captionsOf(videoFile, files) } : null;
  return { video, audio };
}
