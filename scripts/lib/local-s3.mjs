// `npm start` with MEDIA_STORAGE=s3 and no S3_ENDPOINT: an S3 protocol server (s3rver, a dev dependency) on
// 127.0.0.1, its objects kept in .data/s3 across starts, so the whole media flow can be tried against a bucket
// on one machine. Production points S3_ENDPOINT at a real store (or leaves it empty for AWS when not started
// through npm start).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, freePort } from './infra.mjs';

const require = createRequire(import.meta.url);
/** s3rver's fixed credentials: any key is accepted with the matching secret. */
export const LOCAL_S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startLocalS3({ bucket, port }) {
  const S3rver = require('s3rver');
  const directory = join(ROOT, '.data', 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: port || (await freePort(4569)),
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port: bound } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${bound}`,
      S3_REGION: process.env.S3_REGION || 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: LOCAL_S3_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_KEY.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: () => server.close(),
  };
}
