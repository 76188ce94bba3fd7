import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type ExtractedPage, UnreadablePage } from './text-extract';
import type { ExtractReply } from './text-extract.worker';

/** A page that takes longer than this to read is given up on: its thread is terminated. */
export const EXTRACT_TIME_LIMIT_MS = 10_000;
/** Heap of the reading thread; a page that needs more is unreadable rather than a threat to the process. */
const THREAD_HEAP_MB = 256;
/** A new thread that has not loaded its code by then is given up on (a thread's start-up is not a page's reading time). */
const THREAD_START_LIMIT_MS = 30_000;

interface Job {
  id: number;
  html: string;
  resolve: (page: ExtractedPage) => void;
  reject: (err: Error) => void;
}

/**
 * Reads pages (extractReadableText) in one reusable worker thread, one page at a time, so that a
 * crafted page costs the crawl seconds but never blocks the worker process's event loop (mail,
 * BullMQ lock renewals). A page that takes longer than the time limit, or that exhausts the
 * thread's heap, is rejected with UnreadablePage and the thread is replaced.
 */
export class ExtractPool {
  private worker: Worker | null = null;
  /** whether `worker` has loaded its code (its first message) */
  private ready = false;
  private readonly queue: Job[] = [];
  private current: { job: Job; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;

  constructor(private readonly timeLimitMs = EXTRACT_TIME_LIMIT_MS) {}

  extract(html: string): Promise<ExtractedPage> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, html, resolve, reject });
      this.pump();
    });
  }

  /** Terminates the thread; pages still waiting are rejected. */
  async close(): Promise<void> {
    const pending = [...(this.current ? [this.current.job] : []), ...this.queue.splice(0)];
    this.finishCurrent();
    for (const job of pending) job.reject(new Error('the page reader was closed'));
    await this.discardWorker();
  }

  private pump() {
    if (this.current || !this.queue.length) return;
    const job = this.queue.shift()!;
    const worker = (this.worker ??= this.spawn());
    this.current = { job, timer: this.ready ? this.readingClock(job) : this.startClock(job) };
    worker.postMessage({ id: job.id, html: job.html });
  }

  /** The page's time limit: past it the page is unreadable and the thread is replaced. */
  private readingClock(job: Job): NodeJS.Timeout {
    return setTimeout(() => {
      this.fail(job, new UnreadablePage(`reading it took longer than ${this.timeLimitMs / 1000} s`));
      void this.discardWorker();
    }, this.timeLimitMs);
  }

  /** A fresh thread's start-up, which a loaded machine can make slow, does not count against the page. */
  private startClock(job: Job): NodeJS.Timeout {
    return setTimeout(() => {
      this.fail(job, new UnreadablePage(`the reader did not start within ${THREAD_START_LIMIT_MS / 1000} s`));
      void this.discardWorker();
    }, THREAD_START_LIMIT_MS);
  }

  private spawn(): Worker {
    const worker = startExtractThread();
    this.ready = false;
    worker.on('message', (reply: ExtractReply) => {
      if ('ready' in reply) {
        if (this.worker !== worker) return;
        this.ready = true;
        if (this.current) {
          clearTimeout(this.current.timer);
          this.current.timer = this.readingClock(this.current.job);
        }
        return;
      }
      const job = this.current?.job;
      if (!job || job.id !== reply.id) return;
      this.finishCurrent();
      if ('page' in reply) job.resolve(reply.page);
      else job.reject(reply.unreadable !== undefined ? new UnreadablePage(reply.unreadable) : new Error(reply.error));
      this.pump();
    });
    const died = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.ready = false;
      const job = this.current?.job;
      if (job) this.fail(job, new UnreadablePage(`the reader failed (${err.message})`));
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`exit code ${code}`)));
    // An idle thread does not keep the process alive; a running page does, through its timer.
    // (After the listeners: adding a 'message' listener refs the thread again.)
    worker.unref();
    return worker;
  }

  private fail(job: Job, err: Error) {
    if (this.current?.job !== job) return;
    this.finishCurrent();
    job.reject(err);
    this.pump();
  }

  private finishCurrent() {
    if (this.current) clearTimeout(this.current.timer);
    this.current = null;
  }

  private async discardWorker() {
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    await worker?.terminate();
  }
}

/**
 * Built code (dist) runs text-extract.worker.js. From the TypeScript sources (jest, which does not
 * transform inside worker threads) the thread compiles the .ts files itself with @swc/core, a dev
 * dependency that is only needed there.
 */
function startExtractThread(): Worker {
  const opts = { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } };
  const built = join(__dirname, 'text-extract.worker.js');
  if (existsSync(built)) return new Worker(built, opts);
  const bootstrap = `
    const { readFileSync } = require('node:fs');
    const { transformSync } = require(${JSON.stringify(require.resolve('@swc/core'))});
    require.extensions['.ts'] = (module, filename) => {
      const { code } = transformSync(readFileSync(filename, 'utf8'), {
        filename, swcrc: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' },
      });
      module._compile(code, filename);
    };
    require(${JSON.stringify(join(__dirname, 'text-extract.worker.ts'))});`;
  return new Worker(bootstrap, { ...opts, eval: true });
}

const shared = new ExtractPool();

/** extractReadableText in the shared reading thread, with its time limit. */
export function extractReadableTextOffThread(html: string): Promise<ExtractedPage> {
  return shared.extract(html);
}
