import type { AppConfig } from '../../../config/config';
import { LocalDiskStorage, type MediaStorage } from './media-storage';
import { S3Storage } from './s3-storage';

/**
 * The store the configuration names. A bucket is checked first (HeadBucket), so a wrong name, endpoint or
 * key stops the process at boot with a message naming the bucket and endpoint, not at the first upload.
 */
export async function createMediaStorage(media: AppConfig['media']): Promise<MediaStorage> {
  if (media.storage !== 's3') return new LocalDiskStorage(media.dir);
  if (!media.s3) throw new Error('MEDIA_STORAGE=s3 without S3 settings');
  const storage = new S3Storage(media.s3);
  await storage.check();
  return storage;
}
