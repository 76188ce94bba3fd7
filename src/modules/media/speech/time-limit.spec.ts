import { abortError } from './speech-provider';
import { estimatedSpeechMs, MediaTimeLimits, mediaTimeLimits, TimeLimitError, timeLimitSignal } from './time-limit';

describe('MediaTimeLimits', () => {
  it('derives each limit from the audio length, scales it by the factor and caps renders at RENDER_MAX_SECONDS', () => {
    const limits = new MediaTimeLimits();
    expect(estimatedSpeechMs('x'.repeat(150))).toBe(10_000);
    expect(limits.speech('x'.repeat(150))).toBe(25_000);
    expect(limits.encode(60_000)).toBe(45_000);
    expect(limits.titleCard()).toBe(30_000);
    expect(limits.render(120_000)).toBe(150_000);
    // a long lecture is capped
    expect(limits.render(3_600_000)).toBe(600_000);
    const slow = mediaTimeLimits({ factor: 3, renderMaxSeconds: 900 });
    expect(slow.speech('x'.repeat(150))).toBe(75_000);
    expect(slow.render(120_000)).toBe(450_000);
    expect(slow.render(3_600_000)).toBe(900_000);
    expect(new MediaTimeLimits(1, 10_000).titleCard()).toBe(10_000);
    // never zero, however small the factor
    expect(new MediaTimeLimits(1e-9).encode(0)).toBe(1);
    expect(() => new MediaTimeLimits(0)).toThrow(/factor/);
  });
});

describe('timeLimitSignal', () => {
  it('fires with a TimeLimitError naming the run once its time has passed', async () => {
    const clock = timeLimitSignal(5, 'flite');
    await new Promise((r) => clock.signal.addEventListener('abort', r, { once: true }));
    expect(clock.signal.reason).toBeInstanceOf(TimeLimitError);
    expect(abortError(clock.signal)).toBe(clock.signal.reason);
    expect((clock.signal.reason as Error).message).toBe('flite ran longer than its time limit of 5 ms and was stopped');
    expect((clock.signal.reason as Error).name).toBe('TimeLimitError');
    expect(new TimeLimitError('ffmpeg (video render)', 600_000).message).toBe(
      'ffmpeg (video render) ran longer than its time limit of 600 s and was stopped',
    );
    expect(new TimeLimitError('flite', 2500).message).toBe(
      'flite ran longer than its time limit of 2.5 s and was stopped',
    );
  });

  it("passes the caller's abort on as an AbortError, and a paused or cleared clock does not fire", async () => {
    const outer = new AbortController();
    const clock = timeLimitSignal(60_000, 'ffmpeg', outer.signal);
    outer.abort();
    expect(clock.signal.aborted).toBe(true);
    expect(abortError(clock.signal).name).toBe('AbortError');

    const paused = timeLimitSignal(5, 'ffmpeg');
    paused.pause();
    const cleared = timeLimitSignal(5, 'ffmpeg');
    cleared.clear();
    const resumed = timeLimitSignal(5, 'ffmpeg');
    resumed.pause();
    resumed.resume(10);
    await new Promise((r) => resumed.signal.addEventListener('abort', r, { once: true }));
    expect((resumed.signal.reason as TimeLimitError).limitMs).toBe(10);
    expect(paused.signal.aborted).toBe(false);
    expect(cleared.signal.aborted).toBe(false);
  });
});
