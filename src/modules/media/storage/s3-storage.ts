import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidStorageKey,
  type ByteRange,
  contentType,
  isValidStorageKey,
  type MediaStorage,
  sha256File,
  type StoredObjectInfo,
  type StoredObjectSummary,
} from './media-storage';
import { makeWorkDir } from './work-dirs';

export interface S3StorageOptions {
  /** empty: AWS's own endpoint for the region */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** multipart part size in bytes (S3's minimum is 5 MiB); files up to one part go in one PUT */
  partSize?: number;
  /** keys per ListObjectsV2 page (S3's most is 1000) */
  listPageSize?: number;
}

const MIN_PART = 5 * 1024 * 1024;

function notFound(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey';
  }
  return false;
}

/** The bytes in one bucket of an S3-compatible store (AWS S3, Cloudflare R2, Backblaze B2, MinIO). */
export class S3Storage implements MediaStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly endpoint: string;
  private readonly partSize: number;
  private readonly listPageSize: number;

  constructor(o: S3StorageOptions) {
    this.bucket = o.bucket;
    this.endpoint = o.endpoint || `https://s3.${o.region}.amazonaws.com`;
    this.partSize = Math.max(MIN_PART, o.partSize ?? 8 * 1024 * 1024);
    this.listPageSize = Math.min(1000, Math.max(1, o.listPageSize ?? 1000));
    this.client = new S3Client({
      endpoint: o.endpoint || undefined,
      region: o.region,
      forcePathStyle: o.forcePathStyle,
      credentials:
        o.accessKeyId && o.secretAccessKey
          ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey }
          : undefined,
      // R2, B2 and MinIO refuse or mis-handle the SDK's default CRC32 trailers (SDK >= 3.729)
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Boot check: the bucket is there and these credentials may use it; the error names both. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = err instanceof S3ServiceException ? ` (HTTP ${err.$metadata.httpStatusCode ?? '?'})` : '';
      const why =
        (err as Error).name === 'NotFound' ? 'does not exist' : `cannot be reached: ${(err as Error).message}`;
      throw new Error(`S3 bucket "${this.bucket}" at ${this.endpoint} ${why}${status}`, { cause: err });
    }
  }

  async put(key: string, from: string): Promise<{ size: number; sha256: string }> {
    assertValidStorageKey(key);
    // hashed first, to travel as the object's metadata (what media:to-s3 compares without a download)
    const [{ size }, expected] = await Promise.all([stat(from), sha256File(from)]);
    const hash = createHash('sha256');
    const body = new PassThrough();
    const source = createReadStream(from);
    source.on('data', (chunk) => hash.update(chunk));
    source.on('error', (err) => body.destroy(err));
    source.pipe(body);
    // Upload sends one PUT up to a part, else a multipart upload that it aborts when a part fails
    // (leavePartsOnError false): S3 shows a key only once the PUT or the completion succeeds.
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentLength: size,
        ContentType: contentType(key),
        Metadata: { sha256: expected },
      },
      partSize: this.partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } finally {
      source.destroy();
    }
    const sha256 = hash.digest('hex');
    // our sources are temp files nobody writes to; a mismatch is a bug to hear about, not to paper over
    if (sha256 !== expected) throw new Error(`${from} changed while it was copied to ${key}`);
    return { size, sha256 };
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    assertValidStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        modified: head.LastModified ?? new Date(0),
        etag: head.ETag ?? `"${head.ContentLength ?? 0}"`,
        sha256: head.Metadata?.sha256,
      };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async openRead(key: string, range?: ByteRange): Promise<Readable> {
    assertValidStorageKey(key);
    const got = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!(got.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a body stream`);
    return got.Body;
  }

  async withLocalCopy<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
    assertValidStorageKey(key);
    const dir = await makeWorkDir('s3');
    try {
      const path = join(dir, basename(key));
      await pipeline(await this.openRead(key), createWriteStream(path));
      return await fn(path);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidStorageKey(key)) return false;
    return (await this.stat(key)) !== null;
  }

  async remove(key: string): Promise<void> {
    assertValidStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(): AsyncIterable<StoredObjectSummary> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: this.listPageSize }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key && isValidStorageKey(o.Key)) yield { key: o.Key, modified: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async removeIncompleteUploads(before: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const u of page.Uploads ?? []) {
        // an upload without a start date is not one to judge by age: left to the bucket's own lifecycle rules
        if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated >= before) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }),
        );
        removed++;
      }
      const more = page.IsTruncated === true;
      keyMarker = more ? page.NextKeyMarker : undefined;
      uploadIdMarker = more ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }
}
