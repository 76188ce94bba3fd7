import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { AppModule } from '../../src/app.module';
import { AccessView } from '../../src/common/guards/access-view';
import { GraphCache } from '../../src/modules/graph/graph-cache.service';
import { configureApp, createAdapter } from '../../src/app.factory';
import { QUEUES, type QueueName } from '../../src/queues/queues';
import { WorkerModule } from '../../workers/worker.module';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
  /** the Set-Cookie headers, raw */
  setCookies: string[];
  /** the body's bytes as sent (for binary answers such as a PDF) */
  rawBody: Buffer;
}

/** The body of an error answer: {statusCode, error, message}. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
}

/** A row of h.sql(): column values as the pg driver returns them; give a type where fields are used. */
export type Row = Record<string, unknown>;

export interface RequestOptions {
  body?: unknown;
  token?: string;
  cookie?: string;
  /**
   * The client's address. Conveyed as the deployment would see it: with TRUST_PROXY set, in the
   * X-Forwarded-For header of a request from the proxy at 127.0.0.1; otherwise as the connection's
   * own address (X-Forwarded-For is then just a header anyone can send: see `headers`).
   * Default: a new random address per request, so per-IP limits of one test never leak into another.
   */
  ip?: string;
  headers?: Record<string, string>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  cookie: string;
}

export interface LoginBody {
  accessToken: string;
  expiresAt: number;
  user: { id: string; email: string; roles: string[]; emailVerified: boolean; name?: string | null };
}

interface Price {
  subjectId: string;
  priceId: string;
  amount: number;
  currency: string;
}

/** Whether the booted app trusts X-Forwarded-For (the same reading as src/config/config.ts). */
function trustsProxy(): boolean {
  const v = process.env.TRUST_PROXY;
  return v !== undefined && v !== '' && v !== 'false' && v !== '0';
}

/**
 * The real application (AppModule, the same configureApp as main.ts) on real PostgreSQL
 * and Redis, plus the real worker so queued mails are really sent (to the mail folder).
 * Each test file has its own database and Redis prefix (test/support/env.ts).
 */
export class Harness {
  private constructor(
    readonly app: NestFastifyApplication,
    readonly worker: INestApplicationContext | null,
    /** TRUST_PROXY as the app was booted with: how a request's client address is conveyed. */
    readonly behindProxy: boolean,
  ) {}

  static async boot(opts: { controllers?: Type[]; worker?: boolean } = {}): Promise<Harness> {
    const moduleRef = await Test.createTestingModule({
      imports: [AppModule],
      controllers: opts.controllers ?? [],
    }).compile();
    const app = moduleRef.createNestApplication<NestFastifyApplication>(createAdapter(), {
      logger: false,
      rawBody: true,
    });
    await configureApp(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const worker =
      opts.worker === false ? null : await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    return new Harness(app, worker, trustsProxy());
  }

  async close() {
    await this.worker?.close();
    await this.app.close();
  }

  /**
   * Raw SQL against the app's database, for assertions on what is stored. A statement that writes
   * changes the database behind the services' back, so it also drops what the app caches in Redis
   * about it (the access view of sessions, roles and entitlements; published graphs), as an
   * operator editing by hand must (AccessView.invalidateAll, GraphCache.invalidateAll).
   */
  async sql<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
    const rows = (await this.app.get(MikroORM).em.getConnection().execute(query, params)) as T[];
    if (!/^\s*select\b/i.test(query)) {
      await this.app.get(AccessView).invalidateAll();
      await this.app.get(GraphCache).invalidateAll();
    }
    return rows;
  }

  async request<T = unknown>(method: Method, url: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const ip = opts.ip ?? randomIp();
    const proxied = this.behindProxy;
    const headers: Record<string, string> = { ...(proxied ? { 'x-forwarded-for': ip } : {}), ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: proxied ? '127.0.0.1' : ip,
      payload: opts.body as string | object | undefined,
    });
    const raw = res.headers['set-cookie'];
    let body: unknown = res.body;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      /* not JSON */
    }
    return {
      status: res.statusCode,
      body: body as T,
      headers: res.headers as ApiResponse['headers'],
      setCookies: raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)],
      rawBody: res.rawPayload,
    };
  }

  post<T = unknown>(url: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', url, { ...opts, body });
  }

  get<T = unknown>(url: string, opts: RequestOptions = {}) {
    return this.request<T>('GET', url, opts);
  }

  put<T = unknown>(url: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('PUT', url, { ...opts, body });
  }

  delete<T = unknown>(url: string, opts: RequestOptions = {}) {
    return this.request<T>('DELETE', url, opts);
  }

  /** A new learner through the real flow: register, follow the mailed link, sign in. */
  async newUser(tag = 'user', password = 'a-long-enough-secret'): Promise<TestUser> {
    const email = uniqueEmail(tag);
    const reg = await this.post('/api/auth/register', { email, password });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    const mail = await waitForMail(email, 'verify-email');
    const verified = await this.post('/api/auth/verify', { token: tokenFrom(mail.link) });
    if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
    const login = await this.post<LoginBody>('/api/auth/login', { email, password });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
    return { id: login.body.user.id, email, token: login.body.accessToken, cookie: refreshCookie(login) };
  }

  /** Signs in a seeded demo account. */
  async demoToken(who: 'learner' | 'studio' | 'admin' | 'clinician'): Promise<string> {
    const res = await this.post<LoginBody>('/api/auth/login', {
      email: `${who}@example.com`,
      password: 'demo-password',
    });
    if (res.status !== 200) throw new Error(`demo login ${who}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.accessToken;
  }

  /**
   * Gives the signed-in user an active entitlement to a subject through the real dev checkout
   * flow (the server's price, a checkout session, the dev payment page's "pay"); returns the session id.
   */
  async buy(token: string, subjectId: string): Promise<string> {
    const prices = await this.get<{ prices: Price[] }>('/api/marketplace/prices');
    const price = prices.body.prices.find((p) => p.subjectId === subjectId);
    if (!price) throw new Error(`buy: no price for ${subjectId} in ${JSON.stringify(prices.body)}`);
    const created = await this.post<{ sessionId: string; url: string }>(
      '/api/checkout/create',
      { subjectId, priceId: price.priceId },
      { token },
    );
    if (created.status !== 201)
      throw new Error(`buy ${subjectId}: checkout ${created.status} ${JSON.stringify(created.body)}`);
    const done = await this.post(`/api/checkout/dev/${created.body.sessionId}/complete`, undefined, { token });
    if (done.status !== 200) throw new Error(`buy ${subjectId}: payment ${done.status} ${JSON.stringify(done.body)}`);
    const owned = await this.get<{ subjectId: string; status: string }[]>('/api/entitlements', { token });
    if (!owned.body.some((e) => e.subjectId === subjectId && e.status === 'active')) {
      throw new Error(`buy ${subjectId}: no active entitlement afterwards: ${JSON.stringify(owned.body)}`);
    }
    return created.body.sessionId;
  }

  /** A new learner (the real sign-up flow) who bought these subjects. */
  async learnerWith(subjects: string | string[], tag = 'learner'): Promise<TestUser> {
    const u = await this.newUser(tag);
    for (const s of Array.isArray(subjects) ? subjects : [subjects]) await this.buy(u.token, s);
    return u;
  }

  /**
   * Waits until the worker has nothing left to do in these queues (no waiting, active, delayed or
   * prioritized job), so "no mail was sent" is a fact about the finished work, not about timing.
   * A failed mail job fails the wait: a mail that errored out would make "not sent" prove nothing.
   */
  async queuesDrained(names: QueueName[] = [QUEUES.email], timeoutMs = 15000): Promise<void> {
    if (!this.worker)
      throw new Error('queuesDrained: this harness was booted without the worker, so nothing would ever drain');
    const started = Date.now();
    for (const name of names) {
      const queue = this.app.get<Queue>(getQueueToken(name), { strict: false });
      for (;;) {
        const c = await queue.getJobCounts(
          'waiting',
          'active',
          'delayed',
          'prioritized',
          'waiting-children',
          'paused',
          'failed',
        );
        if (c.failed > 0) {
          const [job] = await queue.getFailed(0, 0);
          throw new Error(`a ${name} job failed: ${job?.name} ${JSON.stringify(job?.data)}: ${job?.failedReason}`);
        }
        if (c.waiting + c.active + c.delayed + c.prioritized + c['waiting-children'] + c.paused === 0) break;
        if (Date.now() - started > timeoutMs)
          throw new Error(`the ${name} queue did not drain within ${timeoutMs} ms: ${JSON.stringify(c)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    }
  }
}

/** A random client address (TEST-NET and private ranges never collide with 127.0.0.1). */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.test`;
}

/** The refresh cookie's value from a response, as "lp_refresh=<value>" ready to send back. */
export function refreshCookie(res: ApiResponse): string {
  const c = res.setCookies.find((s) => s.startsWith('lp_refresh='));
  if (!c) throw new Error(`no lp_refresh cookie in ${JSON.stringify(res.setCookies)}`);
  return c.split(';')[0];
}

export interface MailRecord {
  to: string;
  template: string;
  subject: string;
  link: string;
  text: string;
  html: string;
}

export function mailsTo(email: string): MailRecord[] {
  const dir = process.env.MAIL_DIR!;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as MailRecord & { date: string })
    .filter((m) => m.to === email.toLowerCase())
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** Waits for the worker to deliver a mail of this template to this address. */
export async function waitForMail(email: string, template: string, count = 1, timeoutMs = 10000): Promise<MailRecord> {
  const started = Date.now();
  for (;;) {
    const found = mailsTo(email).filter((m) => m.template === template);
    if (found.length >= count) return found[count - 1];
    if (Date.now() - started > timeoutMs)
      throw new Error(`no ${template} mail #${count} to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function tokenFrom(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

/** Polls `fn` every 50 ms until it gives a truthy value (returned), or fails after `timeoutMs`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 30000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
