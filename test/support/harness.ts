import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { MikroORM } from '@mikro-orm/postgresql';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { AppModule } from '../../src/app.module';
import { configureApp, createAdapter } from '../../src/app.factory';
import { WorkerModule } from '../../workers/worker.module';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
  /** the Set-Cookie headers, raw */
  setCookies: string[];
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * The real application (AppModule, the same configureApp as main.ts) on real PostgreSQL
 * and Redis, plus the real worker so queued mails are really sent (to the mail folder).
 */
export class Harness {
  private constructor(
    readonly app: NestFastifyApplication,
    readonly worker: INestApplicationContext | null,
  ) {}

  static async boot(opts: { controllers?: Type[]; worker?: boolean } = {}): Promise<Harness> {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule], controllers: opts.controllers ?? [] }).compile();
    const app = moduleRef.createNestApplication<NestFastifyApplication>(createAdapter(), { logger: false, rawBody: true });
    await configureApp(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const worker = opts.worker === false ? null : await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    return new Harness(app, worker);
  }

  async close() {
    await this.worker?.close();
    await this.app.close();
  }

  /** Raw SQL against the app's database, for assertions on what is stored. */
  sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.app.get(MikroORM).em.getConnection().execute(query, params) as Promise<T[]>;
  }

  async request<T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? randomIp(), ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await this.app.inject({ method, url, headers, payload: opts.body as any });
    const raw = res.headers['set-cookie'];
    let body: any = res.body;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers as any, setCookies: raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)] };
  }

  post<T = any>(url: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', url, { ...opts, body });
  }

  get<T = any>(url: string, opts: RequestOptions = {}) {
    return this.request<T>('GET', url, opts);
  }

  /** A new learner through the real flow: register, follow the mailed link, sign in. */
  async newUser(tag = 'user', password = 'a-long-enough-secret'): Promise<{ id: string; email: string; token: string; cookie: string }> {
    const email = uniqueEmail(tag);
    const reg = await this.post('/api/auth/register', { email, password });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    const mail = await waitForMail(email, 'verify-email');
    await this.post('/api/auth/verify', { token: tokenFrom(mail.link) });
    const login = await this.post('/api/auth/login', { email, password });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
    return { id: login.body.user.id, email, token: login.body.accessToken, cookie: refreshCookie(login) };
  }

  /** Signs in a seeded demo account. */
  async demoToken(who: 'learner' | 'studio' | 'admin' | 'clinician'): Promise<string> {
    const res = await this.post('/api/auth/login', { email: `${who}@example.com`, password: 'demo-password' });
    if (res.status !== 200) throw new Error(`demo login ${who}: ${res.status}`);
    return res.body.accessToken;
  }
}

/**
 * A distinct client address per call (TRUST_PROXY trusts one hop in tests), so per-IP limits
 * of one test never leak into another: random, because every test file starts afresh while the
 * counters in Redis live for the whole run.
 */
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
    if (Date.now() - started > timeoutMs) throw new Error(`no ${template} mail #${count} to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function tokenFrom(link: string): string {
  return new URL(link).searchParams.get('token')!;
}
