import { ConfigError, loadConfig } from '../../../config/config';
import { copyMediaDir } from './media-to-s3';
import { S3Storage } from './s3-storage';

/**
 * `npm run media:to-s3`: copies MEDIA_DIR into the S3_BUCKET of the S3_* settings (MEDIA_STORAGE=s3),
 * checking each object's size and sha256. Run it again after a stop or a failure: what is there is skipped.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.media.s3) {
    console.error('media:to-s3 copies MEDIA_DIR into the bucket: set MEDIA_STORAGE=s3 and the S3_* settings');
    return 2;
  }
  const storage = new S3Storage(config.media.s3);
  try {
    await storage.check();
    console.log(`copying ${config.media.dir} into bucket "${config.media.s3.bucket}"`);
    const report = await copyMediaDir(config.media.dir, storage, (line) => console.log(line));
    console.log(
      `${report.copied.length} copied, ${report.skipped.length} already there, ${report.failed.length} failed`,
    );
    return report.failed.length ? 1 : 0;
  } finally {
    storage.client.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
