import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AllExceptionsFilter } from '../../../common/filters/all-exceptions.filter';
import { LocalDiskStorage, type MediaStorage } from './media-storage';
import {
  EnospcFaultStorage,
  FullStoreReporting,
  MEDIA_STORE_FULL_MESSAGE,
  MediaStoreFullException,
  withStoreErrors,
} from './store-full';

describe('a full media store', () => {
  let dir: string;
  let source: string;
  let faultFile: string;
  let store: MediaStorage;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lp-store-full-'));
    source = join(dir, 'source.mp3');
    writeFileSync(source, Buffer.alloc(4096, 7));
    faultFile = join(dir, 'full');
    store = withStoreErrors(new LocalDiskStorage(join(dir, 'media')), faultFile);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('while full, a put fails with the clear 507 and nothing is stored under the key', async () => {
    writeFileSync(faultFile, '');
    const err = await store.put('metabolic/tts/a.mp3', source).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MediaStoreFullException);
    expect((err as Error).message).toBe(MEDIA_STORE_FULL_MESSAGE);
    expect((err as Error & { cause?: { code?: string } }).cause?.code).toBe('ENOSPC');
    expect(AllExceptionsFilter.toBody(err).body).toEqual({
      statusCode: 507,
      error: 'Insufficient Storage',
      message: MEDIA_STORE_FULL_MESSAGE,
    });
    expect(await store.exists('metabolic/tts/a.mp3')).toBe(false);
    expect(await store.stat('metabolic/tts/a.mp3')).toBeNull();
  });

  it('once space is back, the same put succeeds', async () => {
    writeFileSync(faultFile, '');
    await expect(store.put('metabolic/tts/a.mp3', source)).rejects.toBeInstanceOf(MediaStoreFullException);
    rmSync(faultFile);
    await expect(store.put('metabolic/tts/a.mp3', source)).resolves.toMatchObject({ size: 4096 });
    expect(readdirSync(join(dir, 'media', 'metabolic', 'tts'))).toEqual(['a.mp3']);
  });

  it('a real ENOSPC or EDQUOT from any store reads the same; other errors pass as they are', async () => {
    const failing = (code: string): MediaStorage =>
      ({ put: () => Promise.reject(Object.assign(new Error(code), { code })) }) as unknown as MediaStorage;
    await expect(new FullStoreReporting(failing('ENOSPC')).put('k', source)).rejects.toBeInstanceOf(
      MediaStoreFullException,
    );
    await expect(new FullStoreReporting(failing('EDQUOT')).put('k', source)).rejects.toBeInstanceOf(
      MediaStoreFullException,
    );
    await expect(new FullStoreReporting(failing('EACCES')).put('k', source)).rejects.toMatchObject({ code: 'EACCES' });
  });

  it('keeps the local path (streaming hands it to sendfile) only when the inner store has one', () => {
    const local = new LocalDiskStorage(join(dir, 'media'));
    expect(withStoreErrors(local).localPath?.('a/b.mp3')).toBe(local.localPath('a/b.mp3'));
    const remote = { put: jest.fn() } as unknown as MediaStorage;
    expect(new EnospcFaultStorage(remote, faultFile).localPath).toBeUndefined();
    expect(withStoreErrors(remote).localPath).toBeUndefined();
  });
});
