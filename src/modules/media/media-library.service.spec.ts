import type { EntityManager } from '@mikro-orm/postgresql';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config';
import type { MediaFileRecord, MediaLibraryRepository } from './media-library.repository';
import { defaultTtlSeconds, MediaLibraryService, SIGNED_URL_GRACE_SECONDS } from './media-library.service';
import { MAX_SIGNED_URL_SECONDS } from './media-signing';
import { MediaUrlSigner } from './media-url-signer';
import { LocalDiskStorage } from './storage/media-storage';

let dir: string;
let source: string;
let storage: LocalDiskStorage;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lp-media-library-'));
  source = join(dir, 'source.mp4');
  writeFileSync(source, 'video bytes');
  storage = new LocalDiskStorage(join(dir, 'media'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const signer = new MediaUrlSigner({ media: { urlSecret: 's'.repeat(43) } } as AppConfig);
const service = (repo: Partial<MediaLibraryRepository>) =>
  new MediaLibraryService({} as EntityManager, repo as MediaLibraryRepository, signer, storage);
const file = { subjectId: 'vagus-nerve', kind: 'video' as const, fileName: 'upload/a1b2c3d4-x.mp4' };
const storedFiles = () =>
  existsSync(join(dir, 'media')) ? readdirSync(join(dir, 'media'), { recursive: true, withFileTypes: true }) : [];

describe('MediaLibraryService.add', () => {
  it('removes the bytes it stored when the row cannot be written (no orphan), and rethrows', async () => {
    const failure = new Error('value "2160000000" is out of range for type integer');
    const library = service({
      find: () => Promise.resolve(null),
      insert: () => Promise.reject(failure),
    });
    await expect(library.add(null, { ...file, sourcePath: source, durationMs: 2_160_000_000 })).rejects.toBe(failure);
    expect(await storage.exists('vagus-nerve/upload/a1b2c3d4-x.mp4')).toBe(false);
    expect(storedFiles().filter((d) => d.isFile())).toEqual([]);
  });

  it('keeps the bytes of a row written', async () => {
    const library = service({
      find: () => Promise.resolve(null),
      insert: (_em, values) => Promise.resolve({ ...values, id: 'f1', stale: false, createdAt: new Date() }),
    });
    await library.add(null, { ...file, sourcePath: source });
    expect(await storage.exists('vagus-nerve/upload/a1b2c3d4-x.mp4')).toBe(true);
  });

  it('a failed replace under the same key keeps the bytes the row names', async () => {
    await storage.put('vagus-nerve/upload/a1b2c3d4-x.mp4', source);
    writeFileSync(source, 'other bytes');
    const existing = {
      id: 'f1',
      storageKey: 'vagus-nerve/upload/a1b2c3d4-x.mp4',
      fileName: file.fileName,
      contentHash: 'old',
      stale: false,
    } as MediaFileRecord;
    const library = service({
      find: () => Promise.resolve(existing),
      replace: () => Promise.reject(new Error('lost the connection')),
    });
    await expect(library.add(null, { ...file, sourcePath: source })).rejects.toThrow('lost the connection');
    expect(await storage.exists(existing.storageKey)).toBe(true);
  });
});

describe('signed URL lifetime', () => {
  it('is the media length plus the grace, at most MAX_SIGNED_URL_SECONDS (a header may claim 500 hours)', () => {
    expect(MAX_SIGNED_URL_SECONDS).toBeLessThanOrEqual(6 * 3600);
    expect(defaultTtlSeconds(2_000)).toBe(2 + SIGNED_URL_GRACE_SECONDS);
    expect(defaultTtlSeconds(null)).toBe(SIGNED_URL_GRACE_SECONDS);
    expect(defaultTtlSeconds(500 * 3600 * 1000)).toBe(MAX_SIGNED_URL_SECONDS);
  });

  it.each([500 * 3600, Infinity, NaN])('the signer caps a lifetime of %s seconds', (ttl) => {
    const before = Math.floor(Date.now() / 1000);
    const url = new URL(signer.sign('vagus-nerve', 'upload/x.mp4', 'u1', ttl), 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    expect(exp).toBeGreaterThan(before);
    expect(exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + MAX_SIGNED_URL_SECONDS);
  });
});
