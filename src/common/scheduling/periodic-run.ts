/**
 * The life of a periodic sweep in one process: every `seconds` (0 or less: never) while the app runs, one run at
 * a time (a call while one runs gets that run's promise), and on shutdown the timer stops and the run in
 * progress is awaited. The timer is unref'd: it never keeps a process alive on its own.
 */
export class PeriodicRun<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;

  /** Starts the timer, which calls `tick` (itself usually a `run`). */
  start(seconds: number, tick: () => unknown): void {
    if (seconds <= 0 || this.timer) return;
    this.timer = setInterval(() => void tick(), seconds * 1000);
    this.timer.unref();
  }

  /** `work`, unless a run is in progress: then that run. */
  run(work: () => Promise<T>): Promise<T> {
    this.running ??= work().finally(() => (this.running = null));
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
