import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { FakeStripe, stripeEvent, stripeSignature } from '../support/fake-stripe';
import { type ApiResponse, Harness } from '../support/harness';
import { salesTotalsAndRecount } from '../support/dashboard-facts';

/**
 * A full refund delivered at the same moment as its payment's completion (the webhook, or the
 * return page's verify call) must never leave the learner with access, whichever transaction
 * commits first. Many sessions, each pair let go at the same instant (see inPairs).
 */

const WEBHOOK_SECRET = 'whsec_test_race_secret';
const fake = new FakeStripe();
const SESSIONS = 20;
let h: Harness;
let gate: Client;
const savedEnv = { ...process.env };

const event = (type: string, object: Record<string, unknown>) => stripeEvent(type, object).payload;

function deliver(payload: string) {
  const signature = stripeSignature(payload, WEBHOOK_SECRET);
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

/**
 * Until this many transactions of the API wait for a lock in this database. Polled, with a deadline and a message:
 * PostgreSQL announces no event when a backend starts waiting for a lock, and a request's query having been sent
 * does not mean it waits yet (released too early, the race would not be run at all).
 */
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
  await fake.start(WEBHOOK_SECRET);
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
});
afterAll(async () => {
  await gate.end();
  await h.close();
  await fake.stop();
  process.env = savedEnv;
});

// Every flow of this file (webhooks in any order, refunds, disputes won and lost) keeps the dashboard's per-day
// sales totals equal to a recount of the payments.
afterEach(async () => {
  const [totals, recount] = await salesTotalsAndRecount(h);
  expect(totals).toEqual(recount);
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
