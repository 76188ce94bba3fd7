import { createHash } from 'node:crypto';
import { observeMediaWork } from '../../../common/metrics/metrics';
import { rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { TtsBulkPayload, TtsProvider, TtsSectionPayload } from '../../../queues/queues';
import { MediaLibraryService } from '../media-library.service';
import type { SlotClass } from '../speech/engine-slots';
import { SectionSynthesizer } from '../speech/section-synthesizer';
import { countItems, itemsOf, type TtsBulkItem, type TtsBulkProgress, type TtsBulkResult } from './bulk-run';
import { type SectionText, TtsRepository } from './tts.repository';

/** What a file made without a voice id records as its voice: the engine's default. */
export const DEFAULT_VOICE = 'default';

export interface BulkRunContext {
  /** fires when Studio cancels the run: no new section starts, the running ones abort */
  signal: AbortSignal;
  /** the job's progress from an earlier attempt: those sections are done already */
  previous?: unknown;
  report(progress: TtsBulkProgress): Promise<void>;
  /** parallel sections (default: the number of cores) */
  lanes?: number;
}

export interface SectionOutcome {
  item: TtsBulkItem;
}

export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

/** `tts/<sectionId>-<hash8>.mp3`: the hash covers text, provider and voice, as the library's unique key does. */
export function ttsFileName(sectionId: string, hash: string, provider: string, voice: string, ext: 'mp3' | 'vtt') {
  const key = createHash('sha256').update(`${hash}\n${provider}\n${voice}`).digest('hex').slice(0, 8);
  return `tts/${sectionId}-${key}.${ext}`;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** Resolves after `ms`, or at once when the signal fires. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The worker's side of text-to-speech: a lecture section's text (Studio's override, else its own) through
 * SectionSynthesizer into the media library as an mp3 and its WebVTT captions. A section whose newest
 * audio was made from the same text, provider and voice (and is not stale) is skipped; files are keyed by
 * exactly those, so a run repeated after a crash adds each file once.
 */
@Injectable()
export class TtsSynthesisService {
  constructor(
    private readonly repo: TtsRepository,
    private readonly library: MediaLibraryService,
    private readonly synthesizer: SectionSynthesizer,
  ) {}

  /** One section (the lectures page's button): made, or its current audio when that is up to date. */
  async synthesizeOne(
    p: TtsSectionPayload,
  ): Promise<{ url: string; sectionId: string; provider: string; skipped: boolean }> {
    const [section] = await this.repo.sections(p.subjectId, [p.sectionId]);
    if (!section) throw new Error(`no lecture section ${p.sectionId} in ${p.subjectId}`);
    const overrides = await this.overrideMap(p.subjectId);
    const item = await this.section(p.subjectId, section, overrides.get(section.id), {
      provider: p.provider,
      voiceId: p.voiceId,
      includeAll: false,
      userId: p.requestedBy ?? null,
      urgency: 'interactive',
    });
    return { url: item.url!, sectionId: section.id, provider: p.provider, skipped: item.status === 'skipped' };
  }

  /**
   * Every section of the payload, up to `lanes` at once, reporting the items done so far after each one.
   * Sections an earlier attempt finished (its progress) are kept as they are, so a retried job resumes.
   * A cancelled run returns what it finished, marked cancelled: sections in flight abort and are not listed.
   */
  async runBulk(p: TtsBulkPayload, ctx: BulkRunContext): Promise<TtsBulkResult> {
    const { signal } = ctx;
    const wanted = new Set(p.sectionIds);
    const items: TtsBulkItem[] = itemsOf(ctx.previous).filter((i) => wanted.has(i.id));
    const done = new Set(items.map((i) => i.id));
    const todo = p.sectionIds.filter((id) => !done.has(id));
    const sections = new Map((await this.repo.sections(p.subjectId, todo)).map((s) => [s.id, s]));
    const overrides = await this.overrideMap(p.subjectId);

    // Reports go out one after another, each with every item so far: a viewer that missed one loses nothing.
    let reported: Promise<void> = Promise.resolve();
    const finish = (item: TtsBulkItem) => {
      items.push(item);
      const snapshot: TtsBulkProgress = { items: [...items] };
      reported = reported.then(() => ctx.report(snapshot));
      return reported;
    };

    let next = 0;
    const lane = async () => {
      while (!signal.aborted && next < todo.length) {
        const id = todo[next++];
        const section = sections.get(id);
        let item: TtsBulkItem;
        try {
          if (!section) throw new Error('the section no longer exists');
          item = await this.section(p.subjectId, section, overrides.get(id), {
            provider: p.provider,
            voiceId: p.voiceId,
            includeAll: p.includeAll,
            userId: p.requestedBy ?? null,
            signal,
          });
        } catch (err) {
          // in flight when the run was cancelled: it stopped part-way, so it is not listed
          if (signal.aborted) break;
          item = { id, ok: false, url: null, error: message(err), status: 'failed' };
        }
        await finish(item);
        if (next < todo.length) await pause(p.delayMs, signal);
      }
    };
    const lanes = Math.max(1, Math.min(ctx.lanes ?? cpus().length, todo.length));
    await Promise.all(Array.from({ length: lanes }, lane));
    await reported;
    return {
      total: p.sectionIds.length,
      ...countItems(items),
      cancelled: signal.aborted,
      provider: p.provider,
      fellBack: p.fellBack,
      items,
    };
  }

  private async overrideMap(subjectId: string) {
    return new Map((await this.repo.overrides(subjectId)).map((o) => [o.sectionId, o]));
  }

  private async section(
    subjectId: string,
    section: SectionText,
    override: { text: string | null; voiceId: string | null } | undefined,
    o: {
      provider: TtsProvider;
      voiceId?: string;
      includeAll: boolean;
      userId: string | null;
      signal?: AbortSignal;
      urgency?: SlotClass;
    },
  ): Promise<TtsBulkItem> {
    const text = override?.text?.trim() ? override.text : section.text;
    // The run's voice when it names one, else the section's own override, else the engine's default.
    const voiceId = o.voiceId ?? override?.voiceId ?? undefined;
    const voice = voiceId ?? DEFAULT_VOICE;
    const hash = textHash(text);
    if (!o.includeAll) {
      const current = await this.library.currentSectionAudio(subjectId, section.id);
      if (
        current &&
        !current.stale &&
        current.textHash === hash &&
        current.provider === o.provider &&
        current.voice === voice
      )
        return {
          id: section.id,
          ok: true,
          url: this.library.signedUrl(current, o.userId),
          error: null,
          status: 'skipped',
        };
    }
    const t0 = performance.now();
    const made = await this.synthesizer.synthesize(text, {
      provider: o.provider,
      voiceId,
      signal: o.signal,
      urgency: o.urgency,
    });
    observeMediaWork('speech', (performance.now() - t0) / 1000, made.durationMs / 1000);
    const vttPath = join(tmpdir(), `lp-tts-${randomUUID()}.vtt`);
    try {
      await writeFile(vttPath, made.vtt);
      const madeFrom = {
        subjectId,
        sectionId: section.id,
        provider: o.provider,
        voice,
        textHash: hash,
        createdBy: o.userId,
      };
      const captions = await this.library.add(null, {
        ...madeFrom,
        kind: 'captions',
        fileName: ttsFileName(section.id, hash, o.provider, voice, 'vtt'),
        sourcePath: vttPath,
        durationMs: made.durationMs,
      });
      const audio = await this.library.add(null, {
        ...madeFrom,
        kind: 'audio',
        fileName: ttsFileName(section.id, hash, o.provider, voice, 'mp3'),
        sourcePath: made.mp3Path,
        durationMs: made.durationMs,
        captionsFile: captions.fileName,
      });
      return {
        id: section.id,
        ok: true,
        url: this.library.signedUrl(audio, o.userId),
        error: null,
        status: 'synthesized',
      };
    } finally {
      await Promise.all([rm(vttPath, { force: true }), rm(made.mp3Path, { force: true })]);
    }
  }
}
