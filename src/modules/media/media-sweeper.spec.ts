import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config';
import type { MediaLibraryRepository } from './media-library.repository';
import { MEDIA_SWEEP_MIN_AGE_MS, MediaSweeper } from './media-sweeper.service';
import { LocalDiskStorage, type MediaStorage } from './storage/media-storage';

const DAY = 24 * 3600 * 1000;
const config = { media: { sweepSeconds: 0 } } as AppConfig;

let root: string;
let src: string;
let storage: LocalDiskStorage;
/** the storage keys the library's rows name */
let rows: Set<string>;
const repo = {
  namedKeys: (keys: string[]) => Promise.resolve(new Set(keys.filter((k) => rows.has(k)))),
} as MediaLibraryRepository;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'media-sweep-'));
  src = join(mkdtempSync(join(tmpdir(), 'media-sweep-src-')), 'a.mp4');
  writeFileSync(src, 'bytes');
  storage = new LocalDiskStorage(join(root, 'media'));
  rows = new Set();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Stores bytes under the key, written `ageMs` ago. */
async function stored(key: string, ageMs: number) {
  await storage.put(key, src);
  const at = new Date(Date.now() - ageMs);
  utimesSync(storage.localPath(key), at, at);
}

describe('MediaSweeper', () => {
  it('removes objects no row names once a day old; keeps named ones and young ones (an upload in progress)', async () => {
    await stored('vagus-nerve/upload/0a0b0c0d-orphan.mp4', DAY + 60_000);
    await stored('vagus-nerve/upload/0b0b0c0d-named.mp4', 30 * DAY);
    await stored('vagus-nerve/upload/0c0b0c0d-young.mp4', DAY - 60_000);
    rows.add('vagus-nerve/upload/0b0b0c0d-named.mp4');
    const part = join(root, 'media/vagus-nerve/upload/0d0b0c0d-died.mp4.0123456789ab.part');
    writeFileSync(part, 'half');
    utimesSync(part, new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY));

    const sweeper = new MediaSweeper(repo, storage, config);
    expect(await sweeper.sweep()).toEqual({ orphans: 1, incomplete: 1 });
    expect(await storage.exists('vagus-nerve/upload/0a0b0c0d-orphan.mp4')).toBe(false);
    expect(await storage.exists('vagus-nerve/upload/0b0b0c0d-named.mp4')).toBe(true);
    expect(await storage.exists('vagus-nerve/upload/0c0b0c0d-young.mp4')).toBe(true);
    expect(existsSync(part)).toBe(false);
    // a second sweep finds nothing more
    expect(await sweeper.sweep()).toEqual({ orphans: 0, incomplete: 0 });
  });

  it('pages its questions to the database: 1200 orphans and 3 named objects', async () => {
    for (let i = 0; i < 1203; i++) await stored(`s/tts/${String(i).padStart(4, '0')}.mp3`, 2 * DAY);
    for (const i of [0, 700, 1202]) rows.add(`s/tts/${String(i).padStart(4, '0')}.mp3`);
    const asked: number[] = [];
    const counting = {
      namedKeys: (keys: string[]) => {
        asked.push(keys.length);
        return repo.namedKeys(keys);
      },
    } as MediaLibraryRepository;
    expect(await new MediaSweeper(counting, storage, config).sweep()).toEqual({ orphans: 1200, incomplete: 0 });
    expect(Math.max(...asked)).toBeLessThanOrEqual(500);
    const left: string[] = [];
    for await (const o of storage.list()) left.push(o.key);
    expect(left.sort()).toEqual(['s/tts/0000.mp3', 's/tts/0700.mp3', 's/tts/1202.mp3']);
  }, 60_000);

  it('keeps an object written again, or named by a row, after the listing (a re-upload under the same key)', async () => {
    await stored('s/video/a.mp4', 2 * DAY);
    await stored('s/video/b.mp4', 2 * DAY);
    // the store as the sweeper sees it: between its listing and its removals, a.mp4 is written again and
    // b.mp4 gets its row
    const racing: MediaStorage = Object.create(storage) as MediaStorage;
    racing.list = async function* () {
      for await (const o of storage.list()) yield o;
      await storage.put('s/video/a.mp4', src);
      rows.add('s/video/b.mp4');
    };
    expect(await new MediaSweeper(repo, racing, config).sweep()).toEqual({ orphans: 0, incomplete: 0 });
    expect(await storage.exists('s/video/a.mp4')).toBe(true);
    expect(await storage.exists('s/video/b.mp4')).toBe(true);
  });

  it('never throws: a store that fails is logged, and the sweep says it removed nothing', async () => {
    const failing = Object.create(storage) as MediaStorage;
    failing.removeIncompleteUploads = () => Promise.reject(new Error('bucket unreachable'));
    const sweeper = new MediaSweeper(repo, failing, config);
    await expect(sweeper.sweep()).resolves.toEqual({ orphans: 0, incomplete: 0 });
  });

  it('judges only what is older than a day', () => expect(MEDIA_SWEEP_MIN_AGE_MS).toBe(DAY));
});
