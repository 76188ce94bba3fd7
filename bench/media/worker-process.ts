/**
 * The real queue worker (WorkerModule, as workers/main.ts boots it, with the media benchmark's logger)
 * in a child process of its own, so the media benchmark can read the worker's own RSS: not the API's,
 * not the benchmark's, and not that of the engines (flite, ffmpeg) the worker starts, which are
 * processes of their own.
 *
 * Parent: `const worker = await startWorkerProcess({ DATABASE_URL, ... })`, then `worker.ttsConcurrency`,
 * `await worker.memory()`, `worker.cpuSeconds()`, `await worker.close()` (also when the boot failed: the
 * child is killed on every path). The child is this file run with BENCH_WORKER_CHILD=1; it applies
 * BENCH_WORKER_CONCURRENCY (from its environment) to the tts processor, as the benchmark did in-process,
 * and exits when its parent goes away.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

interface ChildReady {
  type: 'ready';
  /** the tts processor's jobs at once, after any BENCH_WORKER_CONCURRENCY */
  ttsConcurrency: number;
}
interface ChildRss {
  type: 'rss';
  rss: number;
  heapUsed: number;
}
type ChildMessage = ChildReady | ChildRss | { type: 'error'; message: string };

export interface WorkerProcess {
  pid: number;
  ttsConcurrency: number;
  /** the worker process's own resident set size and heap, in bytes (its child processes excluded) */
  memory(): Promise<{ rss: number; heapUsed: number }>;
  /** CPU seconds of the worker process and its reaped children (flite, ffmpeg) so far; NaN off Linux */
  cpuSeconds(): number;
  /** asks the worker to close, kills it after 10 s; resolves once it has exited */
  close(): Promise<void>;
}

/** CPU seconds of a process and its reaped children: /proc/<pid>/stat utime, stime, cutime, cstime (ticks). */
export function procCpuSeconds(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields after the name start at 3 (state): utime is field 14, so index 11 here
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Forks the worker. `onChild` gets the handle at once, before the boot is over, so the caller can
 * register its cleanup (`kill`) even if the boot fails or hangs.
 */
export function startWorkerProcess(
  env: Record<string, string>,
  onChild?: (kill: () => Promise<void>) => void,
): Promise<WorkerProcess> {
  const child: ChildProcess = fork(__filename, [], {
    env: { ...process.env, ...env, BENCH_WORKER_CHILD: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exited = child.exitCode !== null || child.signalCode !== null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // a last resort: never leave the worker behind, whatever way this process ends
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      if (!exited) {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        if (child.connected) child.send({ type: 'close' }, (err) => err && child.kill('SIGKILL'));
        else child.kill('SIGKILL');
        await exit;
        clearTimeout(timer);
      }
      process.removeListener('exit', killOnExit);
    })());
  onChild?.(close);

  const waiting: { resolve: (m: ChildRss) => void; reject: (e: Error) => void }[] = [];
  void exit.then(() => {
    for (const w of waiting.splice(0)) w.reject(new Error(`worker process exited (${child.exitCode})`));
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'ready')
        resolve({
          pid: child.pid!,
          ttsConcurrency: m.ttsConcurrency,
          memory: () =>
            new Promise((res, rej) => {
              if (exited || !child.connected) return rej(new Error('worker process is gone'));
              waiting.push({ resolve: (r) => res({ rss: r.rss, heapUsed: r.heapUsed }), reject: rej });
              child.send({ type: 'rss' });
            }),
          cpuSeconds: () => procCpuSeconds(child.pid!),
          close,
        });
      else if (m.type === 'rss') waiting.shift()?.resolve(m);
      else reject(new Error(`worker process: ${m.message}`));
    });
    void exit.then(() =>
      reject(new Error(`worker process exited with ${child.exitCode ?? child.signalCode} before it was ready`)),
    );
    child.once('error', reject);
  });
}

async function child() {
  // the parent gone (ended or killed), the worker goes too
  process.on('disconnect', () => process.exit(1));
  // as media.bench.ts booted the worker in its own process before: WorkerModule, errors logged only
  const { NestFactory } = require('@nestjs/core') as typeof import('@nestjs/core');
  const { WorkerModule } = require('../../workers/worker.module') as typeof import('../../workers/worker.module');
  const { TtsProcessor } =
    require('../../workers/tts/tts.processor') as typeof import('../../workers/tts/tts.processor');
  const worker = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error'] });
  const ttsWorker = worker.get(TtsProcessor, { strict: false }).worker;
  // an experiment without touching the product: the tts processor's jobs at once (BullMQ's setter)
  if (process.env.BENCH_WORKER_CONCURRENCY) ttsWorker.concurrency = Number(process.env.BENCH_WORKER_CONCURRENCY);
  process.on('message', (m: { type: string }) => {
    if (m.type === 'rss') {
      const { rss, heapUsed } = process.memoryUsage();
      process.send!({ type: 'rss', rss, heapUsed });
    } else if (m.type === 'close') {
      void worker.close().finally(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', ttsConcurrency: ttsWorker.concurrency });
}

if (process.env.BENCH_WORKER_CHILD === '1' && require.main === module) {
  child().catch((err: Error) => {
    process.send?.({ type: 'error', message: err.stack ?? err.message });
    process.exit(1);
  });
}
