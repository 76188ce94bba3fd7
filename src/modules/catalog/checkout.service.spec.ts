import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type Stripe from 'stripe';
import type { SessionRecord } from './checkout.repository';
import { CheckoutService, NOT_YOUR_SESSION } from './checkout.service';
import type { PaymentProvider, ProviderSessionState } from './payment-providers';

/**
 * The money paths of CheckoutService on an in-memory repository that keeps the SQL's rules (conditional closes,
 * one entitlement per user and subject, final dispute outcomes). The e2e and scale tiers run the real database;
 * these find the decisions' mistakes in milliseconds (and are what `npm run test:mutation` runs on it).
 */
type Status = SessionRecord['status'];

class FakeRepo {
  sessions = new Map<string, SessionRecord & { url?: string }>();
  entitlements = new Map<string, { userId: string; subjectId: string; status: string; sessionId: string }>();
  disputes = new Map<string, { pi: string; status: string }>();
  pendingRefunds = new Set<string>();
  events = new Set<string>();
  locked: string[] = [];

  session(id: string, over: Partial<SessionRecord> = {}) {
    const s: SessionRecord = {
      id,
      provider: 'stripe',
      userId: 'u1',
      subjectId: 'sub1',
      priceId: 'p1',
      amount: 4900,
      currency: 'usd',
      status: 'open',
      paymentIntentId: null,
      ...over,
    };
    this.sessions.set(id, s);
    return s;
  }
  entitlementOf(sessionId: string) {
    return [...this.entitlements.values()].find((e) => e.sessionId === sessionId)?.status ?? null;
  }

  insertSession = jest.fn(async (s: Omit<SessionRecord, 'status' | 'paymentIntentId'> & { url: string }) => {
    this.sessions.set(s.id, { ...s, status: 'open', paymentIntentId: null });
  });
  findReusableSession = jest.fn(async (): Promise<{ id: string; url: string } | null> => null);
  insertExternalSession = jest.fn(
    async (_em: unknown, s: Omit<SessionRecord, 'status' | 'paymentIntentId' | 'provider'>) => {
      this.sessions.set(s.id, { ...s, provider: 'stripe', status: 'open', paymentIntentId: null });
    },
  );
  findSession = jest.fn(async (_em: unknown, id: string) =>
    this.sessions.has(id) ? { ...this.sessions.get(id)! } : null,
  );
  lockPayment = jest.fn(async (_em: unknown, pi: string) => {
    this.locked.push(pi);
  });
  lockSession = jest.fn(async (_em: unknown, id: string) =>
    this.sessions.has(id) ? { ...this.sessions.get(id)! } : null,
  );
  lockSessionByPaymentIntent = jest.fn(async (_em: unknown, pi: string) => {
    const s = [...this.sessions.values()].find((x) => x.paymentIntentId === pi);
    return s ? { ...s } : null;
  });
  setStatus = jest.fn(async (_em: unknown, id: string, status: Status, pi?: string | null) => {
    const s = this.sessions.get(id)!;
    s.status = status;
    s.paymentIntentId = pi ?? s.paymentIntentId;
  });
  closeIfOpen = jest.fn(async (_em: unknown, id: string, status: Status) => {
    const s = this.sessions.get(id);
    if (!s || s.status !== 'open') return false;
    s.status = status;
    return true;
  });
  grantEntitlement = jest.fn(async (_em: unknown, userId: string, subjectId: string, sessionId: string) => {
    this.entitlements.set(`${userId}/${subjectId}`, { userId, subjectId, status: 'active', sessionId });
  });
  private setEntitlement(sessionId: string, from: string[], to: string) {
    for (const e of this.entitlements.values()) if (e.sessionId === sessionId && from.includes(e.status)) e.status = to;
  }
  revokeEntitlementOf = jest.fn(async (_em: unknown, id: string) =>
    this.setEntitlement(id, ['active', 'suspended'], 'refunded'),
  );
  suspendEntitlementOf = jest.fn(async (_em: unknown, id: string) => this.setEntitlement(id, ['active'], 'suspended'));
  restoreEntitlementOf = jest.fn(async (_em: unknown, id: string) => this.setEntitlement(id, ['suspended'], 'active'));
  recordDispute = jest.fn(async (_em: unknown, id: string, pi: string, status: string) => {
    const d = this.disputes.get(id);
    if (d && ['won', 'lost', 'warning_closed'].includes(d.status)) return;
    this.disputes.set(id, { pi, status });
  });
  hasUnsettledDispute = jest.fn(async (_em: unknown, pi: string) =>
    [...this.disputes.values()].some((d) => d.pi === pi && !['won', 'warning_closed'].includes(d.status)),
  );
  recordPendingRefund = jest.fn(async (_em: unknown, pi: string) => {
    this.pendingRefunds.add(pi);
  });
  hasPendingRefund = jest.fn(async (_em: unknown, pi: string) => this.pendingRefunds.has(pi));
  recordEvent = jest.fn(async (_em: unknown, id: string) => {
    if (this.events.has(id)) return false;
    this.events.add(id);
    return true;
  });
}

function setup(opts: { provider?: 'dev' | 'stripe'; devAllowed?: boolean; state?: ProviderSessionState | null } = {}) {
  const repo = new FakeRepo();
  const em: { transactional: jest.Mock } = {
    transactional: jest.fn(async (work: (tx: unknown) => Promise<unknown>): Promise<unknown> => work(em)),
  };
  const catalog = {
    requirePublishedSubject: jest.fn(async (id: string) => ({ id, title: `Title of ${id}` })),
    findPrice: jest.fn(async (id: string) =>
      id === 'p1' ? { id: 'p1', subjectId: 'sub1', amount: 4900, currency: 'usd', providerPriceId: 'price_1' } : null,
    ),
    subjectSummary: jest.fn(async (id: string) => ({ id, name: id, title: `Title of ${id}` })),
  };
  const entitlements = {
    hasActive: jest.fn(async (userId: string, subjectId: string) =>
      [...repo.entitlements.values()].some(
        (e) => e.userId === userId && e.subjectId === subjectId && e.status === 'active',
      ),
    ),
  };
  const users = { exists: jest.fn(async (id: string) => id === 'u1' || id === 'u2') };
  const access = { invalidateUser: jest.fn(async () => undefined) };
  const receipts = { send: jest.fn(async () => undefined) };
  const provider: PaymentProvider = {
    name: opts.provider ?? 'stripe',
    createSession: jest.fn(async () => ({ id: 'cs_new', url: 'https://pay.example/cs_new' })),
    retrieve: jest.fn(async () => (opts.state === undefined ? null : opts.state)),
  };
  const config = { publicUrl: 'https://learn.example', payments: { devAllowed: opts.devAllowed ?? true } };
  const service = new CheckoutService(
    em as never,
    repo as never,
    catalog as never,
    entitlements as never,
    users as never,
    access as never,
    receipts as never,
    provider,
    config as never,
  );
  return { service, repo, em, catalog, entitlements, access, receipts, provider };
}

let n = 0;
const event = (type: string, object: object): Stripe.Event =>
  ({ id: `evt_${++n}`, type, data: { object } }) as unknown as Stripe.Event;
const completed = (id: string, over: object = {}) =>
  event('checkout.session.completed', { id, payment_status: 'paid', payment_intent: 'pi_1', ...over });

describe('CheckoutService', () => {
  describe('create', () => {
    it('opens a payment page for the subject’s price with the return URLs, and records the session', async () => {
      const { service, repo, provider } = setup();
      await expect(service.create('u1', 'sub1', 'p1', 'a@b.c')).resolves.toEqual({
        id: 'cs_new',
        url: 'https://pay.example/cs_new',
      });
      expect(provider.createSession).toHaveBeenCalledWith({
        userId: 'u1',
        userEmail: 'a@b.c',
        subject: { id: 'sub1', title: 'Title of sub1' },
        price: { id: 'p1', amount: 4900, currency: 'usd', providerPriceId: 'price_1' },
        successUrl: 'https://learn.example/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://learn.example/shop?subject=sub1',
      });
      expect(repo.insertSession).toHaveBeenCalledWith({
        id: 'cs_new',
        provider: 'stripe',
        userId: 'u1',
        subjectId: 'sub1',
        priceId: 'p1',
        amount: 4900,
        currency: 'usd',
        url: 'https://pay.example/cs_new',
      });
      expect(repo.findReusableSession).toHaveBeenCalledWith('u1', 'p1', 'stripe', 23 * 3600);
    });

    it('refuses a price of another subject, a missing price, a course already owned, and the dev provider when not allowed', async () => {
      const a = setup();
      await expect(a.service.create('u1', 'sub2', 'p1')).rejects.toThrow(BadRequestException);
      await expect(a.service.create('u1', 'sub1', 'nope')).rejects.toThrow(BadRequestException);
      a.repo.entitlements.set('u1/sub1', { userId: 'u1', subjectId: 'sub1', status: 'active', sessionId: 'old' });
      await expect(a.service.create('u1', 'sub1', 'p1')).rejects.toThrow(ConflictException);
      await expect(setup({ provider: 'dev', devAllowed: false }).service.create('u1', 'sub1', 'p1')).rejects.toThrow(
        ServiceUnavailableException,
      );
      await expect(
        setup({ provider: 'dev', devAllowed: true }).service.create('u1', 'sub1', 'p1'),
      ).resolves.toBeDefined();
      await expect(
        setup({ provider: 'stripe', devAllowed: false }).service.create('u1', 'sub1', 'p1'),
      ).resolves.toBeDefined();
    });

    it('reuses an open page unless the provider says it was paid or closed (a second "Buy" cannot pay twice)', async () => {
      for (const [state, reused] of [
        [null, true],
        [{ paid: false, closed: false, paymentIntentId: null }, true],
        [{ paid: true, closed: false, paymentIntentId: 'pi' }, false],
        [{ paid: false, closed: true, paymentIntentId: null }, false],
      ] as const) {
        const { service, repo, provider } = setup({ state });
        repo.findReusableSession.mockResolvedValue({ id: 'cs_open', url: 'https://pay.example/cs_open' });
        const r = await service.create('u1', 'sub1', 'p1');
        expect([state, r.id]).toEqual([state, reused ? 'cs_open' : 'cs_new']);
        expect(provider.createSession).toHaveBeenCalledTimes(reused ? 0 : 1);
      }
      const failing = setup();
      failing.repo.findReusableSession.mockResolvedValue({ id: 'cs_open', url: 'u' });
      (failing.provider.retrieve as jest.Mock).mockRejectedValue(new Error('down'));
      await expect(failing.service.create('u1', 'sub1', 'p1')).resolves.toEqual({ id: 'cs_open', url: 'u' });
    });
  });

  describe('verify', () => {
    it('fulfils an open session the provider reports paid: paid, entitled once, receipt sent, access recomputed', async () => {
      const { service, repo, receipts, access } = setup({
        state: { paid: true, closed: false, paymentIntentId: 'pi_1' },
      });
      repo.session('cs_1');
      const r = await service.verify('u1', 'cs_1');
      expect(r.entitled).toBe(true);
      expect(r.session).toMatchObject({ status: 'paid', paymentIntentId: 'pi_1' });
      expect(repo.entitlementOf('cs_1')).toBe('active');
      expect(repo.locked).toEqual(['pi_1']);
      expect(access.invalidateUser).toHaveBeenCalledWith('u1');
      expect(receipts.send).toHaveBeenCalledWith('cs_1');
    });

    it('closes a session the provider closed, leaves an unpaid one open, and asks no other provider', async () => {
      const closed = setup({ state: { paid: false, closed: true, paymentIntentId: null } });
      closed.repo.session('cs_1');
      expect((await closed.service.verify('u1', 'cs_1')).session.status).toBe('expired');
      const open = setup({ state: { paid: false, closed: false, paymentIntentId: null } });
      open.repo.session('cs_1');
      expect(await open.service.verify('u1', 'cs_1')).toMatchObject({ session: { status: 'open' }, entitled: false });
      expect(open.receipts.send).not.toHaveBeenCalled();
      const other = setup({ state: { paid: true, closed: false, paymentIntentId: 'pi' } });
      other.repo.session('cs_1', { provider: 'dev' });
      expect((await other.service.verify('u1', 'cs_1')).session.status).toBe('open');
      expect(other.provider.retrieve).not.toHaveBeenCalled();
    });

    it('a session paid by another path gets its receipt; another user’s session is forbidden; an unknown one is 404', async () => {
      const { service, repo, receipts, provider } = setup();
      repo.session('cs_1', { status: 'paid' });
      await service.verify('u1', 'cs_1');
      expect(receipts.send).toHaveBeenCalledWith('cs_1');
      // a session no longer open is not asked about again
      expect(provider.retrieve).not.toHaveBeenCalled();
      await expect(service.verify('u2', 'cs_1')).rejects.toThrow(new ForbiddenException(NOT_YOUR_SESSION));
      await expect(service.verify('u1', 'cs_x')).rejects.toThrow(NotFoundException);
    });
  });

  describe('dev provider', () => {
    it('is not found unless the dev provider is configured and allowed', async () => {
      for (const [provider, devAllowed] of [
        ['stripe', true],
        ['dev', false],
      ] as const) {
        const { service, repo } = setup({ provider, devAllowed });
        repo.session('cs_1', { provider: 'dev' });
        await expect(service.devSession('u1', 'cs_1')).rejects.toThrow(NotFoundException);
        await expect(service.devComplete('u1', 'cs_1')).rejects.toThrow(NotFoundException);
        await expect(service.devCancel('u1', 'cs_1')).rejects.toThrow(NotFoundException);
      }
    });

    it('completes an open session once (grant, receipt, back to the dashboard) and cancels only an open one', async () => {
      const { service, repo, receipts } = setup({ provider: 'dev' });
      repo.session('cs_1', { provider: 'dev' });
      await expect(service.devSession('u1', 'cs_1')).resolves.toMatchObject({
        session: { id: 'cs_1' },
        subject: { id: 'sub1' },
      });
      await expect(service.devComplete('u1', 'cs_1')).resolves.toBe('/dashboard?checkout=success&session_id=cs_1');
      expect(repo.entitlementOf('cs_1')).toBe('active');
      expect(receipts.send).toHaveBeenCalledTimes(1);
      // no payment intent, no payment lock
      expect(repo.locked).toEqual([]);
      await expect(service.devComplete('u1', 'cs_1')).rejects.toThrow('This checkout session is already paid');
      await expect(service.devCancel('u1', 'cs_1')).rejects.toThrow('This checkout session is already paid');
      repo.session('cs_2', { provider: 'dev', subjectId: 'a b' });
      await expect(service.devCancel('u1', 'cs_2')).resolves.toBe('/shop?subject=a%20b');
      expect(repo.sessions.get('cs_2')!.status).toBe('canceled');
      await expect(service.devComplete('u2', 'cs_2')).rejects.toThrow(ForbiddenException);
    });
  });

  describe('Stripe events', () => {
    it('a paid completion grants once: a redelivery is a duplicate that changes nothing but resends the (claimed) receipt', async () => {
      const { service, repo, receipts } = setup();
      repo.session('cs_1');
      const e = completed('cs_1');
      await expect(service.applyStripeEvent(e)).resolves.toBe('applied');
      expect(repo.sessions.get('cs_1')).toMatchObject({ status: 'paid', paymentIntentId: 'pi_1' });
      expect(repo.entitlementOf('cs_1')).toBe('active');
      await expect(service.applyStripeEvent(e)).resolves.toBe('duplicate');
      expect(repo.grantEntitlement).toHaveBeenCalledTimes(1);
      expect(receipts.send).toHaveBeenCalledTimes(2);
      // a second, different completion event of a session already paid grants nothing more, and its metadata does
      // not record the session again
      const meta = { userId: 'u2', subjectId: 'sub1', priceId: 'p1' };
      await expect(service.applyStripeEvent(completed('cs_1', { metadata: meta }))).resolves.toBe('applied');
      expect(repo.grantEntitlement).toHaveBeenCalledTimes(1);
      expect(repo.insertExternalSession).not.toHaveBeenCalled();
      expect(repo.sessions.get('cs_1')).toMatchObject({ userId: 'u1', status: 'paid' });
    });

    it('an unpaid completion (a delayed method) grants nothing until async_payment_succeeded; no_payment_required grants', async () => {
      const { service, repo, receipts } = setup();
      repo.session('cs_1');
      await expect(service.applyStripeEvent(completed('cs_1', { payment_status: 'unpaid' }))).resolves.toBe('ignored');
      expect(repo.entitlementOf('cs_1')).toBeNull();
      expect(receipts.send).not.toHaveBeenCalled();
      await expect(
        service.applyStripeEvent(
          event('checkout.session.async_payment_succeeded', {
            id: 'cs_1',
            payment_status: 'paid',
            payment_intent: { id: 'pi_1' },
          }),
        ),
      ).resolves.toBe('applied');
      expect(repo.sessions.get('cs_1')!.paymentIntentId).toBe('pi_1');
      repo.session('cs_2');
      await expect(
        service.applyStripeEvent(completed('cs_2', { payment_status: 'no_payment_required', payment_intent: null })),
      ).resolves.toBe('applied');
      expect(repo.entitlementOf('cs_2')).toBe('active');
    });

    it('a payment still counts on a session closed here first; a refunded or failed session never grants again', async () => {
      for (const [status, result, granted] of [
        ['canceled', 'applied', true],
        ['expired', 'applied', true],
        ['refunded', 'ignored', false],
        ['failed', 'ignored', false],
      ] as const) {
        const { service, repo } = setup();
        repo.session('cs_1', { status });
        expect([status, await service.applyStripeEvent(completed('cs_1'))]).toEqual([status, result]);
        expect([status, repo.entitlementOf('cs_1')]).toEqual([status, granted ? 'active' : null]);
      }
    });

    it('a completion of a session made elsewhere records it from its metadata, for a known user only', async () => {
      const { service, repo } = setup();
      const meta = { userId: 'u2', subjectId: 'sub1', priceId: 'p1' };
      await service.applyStripeEvent(completed('cs_ext', { metadata: meta, amount_total: 1999, currency: 'eur' }));
      expect(repo.sessions.get('cs_ext')).toMatchObject({
        userId: 'u2',
        amount: 1999,
        currency: 'eur',
        status: 'paid',
      });
      await service.applyStripeEvent(completed('cs_ext2', { metadata: meta }));
      expect(repo.sessions.get('cs_ext2')).toMatchObject({ amount: 0, currency: 'usd' });
      for (const m of [
        { ...meta, userId: 'ghost' },
        { ...meta, subjectId: '' },
        { ...meta, priceId: undefined },
        undefined,
      ]) {
        await expect(service.applyStripeEvent(completed('cs_bad', { metadata: m }))).resolves.toBe('ignored');
        expect(repo.sessions.has('cs_bad')).toBe(false);
      }
    });

    it('a full refund revokes the access it paid for; a partial one keeps it; one without a payment is ignored', async () => {
      const { service, repo, access, receipts } = setup();
      repo.session('cs_1');
      await service.applyStripeEvent(completed('cs_1'));
      await expect(
        service.applyStripeEvent(event('charge.refunded', { refunded: false, payment_intent: 'pi_1' })),
      ).resolves.toBe('ignored');
      expect(repo.entitlementOf('cs_1')).toBe('active');
      await expect(
        service.applyStripeEvent(event('charge.refunded', { refunded: true, payment_intent: null })),
      ).resolves.toBe('ignored');
      access.invalidateUser.mockClear();
      await expect(
        service.applyStripeEvent(event('charge.refunded', { refunded: true, payment_intent: { id: 'pi_1' } })),
      ).resolves.toBe('applied');
      expect(repo.sessions.get('cs_1')!.status).toBe('refunded');
      expect(repo.entitlementOf('cs_1')).toBe('refunded');
      expect(access.invalidateUser).toHaveBeenCalledWith('u1');
      // the completion (twice: before and in fulfilment) and the full refund took the payment's lock
      expect(repo.locked).toEqual(['pi_1', 'pi_1', 'pi_1']);
      // a redelivered refund is a duplicate and sends no receipt
      receipts.send.mockClear();
      const again = event('charge.refunded', { id: 'ch_1', refunded: true, payment_intent: 'pi_1' });
      await service.applyStripeEvent(again);
      await expect(service.applyStripeEvent(again)).resolves.toBe('duplicate');
      expect(receipts.send).not.toHaveBeenCalled();
    });

    it('a refund that overtakes its completion is remembered: the completion then grants nothing', async () => {
      const { service, repo, receipts } = setup();
      repo.session('cs_1');
      await expect(
        service.applyStripeEvent(event('charge.refunded', { refunded: true, payment_intent: 'pi_1' })),
      ).resolves.toBe('applied');
      expect(repo.pendingRefunds.has('pi_1')).toBe(true);
      await expect(service.applyStripeEvent(completed('cs_1'))).resolves.toBe('ignored');
      expect(repo.sessions.get('cs_1')).toMatchObject({ status: 'refunded', paymentIntentId: 'pi_1' });
      expect(repo.entitlementOf('cs_1')).toBeNull();
      expect(receipts.send).not.toHaveBeenCalled();
    });

    it('disputes suspend the access while open or lost and restore it once all are won; a dispute before completion starts it suspended', async () => {
      const { service, repo, access } = setup();
      repo.session('cs_1');
      await service.applyStripeEvent(completed('cs_1'));
      const dispute = (id: string, status: string, type = 'charge.dispute.created') =>
        service.applyStripeEvent(event(type, { id, status, payment_intent: 'pi_1' }));
      await expect(dispute('dp_1', 'needs_response')).resolves.toBe('applied');
      expect(repo.entitlementOf('cs_1')).toBe('suspended');
      await dispute('dp_2', 'warning_needs_response');
      await dispute('dp_1', 'won', 'charge.dispute.closed');
      expect(repo.entitlementOf('cs_1')).toBe('suspended');
      access.invalidateUser.mockClear();
      await dispute('dp_2', 'warning_closed', 'charge.dispute.closed');
      expect(repo.entitlementOf('cs_1')).toBe('active');
      expect(access.invalidateUser).toHaveBeenCalledWith('u1');
      // a dispute of a payment whose session is not paid changes no access
      repo.session('cs_r', { status: 'refunded', paymentIntentId: 'pi_r' });
      await expect(
        service.applyStripeEvent(
          event('charge.dispute.created', { id: 'dp_r', status: 'lost', payment_intent: 'pi_r' }),
        ),
      ).resolves.toBe('applied');
      expect(repo.suspendEntitlementOf).not.toHaveBeenCalledWith(expect.anything(), 'cs_r');
      await expect(
        service.applyStripeEvent(event('charge.dispute.created', { id: 'dp_3', status: 'x', payment_intent: null })),
      ).resolves.toBe('ignored');

      repo.session('cs_2');
      await service.applyStripeEvent(
        event('charge.dispute.created', { id: 'dp_9', status: 'needs_response', payment_intent: 'pi_2' }),
      );
      await service.applyStripeEvent(completed('cs_2', { payment_intent: 'pi_2' }));
      expect(repo.entitlementOf('cs_2')).toBe('suspended');
    });

    it('failure and expiry close only an open session: an expiry never undoes a payment; other events are ignored', async () => {
      const { service, repo } = setup();
      repo.session('cs_1');
      repo.session('cs_2');
      await expect(
        service.applyStripeEvent(event('checkout.session.async_payment_failed', { id: 'cs_1' })),
      ).resolves.toBe('applied');
      expect(repo.sessions.get('cs_1')!.status).toBe('failed');
      await expect(service.applyStripeEvent(event('checkout.session.expired', { id: 'cs_2' }))).resolves.toBe(
        'applied',
      );
      expect(repo.sessions.get('cs_2')!.status).toBe('expired');
      repo.session('cs_3', { status: 'paid' });
      await expect(service.applyStripeEvent(event('checkout.session.expired', { id: 'cs_3' }))).resolves.toBe(
        'ignored',
      );
      expect(repo.sessions.get('cs_3')!.status).toBe('paid');
      await expect(service.applyStripeEvent(event('customer.created', {}))).resolves.toBe('ignored');
    });
  });
});
