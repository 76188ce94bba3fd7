import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { type LoopbackS3, S3RVER_KEY, startLoopbackS3 } from '../../../../test/support/s3-server';
import { LocalDiskStorage, type MediaStorage } from './media-storage';
import { copyMediaDir } from './media-to-s3';
import { createMediaStorage } from './create-media-storage';
import { S3Storage } from './s3-storage';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

interface Store {
  storage: MediaStorage;
  cleanup(): Promise<void>;
}

let s3: LoopbackS3;
beforeAll(async () => {
  s3 = await startLoopbackS3();
});
afterAll(() => s3?.stop());

const s3Store = (): Store => {
  const storage = new S3Storage({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    ...S3RVER_KEY,
    forcePathStyle: true,
  });
  return { storage, cleanup: async () => storage.client.destroy() };
};

const stores: [string, () => Store][] = [
  [
    'LocalDiskStorage',
    () => {
      const root = mkdtempSync(join(tmpdir(), 'media-root-'));
      return {
        storage: new LocalDiskStorage(root),
        cleanup: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  ['S3Storage', () => s3Store()],
];

describe.each(stores)('MediaStorage contract: %s', (_name, make) => {
  let store: Store;
  let s: MediaStorage;
  let work: string;
  // a fresh subject per test, so the shared bucket never carries one test's objects into another
  let subject: string;
  const file = (name: string, bytes: Buffer | string) => {
    const p = join(work, name);
    writeFileSync(p, bytes);
    return p;
  };
  beforeEach(() => {
    store = make();
    s = store.storage;
    work = mkdtempSync(join(tmpdir(), 'media-src-'));
    subject = `subj-${randomBytes(4).toString('hex')}`;
  });
  afterEach(async () => {
    rmSync(work, { recursive: true, force: true });
    await store.cleanup();
  });

  it('put then exists, stat, read back the same bytes (sha256), remove', async () => {
    const bytes = randomBytes(70_000);
    const key = `${subject}/tts/a.mp3`;
    expect(await s.exists(key)).toBe(false);
    expect(await s.stat(key)).toBeNull();
    const put = await s.put(key, file('a.mp3', bytes));
    expect(put).toEqual({ size: bytes.length, sha256: sha(bytes) });
    expect(await s.exists(key)).toBe(true);
    const info = await s.stat(key);
    expect(info?.size).toBe(bytes.length);
    expect(Number.isFinite(info?.modified.getTime())).toBe(true);
    expect(info?.etag).toMatch(/^(W\/)?".+"$/);
    expect(sha(await bytesOf(await s.openRead(key)))).toBe(sha(bytes));
    await s.remove(key);
    expect(await s.exists(key)).toBe(false);
    expect(await s.stat(key)).toBeNull();
    await expect(s.openRead(key)).rejects.toThrow();
    await s.remove(key); // removing what is gone is fine
  });

  it('list() names every stored object with when it was written; a removed one is gone from it', async () => {
    const started = Date.now();
    const keys = [`${subject}/tts/a.mp3`, `${subject}/upload/0a0b0c0d-b.mp4`, `${subject}/video/c.vtt`];
    for (const key of keys) await s.put(key, file('src', key));
    const mine = async () => {
      const found: { key: string; modified: Date }[] = [];
      for await (const o of s.list()) if (o.key.startsWith(`${subject}/`)) found.push(o);
      return found.sort((x, y) => x.key.localeCompare(y.key));
    };
    const listed = await mine();
    expect(listed.map((o) => o.key)).toEqual(keys);
    for (const o of listed) {
      // S3 keeps whole seconds
      expect(o.modified.getTime()).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000 - 1000);
      expect(o.modified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    await s.remove(keys[1]);
    expect((await mine()).map((o) => o.key)).toEqual([keys[0], keys[2]]);
  });

  it('reads inclusive byte ranges: first bytes, a middle slice, the last byte', async () => {
    const bytes = randomBytes(10_000);
    const key = `${subject}/v.mp4`;
    await s.put(key, file('v.mp4', bytes));
    expect(await bytesOf(await s.openRead(key, { start: 0, end: 99 }))).toEqual(bytes.subarray(0, 100));
    expect(await bytesOf(await s.openRead(key, { start: 5000, end: 5009 }))).toEqual(bytes.subarray(5000, 5010));
    expect(await bytesOf(await s.openRead(key, { start: 9999, end: 9999 }))).toEqual(bytes.subarray(9999));
  });

  it('an overwrite replaces the bytes whole; a stream opened before keeps reading the old ones', async () => {
    const key = `${subject}/c.vtt`;
    const first = Buffer.alloc(256 * 1024, 'a');
    const second = Buffer.alloc(300 * 1024, 'b');
    await s.put(key, file('1.vtt', first));
    const before = await s.openRead(key);
    await s.put(key, file('2.vtt', second));
    const old = await bytesOf(before);
    // a reader sees one version or the other, never a mix
    expect([sha(first), sha(second)]).toContain(sha(old));
    expect(sha(await bytesOf(await s.openRead(key)))).toBe(sha(second));
    expect((await s.stat(key))?.size).toBe(second.length);
  });

  it('withLocalCopy hands a file with the bytes; a remote store removes its copy afterwards', async () => {
    const bytes = randomBytes(4096);
    const key = `${subject}/tts/x.mp3`;
    await s.put(key, file('x.mp3', bytes));
    let seen = '';
    const got = await s.withLocalCopy(key, (path) => {
      seen = path;
      return Promise.resolve(readFileSync(path));
    });
    expect(got).toEqual(bytes);
    if (s instanceof S3Storage) expect(() => readFileSync(seen)).toThrow(/ENOENT/);
    await expect(s.withLocalCopy(`${subject}/none.mp3`, () => Promise.resolve(1))).rejects.toThrow();
  });

  it('refuses keys that could leave the root or are not the library’s', async () => {
    const src = file('a.mp3', 'x');
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.hidden', 'a/./b', 'a\\b', '', 'a/b/']) {
      await expect(s.put(key, src)).rejects.toThrow(/invalid media storage key/);
      await expect(s.stat(key)).rejects.toThrow(/invalid media storage key/);
      await expect(s.openRead(key)).rejects.toThrow(/invalid media storage key/);
      await expect(s.remove(key)).rejects.toThrow(/invalid media storage key/);
      expect(await s.exists(key)).toBe(false);
    }
  });

  it('a put of a missing source file fails and stores nothing', async () => {
    const key = `${subject}/gone.mp3`;
    await expect(s.put(key, join(work, 'no-such-file.mp3'))).rejects.toThrow();
    expect(await s.exists(key)).toBe(false);
  });
});

describe('S3Storage against s3rver', () => {
  const make = (o: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
    new S3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      ...S3RVER_KEY,
      forcePathStyle: true,
      partSize: 5 * 1024 * 1024,
      ...o,
    });
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'media-src-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('stores the uploaded bytes exactly: the object file in the server’s folder has the same sha256', async () => {
    const s = make();
    const bytes = randomBytes(123_457);
    const src = join(work, 'exact.mp3');
    writeFileSync(src, bytes);
    await s.put('exact/tts/exact.mp3', src);
    // s3rver keeps each object as <bucket>/<key>._S3rver_object
    const onDisk = readFileSync(join(s3.directory, s3.bucket, 'exact/tts/exact.mp3._S3rver_object'));
    expect(sha(onDisk)).toBe(sha(bytes));
  });

  it('sends no checksum trailers or headers (WHEN_REQUIRED: R2, B2 and MinIO refuse or mis-store them)', async () => {
    const s = make();
    const seen: Record<string, string>[] = [];
    s.client.middlewareStack.add(
      (next) => (args) => {
        seen.push({ ...(args.request as { headers: Record<string, string> }).headers });
        return next(args);
      },
      { step: 'finalizeRequest', name: 'recordHeaders' },
    );
    const src = join(work, 'sum.mp3');
    writeFileSync(src, randomBytes(6 * 1024 * 1024)); // a multipart upload: parts too
    await s.put('sums/sum.mp3', src);
    await bytesOf(await s.openRead('sums/sum.mp3'));
    expect(seen.length).toBeGreaterThanOrEqual(4);
    for (const headers of seen) {
      const names = Object.keys(headers).map((n) => n.toLowerCase());
      expect(names.filter((n) => n.startsWith('x-amz-checksum-') || n === 'x-amz-sdk-checksum-algorithm')).toEqual([]);
      expect(headers['content-encoding'] ?? '').not.toMatch(/aws-chunked/);
      // GetObject does not ask for a checksum to validate
      expect(headers['x-amz-checksum-mode']).toBeUndefined();
    }
  });

  it('sends a file above one part as a multipart upload and reads it back whole', async () => {
    const s = make();
    const bytes = randomBytes(12 * 1024 * 1024 + 321); // three 5 MiB parts
    const src = join(work, 'big.mp4');
    writeFileSync(src, bytes);
    const sent = jest.spyOn(s.client, 'send');
    const put = await s.put('multi/big.mp4', src);
    const commands = sent.mock.calls.map(([c]) => c.constructor.name);
    expect(commands).toContain('CreateMultipartUploadCommand');
    expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect(commands).toContain('CompleteMultipartUploadCommand');
    expect(put).toEqual({ size: bytes.length, sha256: sha(bytes) });
    expect(sha(await bytesOf(await s.openRead('multi/big.mp4')))).toBe(sha(bytes));
    expect(
      await bytesOf(await s.openRead('multi/big.mp4', { start: 5 * 1024 * 1024 - 2, end: 5 * 1024 * 1024 + 1 })),
    ).toEqual(bytes.subarray(5 * 1024 * 1024 - 2, 5 * 1024 * 1024 + 2));
  });

  it('a multipart upload whose part fails is aborted and leaves no object and no open upload', async () => {
    const s = make();
    const bytes = randomBytes(11 * 1024 * 1024);
    const src = join(work, 'fail.mp4');
    writeFileSync(src, bytes);
    const realSend = s.client.send.bind(s.client) as (c: unknown) => Promise<unknown>;
    const calls: string[] = [];
    jest.spyOn(s.client, 'send').mockImplementation(((command: {
      constructor: { name: string };
      input: { PartNumber?: number };
    }) => {
      calls.push(command.constructor.name);
      if (command.constructor.name === 'UploadPartCommand' && command.input.PartNumber === 2) {
        return Promise.reject(new Error('connection reset while sending part 2'));
      }
      return realSend(command);
    }) as never);
    // Upload aborts the multipart upload when a part fails (s3rver does through test/support/s3-server.ts)
    await expect(s.put('aborted/fail.mp4', src)).rejects.toThrow('connection reset while sending part 2');
    expect(calls).toContain('CreateMultipartUploadCommand');
    expect(calls).toContain('AbortMultipartUploadCommand');
    expect(calls).not.toContain('CompleteMultipartUploadCommand');
    jest.restoreAllMocks();
    expect(await s.exists('aborted/fail.mp4')).toBe(false);
    const listed = await s.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'aborted/' }));
    expect(listed.KeyCount ?? 0).toBe(0);
    const open = await s.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: 'aborted/' }));
    expect(open.Uploads ?? []).toEqual([]);
  });

  it('removeIncompleteUploads aborts the open multipart uploads begun before the cutoff, keeps newer ones', async () => {
    const s = make();
    // what a process SIGKILLed half-way through a large put leaves: an upload begun, a part sent, never completed
    const { UploadId } = await s.client.send(
      new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: 'stale/killed.mp4' }),
    );
    await s.client.send(
      new UploadPartCommand({
        Bucket: s3.bucket,
        Key: 'stale/killed.mp4',
        UploadId,
        PartNumber: 1,
        Body: randomBytes(1024),
      }),
    );
    const open = async () =>
      (
        (await s.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: 'stale/' }))).Uploads ?? []
      ).map((u) => u.UploadId);
    expect(await open()).toEqual([UploadId]);
    // begun after the cutoff (a put that may be running now): kept
    expect(await s.removeIncompleteUploads(new Date(Date.now() - 60_000))).toBe(0);
    expect(await open()).toEqual([UploadId]);
    expect(await s.removeIncompleteUploads(new Date(Date.now() + 60_000))).toBe(1);
    expect(await open()).toEqual([]);
    expect(await s.exists('stale/killed.mp4')).toBe(false);
  });

  it('list() pages through the bucket (ListObjectsV2 continuation tokens), leaving out keys the library cannot use', async () => {
    // s3rver's continuation tokens use DES, which OpenSSL 3 no longer has: the store's pages are faked
    const s = make({ listPageSize: 2 });
    const at = new Date('2026-11-01T00:00:00Z');
    const pages = [
      {
        Contents: [{ Key: 'a/tts/1.mp3', LastModified: at }, { Key: 'a/../x' }],
        IsTruncated: true,
        NextContinuationToken: 't1',
      },
      { Contents: [{ Key: 'b/video/2.mp4', LastModified: at }], IsTruncated: false },
    ];
    const asked: unknown[] = [];
    jest.spyOn(s.client, 'send').mockImplementation(((command: { input: unknown }) => {
      if (!(command instanceof ListObjectsV2Command)) return Promise.reject(new Error('unexpected command'));
      asked.push(command.input);
      return Promise.resolve(pages[asked.length - 1]);
    }) as never);
    const found: unknown[] = [];
    for await (const o of s.list()) found.push(o);
    jest.restoreAllMocks();
    expect(found).toEqual([
      { key: 'a/tts/1.mp3', modified: at },
      { key: 'b/video/2.mp4', modified: at },
    ]);
    expect(asked).toEqual([
      { Bucket: s3.bucket, ContinuationToken: undefined, MaxKeys: 2 },
      { Bucket: s3.bucket, ContinuationToken: 't1', MaxKeys: 2 },
    ]);
  });

  it('removeIncompleteUploads aborts the multipart uploads begun before the cut, page after page', async () => {
    // s3rver has neither ListMultipartUploads nor AbortMultipartUpload: the store's side of the calls is faked
    const s = make();
    const day = 24 * 3600 * 1000;
    const cut = new Date('2026-11-20T00:00:00Z');
    const old = new Date(cut.getTime() - day);
    const young = new Date(cut.getTime() + 1000);
    const pages = [
      {
        Uploads: [
          { Key: 'a/upload/old.mp4', UploadId: 'u1', Initiated: old },
          { Key: 'a/upload/young.mp4', UploadId: 'u2', Initiated: young },
        ],
        IsTruncated: true,
        NextKeyMarker: 'a/upload/young.mp4',
        NextUploadIdMarker: 'u2',
      },
      { Uploads: [{ Key: 'b/video/old.mp4', UploadId: 'u3', Initiated: old }, { Key: 'c/x.mp4' }], IsTruncated: false },
    ];
    const asked: unknown[] = [];
    const aborted: unknown[] = [];
    jest.spyOn(s.client, 'send').mockImplementation(((command: { input: Record<string, unknown> }) => {
      if (command instanceof ListMultipartUploadsCommand) {
        asked.push(command.input);
        return Promise.resolve(pages[asked.length - 1]);
      }
      if (command instanceof AbortMultipartUploadCommand) {
        aborted.push(command.input);
        return Promise.resolve({});
      }
      return Promise.reject(new Error(`unexpected ${command.constructor.name}`));
    }) as never);
    expect(await s.removeIncompleteUploads(cut)).toBe(2);
    expect(asked).toEqual([
      { Bucket: s3.bucket, KeyMarker: undefined, UploadIdMarker: undefined },
      { Bucket: s3.bucket, KeyMarker: 'a/upload/young.mp4', UploadIdMarker: 'u2' },
    ]);
    expect(aborted).toEqual([
      { Bucket: s3.bucket, Key: 'a/upload/old.mp4', UploadId: 'u1' },
      { Bucket: s3.bucket, Key: 'b/video/old.mp4', UploadId: 'u3' },
    ]);
    jest.restoreAllMocks();
  });

  it('check() passes for the bucket and names bucket and endpoint when it is missing or unreachable', async () => {
    await expect(make().check()).resolves.toBeUndefined();
    await expect(make({ bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      `S3 bucket "no-such-bucket" at ${s3.endpoint} does not exist`,
    );
    await expect(make({ endpoint: 'http://127.0.0.1:9' }).check()).rejects.toThrow(
      `S3 bucket "${s3.bucket}" at http://127.0.0.1:9 cannot be reached`,
    );
  });

  it('records the sha256 as object metadata, which stat reports', async () => {
    const s = make();
    const src = join(work, 'm.mp3');
    writeFileSync(src, 'metadata bytes');
    await s.put('meta/m.mp3', src);
    expect((await s.stat('meta/m.mp3'))?.sha256).toBe(sha('metadata bytes'));
  });

  it('createMediaStorage: the configured bucket, checked at boot; a missing one rejects naming it', async () => {
    const media = {
      dir: work,
      urlSecret: 'x'.repeat(32),
      uploadMaxBytes: 1024,
      uploadMaxSeconds: 60,
      sweepSeconds: 0,
      storage: 's3' as const,
      s3: { endpoint: s3.endpoint, region: 'us-east-1', bucket: s3.bucket, ...S3RVER_KEY, forcePathStyle: true },
    };
    const made = await createMediaStorage(media);
    expect(made).toBeInstanceOf(S3Storage);
    (made as S3Storage).client.destroy();
    await expect(createMediaStorage({ ...media, s3: { ...media.s3, bucket: 'gone-bucket' } })).rejects.toThrow(
      `S3 bucket "gone-bucket" at ${s3.endpoint} does not exist`,
    );
    expect(await createMediaStorage({ ...media, storage: 'local', s3: undefined })).toBeInstanceOf(LocalDiskStorage);
  });
});

describe('copyMediaDir (npm run media:to-s3)', () => {
  let dir: string;
  let target: S3Storage;
  let prefix: string;
  const write = (key: string, bytes: Buffer | string) => {
    const p = join(dir, ...key.split('/'));
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, bytes);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'media-dir-'));
    // keys are relative to MEDIA_DIR: a fresh subject folder keeps runs apart in the shared bucket
    prefix = `copy-${randomBytes(4).toString('hex')}`;
    target = new S3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      ...S3RVER_KEY,
      forcePathStyle: true,
    });
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    target.client.destroy();
  });

  it('copies every library file with its bytes, leaves out .part files, refuses foreign names', async () => {
    const a = randomBytes(3000);
    write(`${prefix}/tts/a.mp3`, a);
    write(`${prefix}/video/b.mp4`, 'bbb');
    write(`${prefix}/tts/a.mp3.1a2b3c.part`, 'half');
    write(`${prefix}/bad name.mp3`, 'x');
    const report = await copyMediaDir(dir, target);
    expect(report.copied).toEqual([`${prefix}/tts/a.mp3`, `${prefix}/video/b.mp4`]);
    expect(report.failed).toEqual([{ key: `${prefix}/bad name.mp3`, reason: expect.stringMatching(/not a name/) }]);
    expect(await bytesOf(await target.openRead(`${prefix}/tts/a.mp3`))).toEqual(a);
    expect(await target.exists(`${prefix}/tts/a.mp3.1a2b3c.part`)).toBe(false);
  });

  it('resumes: a run stopped half-way goes on, what is there with the same size and hash is skipped', async () => {
    write(`${prefix}/1.mp3`, 'one');
    write(`${prefix}/2.mp3`, 'two');
    write(`${prefix}/3.mp3`, 'three');
    const realPut = target.put.bind(target);
    const put = jest.spyOn(target, 'put').mockImplementation(async (key, from) => {
      if (key.endsWith('2.mp3')) throw new Error('network gone');
      return realPut(key, from);
    });
    const first = await copyMediaDir(dir, target);
    expect(first.copied).toEqual([`${prefix}/1.mp3`, `${prefix}/3.mp3`]);
    expect(first.failed).toEqual([{ key: `${prefix}/2.mp3`, reason: 'network gone' }]);
    put.mockRestore();
    const spy = jest.spyOn(target, 'put');
    const second = await copyMediaDir(dir, target);
    expect(second).toEqual({
      copied: [`${prefix}/2.mp3`],
      skipped: [`${prefix}/1.mp3`, `${prefix}/3.mp3`],
      failed: [],
    });
    expect(spy).toHaveBeenCalledTimes(1);
    // a file that changed since (same size, other bytes) is copied again
    write(`${prefix}/1.mp3`, 'ONE');
    const third = await copyMediaDir(dir, target);
    expect(third.copied).toEqual([`${prefix}/1.mp3`]);
    expect((await bytesOf(await target.openRead(`${prefix}/1.mp3`))).toString()).toBe('ONE');
  });

  it('an object put by something else (no sha256 metadata) is compared by its bytes', async () => {
    write(`${prefix}/x.mp3`, 'same bytes');
    await copyMediaDir(dir, target);
    const stat = jest.spyOn(target, 'stat');
    stat.mockImplementation(async (key) => {
      const real = await S3Storage.prototype.stat.call(target, key);
      return real ? { ...real, sha256: undefined } : null;
    });
    const again = await copyMediaDir(dir, target);
    expect(again.skipped).toEqual([`${prefix}/x.mp3`]);
    expect(again.copied).toEqual([]);
  });

  it('a copy whose stored bytes differ from the file is reported failed', async () => {
    write(`${prefix}/y.mp3`, 'real bytes');
    const realOpen = target.openRead.bind(target);
    jest.spyOn(target, 'openRead').mockImplementation(async (key, range) => {
      const { Readable } = await import('node:stream');
      return key.endsWith('y.mp3') ? Readable.from([Buffer.from('rotten')]) : realOpen(key, range);
    });
    const report = await copyMediaDir(dir, target);
    expect(report.copied).toEqual([]);
    expect(report.failed).toEqual([
      { key: `${prefix}/y.mp3`, reason: expect.stringMatching(/stored sha256 .* the file's is/) },
    ]);
  });
});
