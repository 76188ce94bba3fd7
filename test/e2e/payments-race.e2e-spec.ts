import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Client } from 'pg';
import Stripe from 'stripe';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiResponse, Harness } from '../support/harness';

/**
 * A full refund delivered at the same moment as its payment's completion (the webhook, or the
 * return page's verify call) must never leave the learner with access, whichever transaction
 * commits first. Many sessions, each pair let go at the same instant (see inPairs).
 */

/** The two Stripe calls checkout makes (create and retrieve a Checkout Session), in memory. */
class FakeStripe {
  sessions = new Map<string, Record<string, unknown>>();
  server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const send = (status: number, obj: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}` });
        res.end(JSON.stringify(obj));
      };
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${randomUUID().replace(/-/g, '')}`;
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]') ?? 0),
          currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
          metadata: {
            userId: form.get('metadata[userId]'),
            subjectId: form.get('metadata[subjectId]'),
            priceId: form.get('metadata[priceId]'),
          },
        };
        this.sessions.set(id, session);
        return send(200, session);
      }
      const m = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && m && this.sessions.has(m[1])) return send(200, this.sessions.get(m[1]));
      send(404, { error: { type: 'invalid_request_error', message: `No such resource: ${req.url}` } });
    });
  });

  pay(id: string) {
    const s = this.sessions.get(id)!;
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${id.slice(8)}` });
    return s;
  }
}

const WEBHOOK_SECRET = 'whsec_test_race_secret';
const signer = new Stripe('sk_test_signing_only');
const fake = new FakeStripe();
const SESSIONS = 20;
let h: Harness;
let gate: Client;
const savedEnv = { ...process.env };

function event(type: string, object: Record<string, unknown>): string {
  const id = `evt_${randomUUID().replace(/-/g, '')}`;
  const created = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2024-06-20',
    created,
    livemode: false,
    data: { object },
  });
}

function deliver(payload: string) {
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return h.request('POST', '/api/webhooks/stripe', {
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

function fullRefund(paid: Record<string, unknown>): string {
  const charge = { id: `ch_${randomUUID().slice(0, 8)}`, object: 'charge', payment_intent: paid.payment_intent };
  return event('charge.refunded', { ...charge, amount: 2900, refunded: true, amount_refunded: 2900 });
}

/** N learners with a paid (in Stripe) but not yet fulfilled session each. */
async function paidSessions(tag: string, subjectId: string, priceId: string) {
  const out: { userId: string; token: string; sessionId: string; paid: Record<string, unknown> }[] = [];
  const users = await Promise.all(Array.from({ length: SESSIONS }, (_, i) => h.newUser(`${tag}${i}`)));
  for (const u of users) {
    const res = await h.post<{ sessionId: string }>('/api/checkout/create', { subjectId, priceId }, { token: u.token });
    expect(res.status).toBe(201);
    out.push({ userId: u.id, token: u.token, sessionId: res.body.sessionId, paid: fake.pay(res.body.sessionId) });
  }
  return out;
}

/** The refunded learners who can still open the course, and the sessions not marked refunded. */
async function leaks(sessions: { userId: string; sessionId: string }[], subjectId: string) {
  const active = await h.sql<{ user_id: string }>(
    `select user_id from user_entitlements where subject_id = ? and status = 'active' and user_id::text in (select jsonb_array_elements_text(?::jsonb))`,
    [subjectId, JSON.stringify(sessions.map((s) => s.userId))],
  );
  const notRefunded = await h.sql<{ id: string; status: string }>(
    `select id, status from checkout_sessions where id in (select jsonb_array_elements_text(?::jsonb)) and status <> 'refunded'`,
    [JSON.stringify(sessions.map((s) => s.sessionId))],
  );
  return { withAccess: active.length, notRefunded: notRefunded.length };
}

/**
 * Fires two requests per session, a few sessions at a time (the API's pool has 10 connections),
 * while a transaction of the test holds checkout_sessions in EXCLUSIVE mode: every request gets
 * as far as its first lock or write on that table and waits there. Once all of them wait, the
 * table is let go and they proceed at the same instant, which is the moment the race needs.
 */
async function inPairs<S>(sessions: S[], fire: (s: S) => Promise<ApiResponse>[], perBatch = 4): Promise<ApiResponse[]> {
  const out: ApiResponse[] = [];
  for (let i = 0; i < sessions.length; i += perBatch) {
    await gate.query('begin');
    await gate.query('lock table checkout_sessions in exclusive mode');
    const requests = sessions.slice(i, i + perBatch).flatMap(fire);
    try {
      await allWaiting(requests.length);
    } finally {
      await gate.query('commit');
    }
    out.push(...(await Promise.all(requests)));
  }
  return out;
}

/** Until this many transactions of the API wait for a lock in this database. */
async function allWaiting(count: number) {
  const started = Date.now();
  for (;;) {
    const { rows } = await gate.query<{ n: number }>(
      `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
        where not l.granted and d.datname = current_database()`,
    );
    if (rows[0].n >= count) return;
    if (Date.now() - started > 10000) throw new Error(`only ${rows[0].n} of ${count} requests reached the gate`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

beforeAll(async () => {
  gate = new Client({ connectionString: process.env.DATABASE_URL });
  await gate.connect();
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
  process.env.STRIPE_SECRET_KEY = 'sk_test_race_fake';
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
});
afterAll(async () => {
  await gate.end();
  await h.close();
  await new Promise((r) => fake.server.close(r));
  process.env = savedEnv;
});

describe('a full refund racing its payment’s completion', () => {
  it(`completion webhook and refund webhook at the same moment, ${SESSIONS} sessions: no refunded learner keeps access`, async () => {
    const sessions = await paidSessions('race-hook', 'ai-user', 'price_ai_user');
    const results = await inPairs(sessions, (s) => [
      deliver(event('checkout.session.completed', s.paid)),
      deliver(fullRefund(s.paid)),
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(await leaks(sessions, 'ai-user')).toEqual({ withAccess: 0, notRefunded: 0 });
    // The return page agrees with what is stored.
    const verify = await h.post(
      '/api/checkout/verify',
      { session_id: sessions[0].sessionId },
      { token: sessions[0].token },
    );
    expect(verify.body).toMatchObject({ status: 'refunded', entitled: false });
  });

  it(`verify and refund webhook at the same moment, ${SESSIONS} sessions: no refunded learner keeps access`, async () => {
    const sessions = await paidSessions('race-verify', 'metabolic', 'price_metabolic');
    const results = await inPairs(sessions, (s) => [
      h.post('/api/checkout/verify', { session_id: s.sessionId }, { token: s.token }),
      deliver(fullRefund(s.paid)),
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(await leaks(sessions, 'metabolic')).toEqual({ withAccess: 0, notRefunded: 0 });
    for (const s of sessions) expect((await h.get('/api/entitlements', { token: s.token })).body).toEqual([]);
  });
});
