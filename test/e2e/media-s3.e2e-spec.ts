import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaLibraryService } from '../../src/modules/media/media-library.service';
import { Ffmpeg } from '../../src/modules/media/speech/ffmpeg';
import { S3Storage } from '../../src/modules/media/storage/s3-storage';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness, type TestUser } from '../support/harness';
import { type LoopbackS3, S3RVER_KEY, startLoopbackS3 } from '../support/s3-server';

/**
 * The whole media flow with MEDIA_STORAGE=s3 against s3rver on loopback (the rest of the media tests
 * run on local disk): a section's speech, its rendered video and an uploaded video are written to the
 * bucket, stream with Range from it (200, 206, 416) through both the bearer route and signed URLs, and
 * none of their bytes is ever under MEDIA_DIR.
 */

const SUBJECT = 'vagus-nerve';
let s3: LoopbackS3;
let h: Harness;
let studio: string;
let owner: TestUser;
let work: string;
let mediaDir: string;

interface MediaRow {
  file_name: string;
  kind: string;
  size: number;
  content_hash: string;
  captions_file: string | null;
}
const rows = (kind: string) =>
  h.sql<MediaRow>(
    `select file_name, kind, size, content_hash, captions_file from media_files where subject_id = ? and kind = ?`,
    [SUBJECT, kind],
  );

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
const secure = (fileName: string) => `/api/media/secure/stream?subject=${SUBJECT}&file=${encodeURIComponent(fileName)}`;

/**
 * Whole, first 100 bytes, last 10, past the end: through the bearer route and a signed URL. The bearer is a
 * course owner's, or studio's for an upload no topic plays yet (owners see published media only).
 */
async function expectStreams(fileName: string, signedUrl: string, type: string, token = owner.token) {
  const bucketBytes = await h.app
    .get(MediaLibraryService)
    .withLocalCopy(SUBJECT, fileName, (p) => Promise.resolve(readFileSync(p)));
  const auth = { authorization: `Bearer ${token}` };
  for (const [url, headers] of [
    [secure(fileName), auth],
    [signedUrl, {}],
  ] as const) {
    const whole = await get(url, headers);
    expect([url, whole.statusCode]).toEqual([url, 200]);
    expect(whole.headers['content-type']).toBe(type);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(whole.headers['content-length'])).toBe(bucketBytes.length);
    expect(sha(whole.rawPayload)).toBe(sha(bucketBytes));

    const head = await get(url, { ...headers, range: 'bytes=0-99' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${bucketBytes.length}`);
    expect(head.rawPayload.equals(bucketBytes.subarray(0, 100))).toBe(true);

    const tail = await get(url, { ...headers, range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bucketBytes.subarray(-10))).toBe(true);

    const past = await get(url, { ...headers, range: `bytes=${bucketBytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bucketBytes.length}`);
    expect(past.json()).toMatchObject({ statusCode: 416 });

    // HEAD: the headers of the whole file, no body, and no GET of the object
    const storage = h.app.get(MediaLibraryService).streamTarget(SUBJECT, fileName)!.storage;
    const reads = jest.spyOn(storage, 'openRead');
    const head0 = await h.app.inject({ method: 'HEAD', url, headers });
    expect(head0.statusCode).toBe(200);
    expect(Number(head0.headers['content-length'])).toBe(bucketBytes.length);
    expect(head0.rawPayload.length).toBe(0);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();

    // a player revalidating: the bucket's ETag answers 304
    const again = await get(url, { ...headers, 'if-none-match': String(whole.headers.etag) });
    expect(again.statusCode).toBe(304);
  }
  return bucketBytes;
}

/** The bucket as a client of its own sees it (the app's store is wrapped: full-store errors, fault drills). */
function bucket(): S3Storage {
  return new S3Storage({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    ...S3RVER_KEY,
    forcePathStyle: true,
  });
}

async function bucketKeys(): Promise<string[]> {
  const listed = await bucket().client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${SUBJECT}/` }));
  return (listed.Contents ?? []).map((c) => c.Key!);
}

beforeAll(async () => {
  s3 = await startLoopbackS3('lp-e2e-media');
  // before the boot: config is read then
  Object.assign(process.env, {
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
  mediaDir = process.env.MEDIA_DIR!;
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  studio = await h.demoToken('studio');
  owner = await h.learnerWith([SUBJECT], 'media-s3-owner');
  work = mkdtempSync(join(tmpdir(), 'lp-media-s3-'));
}, 60000);
afterAll(async () => {
  await h?.close();
  await s3?.stop();
  rmSync(work, { recursive: true, force: true });
});

/**
 * The flow's steps, each run once whichever test needs it first: the tests run in a random order (`--randomize`), so
 * a test that needs the audio or the video asks for it instead of counting on an earlier test.
 */
let spoken: Promise<{ sectionId: string; url: string }> | undefined;
function speak() {
  spoken ??= (async () => {
    const sectionId = (
      await h.sql<{ id: string }>(`select id from lecture_sections where subject_id = ? order by position limit 1`, [
        SUBJECT,
      ])
    )[0].id;
    const put = await h.put(
      `/api/tts/overrides/${SUBJECT}`,
      { overrides: { [sectionId]: { text: 'The vagus nerve slows the heart.' } } },
      { token: studio },
    );
    expect(put.status).toBe(200);
    const res = await h.post<{ url: string } & ApiError>(
      '/api/tts/synthesize',
      { subject: SUBJECT, sectionId, provider: 'local' },
      { token: studio },
    );
    expect(res.status).toBe(200);
    return { sectionId, url: res.body.url };
  })();
  return spoken;
}

let rendered:
  Promise<{ sectionId: string; events: { type: string; id?: string; ok?: boolean; url?: string }[] }> | undefined;
function render() {
  rendered ??= (async () => {
    const { sectionId } = await speak();
    const res = await h.post<string>(
      '/api/tts/video/render/stream',
      { subject: SUBJECT, width: 320, height: 180, jobId: 'media-s3-render' },
      { token: studio },
    );
    expect(res.status).toBe(200);
    const events = String(res.body)
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { type: string; id?: string; ok?: boolean; url?: string });
    return { sectionId, events };
  })();
  return rendered;
}

/** A one-second clip uploaded through the Studio's media route. */
async function uploadClip(name: string): Promise<{ mp4: Buffer; name: string; url: string }> {
  const clip = join(work, `${name}.mp4`);
  execFileSync(Ffmpeg.locate().binary, [
    ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=160x120:d=1'],
    ...['-f', 'lavfi', '-i', 'sine=d=1', '-shortest', '-c:v', 'libx264', '-c:a', 'aac', clip],
  ]);
  const mp4 = readFileSync(clip);
  const boundary = 'lp-s3-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="subjectId"\r\n\r\n${SUBJECT}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    mp4,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await h.request<{ name: string; url: string } & ApiError>('POST', '/api/admin/media', {
    body,
    token: studio,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.status).toBe(201);
  return { mp4, name: res.body.name, url: res.body.url };
}
let uploaded: ReturnType<typeof uploadClip> | undefined;
const upload = () => (uploaded ??= uploadClip('clip'));

describe('media on S3 (s3rver on loopback)', () => {
  it('the API is on the bucket', async () => {
    const store = h.app.get(MediaLibraryService).streamTarget(SUBJECT, 'x.mp3')!.storage;
    // remote: no local path to hand to sendfile, and what it puts is in the bucket
    expect(store.localPath).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'bucket-probe-'));
    writeFileSync(join(dir, 'probe.txt'), 'on the bucket');
    try {
      await store.put('probe/on-the-bucket.txt', join(dir, 'probe.txt'));
      expect(await bucket().exists('probe/on-the-bucket.txt')).toBe(true);
    } finally {
      await store.remove('probe/on-the-bucket.txt');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('synthesises a section: mp3 and captions in the bucket, streamed with Range', async () => {
    const { url } = await speak();
    const [audio] = await rows('audio');
    expect(audio.captions_file).toBeTruthy();
    const keys = await bucketKeys();
    expect(keys).toEqual(
      expect.arrayContaining([`${SUBJECT}/${audio.file_name}`, `${SUBJECT}/${audio.captions_file}`]),
    );
    const bytes = await expectStreams(audio.file_name, url, 'audio/mpeg');
    // the row records what the bucket holds
    expect(bytes.length).toBe(Number(audio.size));
    expect(sha(bytes)).toBe(audio.content_hash);
  }, 60000);

  it('renders the section’s video from the bucket’s audio, into the bucket, streamed with Range', async () => {
    const { sectionId, events } = await render();
    expect(events.at(-1)).toMatchObject({ type: 'done', succeeded: 1, failed: 0 });
    const item = events.find((e) => e.type === 'item' && e.id === sectionId)!;
    expect(item).toMatchObject({ ok: true });
    const [video] = await rows('video');
    expect(await bucketKeys()).toContain(`${SUBJECT}/${video.file_name}`);
    const bytes = await expectStreams(video.file_name, item.url!, 'video/mp4');
    expect(sha(bytes)).toBe(video.content_hash);
    // no render work files are left behind
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('lp-s3-'))).toEqual([]);
  }, 120000);

  it('an uploaded video goes to the bucket and plays from it', async () => {
    const { mp4, name, url } = await upload();
    expect(await bucketKeys()).toContain(`${SUBJECT}/${name}`);
    const bytes = await expectStreams(name, url, 'video/mp4', studio);
    expect(bytes.equals(mp4)).toBe(true);
  }, 60000);

  it('a file the library lists but the bucket lacks is a 404, not a 500', async () => {
    const { name } = await uploadClip('gone');
    const storage = h.app.get(MediaLibraryService).streamTarget(SUBJECT, name)!;
    await storage.storage.remove(storage.key);
    // studio, who may stream an unpublished upload: the 404 is the bucket's
    const res = await get(secure(name), { authorization: `Bearer ${studio}` });
    expect(res.statusCode).toBe(404);
  }, 60000);

  it('no media file of them was ever written under MEDIA_DIR', async () => {
    await Promise.all([speak(), render(), upload()]);
    expect(filesUnder(mediaDir)).toEqual([]);
  }, 120000);
});
