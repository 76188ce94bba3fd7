import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (o: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

/** The fixed credentials s3rver accepts (it checks signatures with them). */
export const S3RVER_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LoopbackS3 {
  endpoint: string;
  bucket: string;
  /** where s3rver keeps the objects (for asserting what is stored) */
  directory: string;
  stop(): Promise<void>;
}

/** An S3 protocol server (s3rver) on 127.0.0.1, a free port and a temp folder, with one empty bucket. */
export async function startLoopbackS3(bucket = 'lp-media'): Promise<LoopbackS3> {
  const directory = mkdtempSync(join(tmpdir(), 'lp-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
