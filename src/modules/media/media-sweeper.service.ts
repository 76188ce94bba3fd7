import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { MediaLibraryRepository } from './media-library.repository';
import { MEDIA_STORAGE, type MediaStorage, type StoredObjectSummary } from './storage/media-storage';
import { PeriodicRun } from '../../common/scheduling/periodic-run';

/** Only bytes this old are judged: an upload or render in progress has its row within seconds of its bytes. */
export const MEDIA_SWEEP_MIN_AGE_MS = 24 * 3600 * 1000;

/** Keys asked about in one query. */
const PAGE = 500;

export interface MediaSweepResult {
  /** stored objects no library row names, removed */
  orphans: number;
  /** incomplete uploads (S3 multipart uploads, local temp files) removed */
  incomplete: number;
}

/**
 * Removes what the media store holds for nobody: objects no `media_files` row names (a process died between
 * the bytes and the row, or a row's removal could not remove its bytes) and uploads never finished, once
 * they are a day old. Every MEDIA_SWEEP_SECONDS in every process that loads the media module (APIs and
 * workers); two sweeps at once remove the same things twice, which is harmless (removing what is gone is fine).
 */
@Injectable()
export class MediaSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MediaSweeper');
  private readonly periodic = new PeriodicRun<MediaSweepResult>();

  constructor(
    private readonly repo: MediaLibraryRepository,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.media.sweepSeconds, () => this.sweep());
  }

  onApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** One sweep (one at a time per process); what it removed. Never throws: a failure is logged. */
  sweep(now = new Date()): Promise<MediaSweepResult> {
    return this.periodic.run(() => this.sweepOnce(now));
  }

  private async sweepOnce(now: Date): Promise<MediaSweepResult> {
    const before = new Date(now.getTime() - MEDIA_SWEEP_MIN_AGE_MS);
    const result: MediaSweepResult = { orphans: 0, incomplete: 0 };
    try {
      result.incomplete = await this.storage.removeIncompleteUploads(before);
      let page: StoredObjectSummary[] = [];
      for await (const o of this.storage.list()) {
        if (o.modified >= before) continue;
        page.push(o);
        if (page.length === PAGE) {
          result.orphans += await this.removeOrphans(page, before);
          page = [];
        }
      }
      result.orphans += await this.removeOrphans(page, before);
      if (result.orphans || result.incomplete) {
        this.logger.log(
          `Removed ${result.orphans} stored media object(s) no library row names and ${result.incomplete} incomplete upload(s)`,
        );
      }
    } catch (err) {
      this.logger.error(`Media sweep failed: ${(err as Error).message}`);
    }
    return result;
  }

  private async removeOrphans(objects: StoredObjectSummary[], before: Date): Promise<number> {
    const named = await this.repo.namedKeys(objects.map((o) => o.key));
    let removed = 0;
    for (const o of objects) {
      if (named.has(o.key)) continue;
      // asked again just before: bytes written again under the key since the listing (a re-upload) are
      // newer than the cut, and a row added since names them
      const info = await this.storage.stat(o.key);
      if (!info || info.modified >= before) continue;
      if ((await this.repo.namedKeys([o.key])).size > 0) continue;
      await this.storage.remove(o.key);
      removed++;
    }
    return removed;
  }
}
