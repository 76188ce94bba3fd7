import { PeriodicRun } from './periodic-run';

describe('PeriodicRun', () => {
  it('runs one at a time: a call during a run gets that run', async () => {
    const p = new PeriodicRun<number>();
    let calls = 0;
    let finish!: (n: number) => void;
    const work = () => {
      calls += 1;
      return new Promise<number>((r) => (finish = r));
    };
    const a = p.run(work);
    const b = p.run(work);
    expect(b).toBe(a);
    finish(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(calls).toBe(1);
    // the run over, the next call runs again
    const c = p.run(() => Promise.resolve(8));
    expect(await c).toBe(8);
  });

  it('ticks every period once started, never at 0, and stop waits for the run in progress', async () => {
    jest.useFakeTimers();
    try {
      const off = new PeriodicRun<void>();
      const never = jest.fn();
      off.start(0, never);
      jest.advanceTimersByTime(60_000);
      expect(never).not.toHaveBeenCalled();

      const p = new PeriodicRun<void>();
      const tick = jest.fn();
      p.start(10, tick);
      jest.advanceTimersByTime(25_000);
      expect(tick).toHaveBeenCalledTimes(2);
      let done = false;
      let finish!: () => void;
      void p.run(() => new Promise<void>((r) => (finish = r)).then(() => void (done = true)));
      const stopped = p.stop();
      jest.advanceTimersByTime(60_000);
      expect(tick).toHaveBeenCalledTimes(2);
      finish();
      await stopped;
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
