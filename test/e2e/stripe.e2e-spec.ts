import { randomUUID } from 'node:crypto';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { FakeStripe, stripeEvent, stripeSignature } from '../support/fake-stripe';
import { Harness, mailsTo, waitForMail } from '../support/harness';
import { salesTotalsAndRecount } from '../support/dashboard-facts';

interface Checkout {
  sessionId: string;
  url: string;
}
const WEBHOOK_SECRET = 'whsec_test_platform_secret';
const fake = new FakeStripe();
let h: Harness;
const savedEnv = { ...process.env };

const event = stripeEvent;

function deliver(payload: string, opts: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const signature = opts.signature ?? stripeSignature(payload, opts.secret ?? WEBHOOK_SECRET, opts.timestamp);
  return h.request<{ result: string }>('POST', '/api/webhooks/stripe', {
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

async function entitlementRows(userId: string, subjectId: string) {
  return h.sql<{ status: string }>(`select status from user_entitlements where user_id = ? and subject_id = ?`, [
    userId,
    subjectId,
  ]);
}

beforeAll(async () => {
  await fake.start(WEBHOOK_SECRET);
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
});
afterAll(async () => {
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

describe('Stripe checkout', () => {
  it('creates a Checkout Session with the user and subject in metadata and our return URLs', async () => {
    const u = await h.newUser('stripe');
    const res = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'vagus-nerve', priceId: 'price_vagus_nerve' },
      { token: u.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.url).toBe(`https://checkout.stripe.test/c/pay/${res.body.sessionId}`);
    const call = fake.requests.find((r) => r.method === 'POST' && r.form.get('metadata[userId]') === u.id)!;
    expect(call.auth).toBe('Bearer sk_test_platform_fake');
    expect(call.form.get('metadata[subjectId]')).toBe('vagus-nerve');
    expect(call.form.get('mode')).toBe('payment');
    expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(call.form.get('success_url')).toBe(
      'http://learn.test/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    );
    expect(call.form.get('cancel_url')).toBe('http://learn.test/shop?subject=vagus-nerve');
    // The dev provider's pages do not exist when Stripe is configured.
    expect((await h.get(`/api/checkout/dev/${res.body.sessionId}`, { token: u.token })).status).toBe(404);
  });

  it('verify grants access only once Stripe reports the session paid', async () => {
    const u = await h.newUser('verify');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'metabolic', priceId: 'price_metabolic' },
      { token: u.token },
    );
    const unpaid = await h.post<{ status: string; entitled: boolean }>(
      '/api/checkout/verify',
      { session_id: body.sessionId },
      { token: u.token },
    );
    expect(unpaid.body).toMatchObject({ status: 'open', entitled: false });
    fake.pay(body.sessionId);
    const other = await h.newUser('intruder');
    expect(
      (
        await h.post<{ status: string; entitled: boolean }>(
          '/api/checkout/verify',
          { session_id: body.sessionId },
          { token: other.token },
        )
      ).status,
    ).toBe(403);
    const paid = await h.post<{ status: string; entitled: boolean }>(
      '/api/checkout/verify',
      { session_id: body.sessionId },
      { token: u.token },
    );
    expect(paid.body).toMatchObject({ status: 'paid', entitled: true });
    expect(await entitlementRows(other.id, 'metabolic')).toEqual([]);
  });
});

describe('Stripe webhooks', () => {
  it('refuses a bad signature, a wrong secret and a stale timestamp with 400, changing nothing', async () => {
    const u = await h.newUser('sig');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'ai-user', priceId: 'price_ai_user' },
      { token: u.token },
    );
    const { payload } = event('checkout.session.completed', fake.pay(body.sessionId));
    for (const opts of [
      { signature: 't=123,v1=deadbeef' },
      { secret: 'whsec_somebody_else' },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    ]) {
      const res = await deliver(payload, opts);
      expect(res.status).toBe(400);
    }
    expect(
      (
        await h.request('POST', '/api/webhooks/stripe', {
          body: payload,
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    // The same payload, tampered after signing, fails too.
    const sig = stripeSignature(payload, WEBHOOK_SECRET);
    expect((await deliver(payload.replace('"paid"', '"unpaid"'), { signature: sig })).status).toBe(400);
    expect(await entitlementRows(u.id, 'ai-user')).toEqual([]);
    expect(
      (await h.sql<{ status: string }>(`select status from checkout_sessions where id = ?`, [body.sessionId]))[0]
        .status,
    ).toBe('open');
  });

  it('applies each event once: every event delivered 3 times, shuffled, 10 at a time, leaves one entitlement per paid session', async () => {
    const buyers = await Promise.all(['w1', 'w2', 'w3', 'w4', 'w5'].map((t) => h.newUser(t)));
    const sessions: { userId: string; id: string }[] = [];
    for (const b of buyers) {
      const { body } = await h.post<Checkout>(
        '/api/checkout/create',
        { subjectId: 'ai-for-founders', priceId: 'price_ai_for_founders' },
        { token: b.token },
      );
      sessions.push({ userId: b.id, id: body.sessionId });
    }
    const events = sessions.map((s) => event('checkout.session.completed', fake.pay(s.id)));
    const deliveries = events.flatMap((e) => [e, e, e]);
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]];
    }
    const statuses: number[] = [];
    for (let i = 0; i < deliveries.length; i += 10) {
      const batch = await Promise.all(deliveries.slice(i, i + 10).map((d) => deliver(d.payload)));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (const s of sessions) {
      expect(await entitlementRows(s.userId, 'ai-for-founders')).toEqual([{ status: 'active' }]);
      expect(
        (await h.sql<{ status: string }>(`select status from checkout_sessions where id = ?`, [s.id]))[0].status,
      ).toBe('paid');
    }
    const applied = await h.sql<{ n: number }>(
      `select count(*)::int as n from payment_events where id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      [JSON.stringify(events.map((e) => e.id))],
    );
    expect(applied[0].n).toBe(5);
  });

  it('races the return page against the webhook without a duplicate', async () => {
    const u = await h.newUser('racer');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'ai-for-ceos', priceId: 'price_ai_for_ceos' },
      { token: u.token },
    );
    const e = event('checkout.session.completed', fake.pay(body.sessionId));
    const results = await Promise.all([
      deliver(e.payload),
      h.post<{ status: string; entitled: boolean }>(
        '/api/checkout/verify',
        { session_id: body.sessionId },
        { token: u.token },
      ),
      deliver(e.payload),
      h.post<{ status: string; entitled: boolean }>(
        '/api/checkout/verify',
        { session_id: body.sessionId },
        { token: u.token },
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await entitlementRows(u.id, 'ai-for-ceos')).toEqual([{ status: 'active' }]);
    // One receipt, however many paths fulfilled or replayed the payment (issue 26 §9).
    const receipt = await waitForMail(u.email, 'purchase-receipt');
    expect(receipt.subject).toBe('Your LearnPath receipt: AI for CEOs');
    expect(receipt.text).toContain('$29.00');
    expect((await deliver(e.payload)).status).toBe(200);
    expect(
      (await deliver(event('checkout.session.async_payment_succeeded', fake.pay(body.sessionId)).payload)).status,
    ).toBe(200);
    await h.queuesDrained();
    expect(mailsTo(u.email).filter((m) => m.template === 'purchase-receipt')).toHaveLength(1);
  });

  it('waits for delayed payments: unpaid completion grants nothing, async success grants, async failure marks failed', async () => {
    const u = await h.newUser('async');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'metabolic', priceId: 'price_metabolic' },
      { token: u.token },
    );
    const s = fake.sessions.get(body.sessionId)!;
    Object.assign(s, { status: 'complete', payment_status: 'unpaid' });
    expect((await deliver(event('checkout.session.completed', s).payload)).body.result).toBe('ignored');
    expect(await entitlementRows(u.id, 'metabolic')).toEqual([]);
    Object.assign(s, { payment_status: 'paid', payment_intent: 'pi_async_ok' });
    expect((await deliver(event('checkout.session.async_payment_succeeded', s).payload)).status).toBe(200);
    expect(await entitlementRows(u.id, 'metabolic')).toEqual([{ status: 'active' }]);

    const v = await h.newUser('async-fail');
    const other = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'metabolic', priceId: 'price_metabolic' },
      { token: v.token },
    );
    const s2 = fake.sessions.get(other.body.sessionId)!;
    Object.assign(s2, { status: 'complete', payment_status: 'unpaid' });
    await deliver(event('checkout.session.async_payment_failed', s2).payload);
    expect(
      (await h.sql<{ status: string }>(`select status from checkout_sessions where id = ?`, [s2.id]))[0].status,
    ).toBe('failed');
    expect(await entitlementRows(v.id, 'metabolic')).toEqual([]);
  });

  it('a refund that arrives before the payment’s completion event still ends in no access', async () => {
    const u = await h.newUser('early-refund');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'ai-user', priceId: 'price_ai_user' },
      { token: u.token },
    );
    const paid = fake.pay(body.sessionId);
    const charge = {
      id: `ch_${randomUUID().slice(0, 8)}`,
      object: 'charge',
      payment_intent: paid.payment_intent,
      amount: 2900,
      refunded: true,
      amount_refunded: 2900,
    };
    expect((await deliver(event('charge.refunded', charge).payload)).status).toBe(200);
    expect((await deliver(event('checkout.session.completed', paid).payload)).status).toBe(200);
    expect(await entitlementRows(u.id, 'ai-user')).toEqual([]);
    expect(
      (await h.sql<{ status: string }>(`select status from checkout_sessions where id = ?`, [body.sessionId]))[0]
        .status,
    ).toBe('refunded');
    // The return page agrees.
    const verify = await h.post<{ status: string; entitled: boolean }>(
      '/api/checkout/verify',
      { session_id: body.sessionId },
      { token: u.token },
    );
    expect(verify.body).toMatchObject({ status: 'refunded', entitled: false });
  });

  it('a full refund ends access at once; a partial refund keeps it', async () => {
    const u = await h.newUser('refund');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'vagus-nerve', priceId: 'price_vagus_nerve' },
      { token: u.token },
    );
    const paid = fake.pay(body.sessionId);
    await deliver(event('checkout.session.completed', paid).payload);
    expect(
      (await h.get<{ subjectId: string }[]>('/api/entitlements', { token: u.token })).body.map((e) => e.subjectId),
    ).toEqual(['vagus-nerve']);

    const charge = {
      id: `ch_${randomUUID().slice(0, 8)}`,
      object: 'charge',
      payment_intent: paid.payment_intent,
      amount: 4900,
    };
    await deliver(event('charge.refunded', { ...charge, refunded: false, amount_refunded: 1000 }).payload);
    expect(await entitlementRows(u.id, 'vagus-nerve')).toEqual([{ status: 'active' }]);

    const full = event('charge.refunded', { ...charge, refunded: true, amount_refunded: 4900 });
    expect((await deliver(full.payload)).body.result).toBe('applied');
    expect((await deliver(full.payload)).body.result).toBe('duplicate');
    expect(await entitlementRows(u.id, 'vagus-nerve')).toEqual([{ status: 'refunded' }]);
    expect((await h.get('/api/entitlements', { token: u.token })).body).toEqual([]);
    expect((await h.get('/api/purchases', { token: u.token })).body).toEqual([]);
    // A late redelivery of the original payment does not give the course back.
    await deliver(event('checkout.session.completed', paid).payload);
    expect(await entitlementRows(u.id, 'vagus-nerve')).toEqual([{ status: 'refunded' }]);
  });

  it('marks an open session expired when Stripe expires it; an expiry never undoes a payment', async () => {
    const u = await h.newUser('expired');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'ai-user', priceId: 'price_ai_user' },
      { token: u.token },
    );
    const s = fake.sessions.get(body.sessionId)!;
    Object.assign(s, { status: 'expired' });
    const expired = event('checkout.session.expired', s);
    expect((await deliver(expired.payload)).body.result).toBe('applied');
    expect((await deliver(expired.payload)).body.result).toBe('duplicate');
    expect((await h.sql(`select status from checkout_sessions where id = ?`, [body.sessionId]))[0].status).toBe(
      'expired',
    );
    const verify = await h.post('/api/checkout/verify', { session_id: body.sessionId }, { token: u.token });
    expect(verify.body).toMatchObject({ status: 'expired', entitled: false });
    // A new "Buy" opens a new payment page rather than sending the learner back to the expired one.
    const again = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'ai-user', priceId: 'price_ai_user' },
      { token: u.token },
    );
    expect(again.body.sessionId).not.toBe(body.sessionId);

    const v = await h.newUser('paid-then-expired');
    const paidSession = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'ai-user', priceId: 'price_ai_user' },
      { token: v.token },
    );
    const paid = fake.pay(paidSession.body.sessionId);
    await deliver(event('checkout.session.completed', paid).payload);
    expect((await deliver(event('checkout.session.expired', { ...paid, status: 'expired' }).payload)).body.result).toBe(
      'ignored',
    );
    expect(
      (await h.sql(`select status from checkout_sessions where id = ?`, [paidSession.body.sessionId]))[0].status,
    ).toBe('paid');
    expect(await entitlementRows(v.id, 'ai-user')).toEqual([{ status: 'active' }]);
  });
});

describe('Stripe disputes (chargebacks)', () => {
  /** A learner who bought a subject through Stripe; the payment is complete and fulfilled. */
  async function buyer(tag: string, subjectId = 'ai-for-founders', priceId = 'price_ai_for_founders') {
    const u = await h.newUser(tag);
    const { body } = await h.post<Checkout>('/api/checkout/create', { subjectId, priceId }, { token: u.token });
    const paid = fake.pay(body.sessionId);
    return { u, sessionId: body.sessionId, paid };
  }

  function dispute(
    paid: Record<string, any>,
    status: string,
    id = `dp_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
  ) {
    return {
      id,
      object: 'dispute',
      charge: `ch_${id.slice(3)}`,
      payment_intent: paid.payment_intent,
      amount: 2900,
      currency: 'usd',
      reason: 'fraudulent',
      status,
    };
  }

  async function owns(token: string, subjectId: string) {
    const list = (await h.get('/api/entitlements', { token })).body as { subjectId: string }[];
    const graph = await h.get(`/api/graph?subject=${subjectId}`, { token });
    return { listed: list.some((e) => e.subjectId === subjectId), content: graph.status };
  }

  it('a chargeback suspends access, once; a dispute won gives it back, once', async () => {
    const { u, paid } = await buyer('dispute-won');
    await deliver(event('checkout.session.completed', paid).payload);
    expect(await owns(u.token, 'ai-for-founders')).toEqual({ listed: true, content: 200 });

    const d = dispute(paid, 'needs_response');
    const created = event('charge.dispute.created', d);
    expect((await deliver(created.payload)).body.result).toBe('applied');
    expect((await deliver(created.payload)).body.result).toBe('duplicate');
    expect(await entitlementRows(u.id, 'ai-for-founders')).toEqual([{ status: 'suspended' }]);
    expect(await owns(u.token, 'ai-for-founders')).toEqual({ listed: false, content: 403 });

    const won = event('charge.dispute.closed', { ...d, status: 'won' });
    expect((await deliver(won.payload)).body.result).toBe('applied');
    expect((await deliver(won.payload)).body.result).toBe('duplicate');
    expect(await entitlementRows(u.id, 'ai-for-founders')).toEqual([{ status: 'active' }]);
    expect(await owns(u.token, 'ai-for-founders')).toEqual({ listed: true, content: 200 });
  });

  it('a dispute lost keeps access suspended; a later refund of the payment still ends it as refunded', async () => {
    const { u, paid } = await buyer('dispute-lost');
    await deliver(event('checkout.session.completed', paid).payload);
    const d = dispute(paid, 'needs_response');
    await deliver(event('charge.dispute.created', d).payload);
    expect((await deliver(event('charge.dispute.closed', { ...d, status: 'lost' }).payload)).body.result).toBe(
      'applied',
    );
    expect(await entitlementRows(u.id, 'ai-for-founders')).toEqual([{ status: 'suspended' }]);
    expect(await owns(u.token, 'ai-for-founders')).toEqual({ listed: false, content: 403 });
    // The learner may buy the course again; that new payment gives access.
    expect(
      (
        await h.post(
          '/api/checkout/create',
          { subjectId: 'ai-for-founders', priceId: 'price_ai_for_founders' },
          { token: u.token },
        )
      ).status,
    ).toBe(201);

    const { u: v, paid: paid2 } = await buyer('dispute-refund');
    await deliver(event('checkout.session.completed', paid2).payload);
    await deliver(event('charge.dispute.created', dispute(paid2, 'warning_needs_response')).payload);
    const charge = {
      id: `ch_${randomUUID().slice(0, 8)}`,
      object: 'charge',
      payment_intent: paid2.payment_intent,
      amount: 2900,
      refunded: true,
      amount_refunded: 2900,
    };
    await deliver(event('charge.refunded', charge).payload);
    expect(await entitlementRows(v.id, 'ai-for-founders')).toEqual([{ status: 'refunded' }]);
  });

  it('events out of order: a dispute before the completion starts access suspended; a late "created" does not reopen a won dispute', async () => {
    const { u, paid } = await buyer('dispute-early');
    const d = dispute(paid, 'needs_response');
    expect((await deliver(event('charge.dispute.created', d).payload)).body.result).toBe('applied');
    await deliver(event('checkout.session.completed', paid).payload);
    expect(await entitlementRows(u.id, 'ai-for-founders')).toEqual([{ status: 'suspended' }]);
    await deliver(event('charge.dispute.closed', { ...d, status: 'won' }).payload);
    expect(await entitlementRows(u.id, 'ai-for-founders')).toEqual([{ status: 'active' }]);

    const { u: v, paid: paid2 } = await buyer('dispute-late-created');
    await deliver(event('checkout.session.completed', paid2).payload);
    const d2 = dispute(paid2, 'needs_response');
    await deliver(event('charge.dispute.closed', { ...d2, status: 'won' }).payload);
    await deliver(event('charge.dispute.created', d2).payload);
    expect(await entitlementRows(v.id, 'ai-for-founders')).toEqual([{ status: 'active' }]);
  });
});
