import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLyingMp4 } from '../../../../test/support/lying-mp4';
import { Ffmpeg } from './ffmpeg';

let dir: string;
let ffmpeg: Ffmpeg;
beforeAll(() => (ffmpeg = Ffmpeg.locate()));
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lp-ffmpeg-duration-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Ffmpeg.measureDurationMs', () => {
  it.each([500, 600])(
    'measures 2 s of streams in an mp4 whose header claims %i hours (probe believes the claim)',
    async (hours) => {
      const mp4 = join(dir, 'lying.mp4');
      writeLyingMp4(ffmpeg.binary, mp4, hours);
      // the container's claim, as `ffmpeg -i` reports it
      expect((await ffmpeg.probe(mp4)).durationMs).toBe(hours * 3600 * 1000);
      const measured = await ffmpeg.measureDurationMs(mp4);
      expect(measured).toBeGreaterThan(1800);
      expect(measured).toBeLessThan(2300);
    },
    30_000,
  );

  it('throws for a file ffmpeg cannot read', async () => {
    await expect(ffmpeg.measureDurationMs(join(dir, 'missing.mp4'))).rejects.toThrow(/ffmpeg failed/);
  }, 30_000);
});
