import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { tmpdir } from 'node:os';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage';
import { removeOrphanedWorkDirs } from './work-dirs';

/** Far past any put's length: an upload begun this long ago and not completed belongs to a dead process. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * At boot (API and worker alike), what a process killed outright left behind goes: its media work files in
 * the temp folder (a render's card and audio copy, an upload, speech), and in a bucket the multipart uploads
 * begun more than a day ago and never completed. Neither is ever a finished file: those are put whole and
 * recorded only after the put.
 */
@Injectable()
export class OrphanSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger('MediaOrphans');

  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  async onApplicationBootstrap(): Promise<void> {
    const removed = await removeOrphanedWorkDirs();
    if (removed.length) this.logger.log(`removed ${removed.length} work file(s) of dead processes from ${tmpdir()}`);
    try {
      const aborted = await this.storage.removeIncompleteUploads(new Date(Date.now() - STALE_UPLOAD_MS));
      if (aborted) this.logger.log(`removed ${aborted} incomplete upload(s) begun more than a day ago`);
    } catch (err) {
      // a store without ListMultipartUploads, or a key without the right: not a reason to refuse to start
      this.logger.warn(`could not list the bucket's open multipart uploads: ${(err as Error).message}`);
    }
  }
}
