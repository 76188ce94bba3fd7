import { createHash } from 'node:crypto';
import { observeMediaWork } from '../../../common/metrics/metrics';
import { copyFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.module';
import type { VideoRenderPayload } from '../../../queues/queues';
import { CatalogService } from '../../catalog/catalog.service';
import { type MediaFileRecord, MediaLibraryService } from '../media-library.service';
import { type EngineSlots, sharedEngineSlots } from '../speech/engine-slots';
import { Ffmpeg } from '../speech/ffmpeg';
import { isAbortError } from '../speech/speech-provider';
import { mediaTimeLimits } from '../speech/time-limit';
import { makeWorkDir } from '../storage/work-dirs';
import { type SectionText, TtsRepository } from '../tts/tts.repository';
import { countVideoItems, type VideoItem, videoItemsOf, type VideoProgress, type VideoResult } from './video-run';

export const NO_AUDIO = 'no audio yet';
export const STALE_AUDIO = 'its audio is stale: synthesize it again';
export const NO_CAPTIONS = 'its audio has no captions to burn in';

/**
 * Frames per second. A still card would need one, but the mp4 lasts until its last frame ends, so the
 * frame length bounds how far the video overshoots its audio: at 5 fps by under 0.2 s, and burned
 * captions change within 0.2 s of their cue. (10 fps costs ~40% more time for 720p.)
 */
const FPS = 5;
/** progress is written to the job at most this often per section */
const PROGRESS_STEP = 10;

export interface RenderRunContext {
  /** fires when Studio cancels: no new section starts, running renders are killed */
  signal: AbortSignal;
  /** the job's progress from an earlier attempt: those sections are done already */
  previous?: unknown;
  report(progress: VideoProgress): Promise<void>;
  /** renders at once (default: the number of cores) */
  lanes?: number;
  slots?: EngineSlots;
}

/** The render settings a video records (as its `voice`): size, and `+cc` with burned captions. */
export const renderSettings = (width: number, height: number, burn: boolean) =>
  `${width}x${height}${burn ? '+cc' : ''}`;

/** `video/<sectionId>-<h8>.mp4`, `h8` over the audio's bytes and the settings (the library's unique key does the same). */
export function videoFileName(sectionId: string, audioHash: string, settings: string): string {
  return `video/${sectionId}-${createHash('sha256').update(`${audioHash}\n${settings}`).digest('hex').slice(0, 8)}.mp4`;
}

/** A course's colour: a dark, saturated hue taken from its id, so each course's cards look alike. */
export function courseColour(subjectId: string): string {
  const hue = createHash('sha256').update(subjectId).digest().readUInt16BE(0) % 360;
  const [s, l] = [0.5, 0.24];
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (v: number) =>
    Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  return `0x${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * The worker's side of TTS Video: each section's current audio becomes an mp4 (a title card for the
 * audio's length, captions burned in or kept as the audio's WebVTT sidecar), made in a temp folder and
 * then added to the media library, keyed by section, audio hash, size and caption mode.
 */
@Injectable()
export class VideoRenderService {
  constructor(
    private readonly library: MediaLibraryService,
    private readonly sections: TtsRepository,
    private readonly catalog: CatalogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(p: VideoRenderPayload, ctx: RenderRunContext): Promise<VideoResult> {
    const { signal } = ctx;
    const wanted = new Set(p.sectionIds);
    const items: VideoItem[] = videoItemsOf(ctx.previous).filter((i) => wanted.has(i.id));
    const done = new Set(items.map((i) => i.id));
    const todo = p.sectionIds.filter((id) => !done.has(id));
    const sections = new Map((await this.sections.sections(p.subjectId, todo)).map((s) => [s.id, s]));
    const course = (await this.catalog.subjectSummary(p.subjectId))?.title ?? p.subjectId;
    const current = new Map<string, number>();

    // Reports go out one after another, each with everything so far: a viewer that missed one loses nothing.
    let reported: Promise<void> = Promise.resolve();
    const report = () => {
      const snapshot: VideoProgress = {
        items: [...items],
        current: [...current].map(([id, percent]) => ({ id, percent })),
      };
      reported = reported.then(() => ctx.report(snapshot)).catch(() => {});
      return reported;
    };

    let next = 0;
    const lane = async () => {
      while (!signal.aborted && next < todo.length) {
        const id = todo[next++];
        const section = sections.get(id);
        let item: VideoItem;
        try {
          if (!section) throw new Error('the section no longer exists');
          item = await this.section(p, section, course, ctx.slots ?? sharedEngineSlots(), signal, (percent) => {
            if (percent - (current.get(id) ?? 0) < PROGRESS_STEP && percent < 100) return;
            current.set(id, percent);
            void report();
          });
        } catch (err) {
          // in flight when the run was cancelled: killed part-way, so it is not listed
          if (signal.aborted || isAbortError(err)) break;
          item = { id, ok: false, url: null, error: message(err), skipped: false, status: 'failed' };
        } finally {
          current.delete(id);
        }
        items.push(item);
        await report();
      }
    };
    const lanes = Math.max(1, Math.min(ctx.lanes ?? availableParallelism(), todo.length));
    await Promise.all(Array.from({ length: lanes }, lane));
    await reported;
    return { total: p.sectionIds.length, ...countVideoItems(items), cancelled: signal.aborted, items };
  }

  private async section(
    p: VideoRenderPayload,
    section: SectionText,
    course: string,
    slots: EngineSlots,
    signal: AbortSignal,
    onPercent: (percent: number) => void,
  ): Promise<VideoItem> {
    const skip = (error: string): VideoItem => ({
      id: section.id,
      ok: false,
      url: null,
      error,
      skipped: true,
      status: 'skipped',
    });
    const audio = await this.library.currentSectionAudio(p.subjectId, section.id);
    if (!audio) return skip(NO_AUDIO);
    if (audio.stale) return skip(STALE_AUDIO);
    if (p.burnCaptions && !audio.captionsFile) return skip(NO_CAPTIONS);
    const settings = renderSettings(p.width, p.height, p.burnCaptions);
    const fileName = videoFileName(section.id, audio.contentHash, settings);
    const existing = await this.library.find(p.subjectId, fileName);
    const userId = p.requestedBy ?? null;
    if (existing && !existing.stale)
      return {
        id: section.id,
        ok: true,
        url: this.library.signedUrl(existing, userId),
        error: null,
        skipped: true,
        status: 'skipped',
      };

    const t0 = performance.now();
    const made = await this.render(p, section, course, audio, slots, signal, onPercent);
    observeMediaWork('render', (performance.now() - t0) / 1000, (audio.durationMs ?? 0) / 1000);
    try {
      const video = await this.library.add(null, {
        subjectId: p.subjectId,
        sectionId: section.id,
        kind: 'video',
        fileName,
        sourcePath: made.mp4,
        durationMs: audio.durationMs,
        free: audio.free,
        provider: 'ffmpeg',
        voice: settings,
        textHash: audio.contentHash,
        captionsFile: p.burnCaptions ? null : audio.captionsFile,
        createdBy: userId,
      });
      return {
        id: section.id,
        ok: true,
        url: this.library.signedUrl(video, userId),
        error: null,
        skipped: false,
        status: 'rendered',
      };
    } finally {
      await made.cleanup();
    }
  }

  /** The mp4 in a temp folder of its own (removed by `cleanup`, and at once on failure or abort). */
  private async render(
    p: VideoRenderPayload,
    section: SectionText,
    course: string,
    audio: MediaFileRecord,
    slots: EngineSlots,
    signal: AbortSignal,
    onPercent: (percent: number) => void,
  ): Promise<{ mp4: string; cleanup: () => Promise<void> }> {
    if (!audio.durationMs) throw new Error('the audio has no known duration');
    const work = await makeWorkDir('video');
    const cleanup = () => rm(work, { recursive: true, force: true });
    try {
      // every run has a time limit (a render's from its audio's length, at most RENDER_MAX_SECONDS): past it
      // ffmpeg is killed, the section fails with that message and its slot is free for the next one
      const ffmpeg = Ffmpeg.locate(this.config.ffmpegPath, mediaTimeLimits(this.config.mediaTimeLimits));
      const at = { cls: 'bulk' as const, ticket: slots.ticket() };
      const card = join(work, 'card.png');
      let captions: string | null = null;
      if (p.burnCaptions && audio.captionsFile) {
        // a path of our own making: the filter graph takes it unescaped
        const target = join(work, 'captions.vtt');
        await this.library.withLocalCopy(p.subjectId, audio.captionsFile, (source) => copyFile(source, target));
        captions = target;
      }
      const mp4 = join(work, 'video.mp4');
      await slots.run(
        at,
        () =>
          ffmpeg.titleCard(
            {
              width: p.width,
              height: p.height,
              color: courseColour(p.subjectId),
              title: section.title || section.id,
              subtitle: course,
              workDir: work,
              output: card,
            },
            signal,
          ),
        signal,
      );
      // the audio is ffmpeg's input: from a bucket a temp copy, removed once the render is done
      await this.library.withLocalCopy(p.subjectId, audio.fileName, async (audioPath) => {
        // tests only (0 in production): the render stands here, part-made, for the scale test to kill its worker
        if (this.config.videoRenderTestDelayMs > 0)
          await sleep(this.config.videoRenderTestDelayMs, undefined, { signal });
        return slots.run(
          at,
          () =>
            ffmpeg.renderStill(
              {
                image: card,
                audio: audioPath,
                durationMs: audio.durationMs!,
                output: mp4,
                fps: FPS,
                burnCaptions: captions,
                onProgress: (share) => onPercent(Math.round(share * 100)),
              },
              signal,
            ),
          signal,
        );
      });
      return { mp4, cleanup };
    } catch (err) {
      await cleanup();
      throw err;
    }
  }
}
