import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CheckoutStatus } from './entities';

export interface SessionRecord {
  id: string;
  provider: 'dev' | 'stripe';
  userId: string;
  subjectId: string;
  priceId: string;
  amount: number;
  currency: string;
  status: CheckoutStatus;
  paymentIntentId: string | null;
}

/** Stripe's dispute statuses after which nothing changes: won, lost, and an inquiry closed in our favour. */
const FINAL_DISPUTE_STATUSES = `'won', 'lost', 'warning_closed'`;

// Each column under its record's name: rows come back as SessionRecords, with no mapping pass.
const COLUMNS = `id, provider, user_id as "userId", subject_id as "subjectId", price_id as "priceId", amount, currency, status,
  payment_intent_id as "paymentIntentId"`;

/** Checkout sessions, entitlements and applied provider events. Writes take the caller's transaction `em`. */
/** How long a receipt's claim holds before the sweeper may take it over (the send takes well under a second). */
export const RECEIPT_LEASE_MINUTES = 10;

@Injectable()
export class CheckoutRepository {
  constructor(private readonly em: EntityManager) {}

  async insertSession(s: Omit<SessionRecord, 'status' | 'paymentIntentId'> & { url: string }): Promise<void> {
    await this.em.execute(
      `insert into checkout_sessions (id, provider, user_id, subject_id, price_id, amount, currency, url) values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [s.id, s.provider, s.userId, s.subjectId, s.priceId, s.amount, s.currency, s.url],
    );
  }

  /** A recent open session of this user for this price with the same provider, to send the buyer back to. */
  async findReusableSession(
    userId: string,
    priceId: string,
    provider: string,
    maxAgeSeconds: number,
  ): Promise<{ id: string; url: string } | null> {
    const rows = await this.em.execute<{ id: string; url: string }[]>(
      `select id, url from checkout_sessions
        where user_id = ? and price_id = ? and provider = ? and status = 'open' and url is not null
          and created_at > now() - make_interval(secs => ?)
        order by created_at desc limit 1`,
      [userId, priceId, provider, maxAgeSeconds],
    );
    return rows[0] ?? null;
  }

  /**
   * Records a session created outside this server (e.g. a Stripe payment link) when its subject
   * exists; the caller has checked the user. Idempotent by session id.
   */
  async insertExternalSession(
    em: EntityManager,
    s: { id: string; userId: string; subjectId: string; priceId: string; amount: number; currency: string },
  ): Promise<void> {
    await em.execute(
      `insert into checkout_sessions (id, provider, user_id, subject_id, price_id, amount, currency)
       select ?, 'stripe', ?, s.id, ?, ?, ? from subjects s where s.id = ? on conflict do nothing`,
      [s.id, s.userId, s.priceId, s.amount, s.currency, s.subjectId],
    );
  }

  async findSession(em: EntityManager, id: string): Promise<SessionRecord | null> {
    const rows = await em.execute<SessionRecord[]>(`select ${COLUMNS} from checkout_sessions where id = ?`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Serialises everything that looks at or changes one payment (completion, verify, refund,
   * dispute) until the transaction ends. Keyed by the payment intent, the one id every path knows;
   * taken before anything is read, so no path decides on what another's open transaction hides.
   */
  async lockPayment(em: EntityManager, paymentIntentId: string): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(hashtextextended('payment:' || ?, 0))`, [paymentIntentId]);
  }

  /** Locks the session row until the transaction ends, so racing fulfilments serialise. */
  async lockSession(em: EntityManager, id: string): Promise<SessionRecord | null> {
    const rows = await em.execute<SessionRecord[]>(`select ${COLUMNS} from checkout_sessions where id = ? for update`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async lockSessionByPaymentIntent(em: EntityManager, paymentIntentId: string): Promise<SessionRecord | null> {
    const rows = await em.execute<SessionRecord[]>(
      `select ${COLUMNS} from checkout_sessions where payment_intent_id = ? for update`,
      [paymentIntentId],
    );
    return rows[0] ?? null;
  }

  async setStatus(
    em: EntityManager,
    id: string,
    status: CheckoutStatus,
    paymentIntentId?: string | null,
  ): Promise<void> {
    await em.execute(
      `update checkout_sessions set status = ?, payment_intent_id = coalesce(?, payment_intent_id), updated_at = now(),
         completed_at = case when ? = 'paid' then now() else completed_at end
       where id = ?`,
      [status, paymentIntentId ?? null, status, id],
    );
  }

  /** Closes a session that is still open; false when something else (a payment) got there first. */
  async closeIfOpen(em: EntityManager, id: string, status: 'canceled' | 'failed' | 'expired'): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `update checkout_sessions set status = ?, updated_at = now() where id = ? and status = 'open' returning id`,
      [status, id],
    );
    return rows.length > 0;
  }

  /** One entitlement per user and subject (unique constraint): a repeat purchase re-activates it. */
  async grantEntitlement(em: EntityManager, userId: string, subjectId: string, sessionId: string): Promise<void> {
    await em.execute(
      `insert into user_entitlements (id, user_id, subject_id, status, checkout_session_id) values (gen_random_uuid(), ?, ?, 'active', ?)
       on conflict (user_id, subject_id) do update set status = 'active', checkout_session_id = excluded.checkout_session_id, updated_at = now()`,
      [userId, subjectId, sessionId],
    );
  }

  /** Ends the access a session granted (and only that: a later purchase's entitlement stays). */
  async revokeEntitlementOf(em: EntityManager, sessionId: string): Promise<void> {
    await em.execute(
      `update user_entitlements set status = 'refunded', updated_at = now() where checkout_session_id = ? and status in ('active', 'suspended')`,
      [sessionId],
    );
  }

  /** Pauses the access a session granted while its payment is disputed. */
  async suspendEntitlementOf(em: EntityManager, sessionId: string): Promise<void> {
    await em.execute(
      `update user_entitlements set status = 'suspended', updated_at = now() where checkout_session_id = ? and status = 'active'`,
      [sessionId],
    );
  }

  /** Gives back the access a dispute paused (a refunded or re-bought entitlement is left alone). */
  async restoreEntitlementOf(em: EntityManager, sessionId: string): Promise<void> {
    await em.execute(
      `update user_entitlements set status = 'active', updated_at = now() where checkout_session_id = ? and status = 'suspended'`,
      [sessionId],
    );
  }

  /**
   * Stores a dispute's latest status. A closed dispute's outcome is final: an earlier event
   * delivered late (Stripe does not guarantee order) does not reopen it.
   */
  async recordDispute(em: EntityManager, disputeId: string, paymentIntentId: string, status: string): Promise<void> {
    await em.execute(
      `insert into payment_disputes (id, payment_intent_id, status) values (?, ?, ?)
       on conflict (id) do update set status = excluded.status, updated_at = now()
        where payment_disputes.status not in (${FINAL_DISPUTE_STATUSES})`,
      [disputeId, paymentIntentId, status],
    );
  }

  /** Whether a dispute of this payment is open or was lost (anything but settled in our favour). */
  async hasUnsettledDispute(em: EntityManager, paymentIntentId: string): Promise<boolean> {
    const rows = await em.execute<{ ok: number }[]>(
      `select 1 as ok from payment_disputes where payment_intent_id = ? and status not in ('won', 'warning_closed') limit 1`,
      [paymentIntentId],
    );
    return rows.length > 0;
  }

  async recordPendingRefund(em: EntityManager, paymentIntentId: string, eventId: string): Promise<void> {
    await em.execute(`insert into pending_refunds (payment_intent_id, event_id) values (?, ?) on conflict do nothing`, [
      paymentIntentId,
      eventId,
    ]);
  }

  async hasPendingRefund(em: EntityManager, paymentIntentId: string): Promise<boolean> {
    const rows = await em.execute<{ ok: number }[]>(`select 1 as ok from pending_refunds where payment_intent_id = ?`, [
      paymentIntentId,
    ]);
    return rows.length > 0;
  }

  /** Records a provider event id; false when it was already applied. */
  async recordEvent(em: EntityManager, id: string, provider: string, type: string): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `insert into payment_events (id, provider, type) values (?, ?, ?) on conflict (id) do nothing returning id`,
      [id, provider, type],
    );
    return rows.length > 0;
  }

  /**
   * Claims the receipt of a paid session for `RECEIPT_LEASE_MINUTES`: the first caller gets what the receipt states,
   * every later one gets null while the lease runs or once the receipt is queued (and any caller while the session is
   * not paid). A claim whose holder died unfinished can be taken over once its lease is over. One statement: atomic.
   */
  async claimReceipt(
    id: string,
  ): Promise<{ userId: string; subjectId: string; amount: number; currency: string; paidAt: Date } | null> {
    const rows = await this.em.execute<
      { user_id: string; subject_id: string; amount: number; currency: string; paid_at: Date | string }[]
    >(
      `update checkout_sessions set receipt_claimed_at = now()
        where id = ? and status = 'paid' and receipt_queued_at is null
          and (receipt_claimed_at is null or receipt_claimed_at < now() - make_interval(mins => ?))
        returning user_id, subject_id, amount, currency, coalesce(completed_at, now()) as paid_at`,
      [id, RECEIPT_LEASE_MINUTES],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      userId: r.user_id,
      subjectId: r.subject_id,
      amount: r.amount,
      currency: r.currency,
      paidAt: r.paid_at instanceof Date ? r.paid_at : new Date(r.paid_at),
    };
  }

  /** The receipt is on the queue (or has nobody to go to): no path sends it again. */
  async receiptQueued(id: string): Promise<void> {
    await this.em.execute(`update checkout_sessions set receipt_queued_at = now() where id = ?`, [id]);
  }

  /** Gives the claim back when the mail could not be queued, so the next path that fulfils tries again. */
  async releaseReceipt(id: string): Promise<void> {
    await this.em.execute(
      `update checkout_sessions set receipt_claimed_at = null where id = ? and receipt_queued_at is null`,
      [id],
    );
  }

  /**
   * Paid sessions of the last `days` whose receipt is not queued and not claimed by a live lease: the sweeper's
   * work (a fulfilment whose process died before or while it sent the receipt), oldest first.
   */
  async receiptsDue(days: number, limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from checkout_sessions
        where status = 'paid' and receipt_queued_at is null
          and completed_at > now() - make_interval(days => ?)
          and (receipt_claimed_at is null or receipt_claimed_at < now() - make_interval(mins => ?))
        order by completed_at limit ?`,
      [days, RECEIPT_LEASE_MINUTES, limit],
    );
    return rows.map((r) => r.id);
  }
}
