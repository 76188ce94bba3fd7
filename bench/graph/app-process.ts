/**
 * The real API (AppModule + configureApp, as main.ts boots it) in a child process of its own, so
 * a benchmark can read the API's own RSS (not the load generator's or the baseline's) and the API
 * does not share an event loop or a heap with anything else.
 *
 * Parent: `const api = await startAppProcess({ DATABASE_URL, ... })`, then `api.port`,
 * `await api.rss()`, `await api.close()`. The child is this file run with BENCH_APP_CHILD=1.
 */
import { fork, type ChildProcess } from 'node:child_process';

interface ChildReady {
  type: 'ready';
  port: number;
}
interface ChildRss {
  type: 'rss';
  rss: number;
  heapUsed: number;
  /** CPU time the process has used so far (user + system), in microseconds */
  cpu: number;
}
type ChildMessage = ChildReady | ChildRss | { type: 'error'; message: string };

export interface AppProcess {
  port: number;
  /** the API process's resident set size and heap, in bytes, and the CPU time it has used (µs) */
  memory(): Promise<{ rss: number; heapUsed: number; cpu: number }>;
  close(): Promise<void>;
}

export function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = fork(__filename, [], {
      env: { ...process.env, ...env, BENCH_APP_CHILD: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // BENCH_APP_PROFILE=<dir>: a V8 CPU profile of the API process, written when it exits
      execArgv: process.env.BENCH_APP_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_APP_PROFILE}`] : [],
    });
    const waiting: ((m: ChildRss) => void)[] = [];
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'ready')
        resolve({
          port: m.port,
          memory: () =>
            new Promise((res) => {
              waiting.push((r) => res({ rss: r.rss, heapUsed: r.heapUsed, cpu: r.cpu }));
              child.send({ type: 'rss' });
            }),
          close: () =>
            new Promise((res) => {
              const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
              child.once('exit', () => {
                clearTimeout(timer);
                res();
              });
              child.send({ type: 'close' });
            }),
        });
      else if (m.type === 'rss') waiting.shift()?.(m);
      else reject(new Error(`API process: ${m.message}`));
    });
    child.once('exit', (code) => reject(new Error(`API process exited with ${code} before it was ready`)));
  });
}

async function child() {
  // as main.ts boots the API
  (require('../../src/common/runtime/heap') as typeof import('../../src/common/runtime/heap')).limitHeapGrowth();
  const { NestFactory } = require('@nestjs/core') as typeof import('@nestjs/core');
  const { AppModule } = require('../../src/app.module') as typeof import('../../src/app.module');
  const { configureApp, createAdapter } = require('../../src/app.factory') as typeof import('../../src/app.factory');
  const app = await NestFactory.create<import('@nestjs/platform-fastify').NestFastifyApplication>(
    AppModule,
    createAdapter(),
    { logger: false, rawBody: true },
  );
  await configureApp(app);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as { port: number }).port;
  process.on('message', (m: { type: string }) => {
    if (m.type === 'rss') {
      const { rss, heapUsed } = process.memoryUsage();
      const { user, system } = process.cpuUsage();
      process.send!({ type: 'rss', rss, heapUsed, cpu: user + system });
    } else if (m.type === 'close') {
      void app.close().finally(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', port });
}

if (process.env.BENCH_APP_CHILD === '1' && require.main === module) {
  child().catch((err: Error) => {
    process.send?.({ type: 'error', message: err.stack ?? err.message });
    process.exit(1);
  });
}
