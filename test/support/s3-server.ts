import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (o: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  /** Koa's middleware list, composed when the server starts listening */
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
};

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What s3rver 3 answers NotImplemented: ListMultipartUploads (`GET /bucket?uploads`) and AbortMultipartUpload
 * (`DELETE /bucket/key?uploadId=`), read from and done on the folders it keeps open uploads in
 * (`<bucket>/._S3rver_uploads/<uploadId>/key`), so a test can ask the bucket for uploads left open.
 */
function multipartUploads(directory: string) {
  const uploadsOf = (bucket: string) => join(directory, bucket, '._S3rver_uploads');
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const [bucket, ...rest] = ctx.path.replace(/^\//, '').split('/');
    if (ctx.method === 'GET' && bucket && !rest.join('') && 'uploads' in ctx.query) {
      const dir = uploadsOf(bucket);
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const uploads = existsSync(dir)
        ? readdirSync(dir)
            .filter((id) => existsSync(join(dir, id, 'key')))
            .map((id) => ({
              id,
              key: readFileSync(join(dir, id, 'key'), 'utf8'),
              at: statSync(join(dir, id)).mtime,
            }))
            .filter((u) => u.key.startsWith(prefix))
        : [];
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${xml(bucket)}</Bucket><Prefix>${xml(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
        uploads
          .map(
            (u) =>
              `<Upload><Key>${xml(u.key)}</Key><UploadId>${xml(u.id)}</UploadId><Initiated>${u.at.toISOString()}</Initiated></Upload>`,
          )
          .join('') +
        `</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && bucket && rest.length && typeof uploadId === 'string') {
      const dir = join(uploadsOf(bucket), uploadId);
      if (!/^[A-Za-z0-9._-]+$/.test(uploadId) || !existsSync(dir)) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
        return;
      }
      rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    await next();
  };
}

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
  server.middleware.unshift(multipartUploads(directory));
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
