import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';

/**
 * What the fault drills share: the API and worker processes (from dist/, as a deployment runs them), bounded waits,
 * HTTP calls with a hang bound, and the control server of scripts/faults.mjs that restarts PostgreSQL and Redis.
 */

export const ROOT = join(__dirname, '..', '..');

/** No request may take longer than this, outage or not: past it the call counts as a hang. */
export const REQUEST_BOUND_MS = 20_000;

export interface Proc {
  name: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

export const procs: Proc[] = [];

export function start(name: string, script: string, env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, [script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    if (output.length > 300) output.splice(0, output.length - 300);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const proc = { name, child, output, exited };
  procs.push(proc);
  return proc;
}

export async function stop(p: Proc): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  await p.exited;
  clearTimeout(timer);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until the probe gives a truthy value; a bounded wait, not a timed assertion. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Asks scripts/faults.mjs to stop or start PostgreSQL or Redis; resolves once it is done. */
export async function control(what: 'postgres' | 'redis', action: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`${process.env.FAULTS_CONTROL_URL}/${what}/${action}`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`${what} ${action}: ${res.status} ${await res.text()}`);
}

export interface Answer<T = any> {
  status: number;
  body: T;
  retryAfter: string | null;
  ms: number;
}

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** One HTTP call; a call that takes longer than REQUEST_BOUND_MS rejects (a hang). */
export async function call<T = any>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; token?: string; ip?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? randomIp() };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const started = Date.now();
  const res = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(REQUEST_BOUND_MS) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return {
    status: res.status,
    body: parsed as T,
    retryAfter: res.headers.get('retry-after'),
    ms: Date.now() - started,
  };
}

/** A test body that, when it fails, also shows what the processes said last. */
export function logged(body: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await body();
    } catch (err) {
      for (const p of procs)
        if (p.output.length)
          console.log(
            `--- ${p.name} (last lines) ---\n${p.output
              // the drills' own 503s are expected: what else was said is what helps
              .filter((l) => !l.includes('LegacyRouteConverter') && !l.includes('Answered 503'))
              .slice(-40)
              .join('\n')}`,
          );
      throw err;
    }
  };
}
