import { AccessView } from '../../common/guards/access-view';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type Stripe from 'stripe';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { UserDataService } from '../auth/user-data/user-data.service';
import { CatalogService } from './catalog.service';
import { CheckoutRepository, SessionRecord } from './checkout.repository';
import { EntitlementsService } from './entitlements.service';
import { PAYMENT_PROVIDER, PaymentProvider } from './payment-providers';
import { ReceiptService } from './receipt.service';

export const NOT_YOUR_SESSION = 'This checkout session belongs to another account';
const REUSE_OPEN_SESSION_SECONDS = 23 * 3600;

/**
 * Buying a subject. Both providers end in `fulfil`, which is idempotent and safe when the
 * return page (verify) and the provider's webhook race: the session row is locked, it turns
 * paid once, and the entitlement is unique per user and subject. Everything that touches one
 * Stripe payment (completion, verify, refund, dispute) first takes that payment's lock, so a
 * refund never decides on a state that a completion's open transaction is about to change.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Checkout');

  constructor(
    private readonly em: EntityManager,
    private readonly repo: CheckoutRepository,
    private readonly catalog: CatalogService,
    private readonly entitlements: EntitlementsService,
    private readonly users: UserDataService,
    private readonly access: AccessView,
    private readonly receipts: ReceiptService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** The payment page to send the buyer to: an open one of the same price, or a new one. */
  async create(
    userId: string,
    subjectInput: string,
    priceId: string,
    userEmail?: string,
  ): Promise<{ id: string; url: string }> {
    if (this.provider.name === 'dev' && !this.config.payments.devAllowed) {
      throw new ServiceUnavailableException('Payments are not configured on this server');
    }
    const subject = await this.catalog.requirePublishedSubject(subjectInput);
    const price = await this.catalog.findPrice(priceId);
    if (!price || price.subjectId !== subject.id)
      throw new BadRequestException('priceId is not a price of this subject');
    if (await this.entitlements.hasActive(userId, subject.id))
      throw new ConflictException('You already own this course');

    // A second "Buy" (another tab, a double click) goes back to the open payment page instead of
    // opening a second one that could be paid as well. Stripe sessions stay payable for 24 hours.
    const open = await this.repo.findReusableSession(userId, price.id, this.provider.name, REUSE_OPEN_SESSION_SECONDS);
    if (open) {
      const state = await this.provider.retrieve(open.id).catch(() => null);
      if (!state || (!state.paid && !state.closed)) return { id: open.id, url: open.url };
    }

    const base = this.config.publicUrl;
    const session = await this.provider.createSession({
      userId,
      userEmail,
      subject: { id: subject.id, title: subject.title },
      price: { id: price.id, amount: price.amount, currency: price.currency, providerPriceId: price.providerPriceId },
      // Stripe fills in {CHECKOUT_SESSION_ID} itself.
      successUrl: `${base}/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/shop?subject=${encodeURIComponent(subject.id)}`,
    });
    await this.repo.insertSession({
      id: session.id,
      provider: this.provider.name,
      userId,
      subjectId: subject.id,
      priceId: price.id,
      amount: price.amount,
      currency: price.currency,
      url: session.url,
    });
    return { id: session.id, url: session.url };
  }

  private async ownSession(userId: string, sessionId: string): Promise<SessionRecord> {
    const session = await this.repo.findSession(this.em, sessionId);
    if (!session) throw new NotFoundException('Checkout session not found');
    if (session.userId !== userId) throw new ForbiddenException(NOT_YOUR_SESSION);
    return session;
  }

  /** The return page's check. Asks the provider when the session is still open, and fulfils if it was paid. */
  async verify(userId: string, sessionId: string): Promise<{ session: SessionRecord; entitled: boolean }> {
    let session = await this.ownSession(userId, sessionId);
    if (session.status === 'open') {
      const state = session.provider === this.provider.name ? await this.provider.retrieve(session.id) : null;
      if (state?.paid) await this.fulfil(session.id, state.paymentIntentId);
      else if (state?.closed) await this.em.transactional((em) => this.repo.closeIfOpen(em, session.id, 'expired'));
      session = (await this.repo.findSession(this.em, session.id))!;
    }
    // Paid by another path (the dev page, a webhook) whose receipt may not have been queued: the claim decides.
    if (session.status === 'paid') await this.receipts.send(session.id);
    return { session, entitled: await this.entitlements.hasActive(userId, session.subjectId) };
  }

  /**
   * Marks the session paid and grants the entitlement, once, in its own transaction; once that committed, the
   * receipt goes out (once: ReceiptService claims it).
   */
  private async fulfil(sessionId: string, paymentIntentId: string | null): Promise<'granted' | 'already' | 'ignored'> {
    const result = await this.changingAccess((tx, touch) => this.fulfilIn(tx, sessionId, paymentIntentId, touch));
    if (result !== 'ignored') await this.receipts.send(sessionId);
    return result;
  }

  /**
   * Runs `work` in a transaction; once it has ended, the cached access view (AccessView) of every
   * user whose entitlement it touched stops counting, so a purchase or a refund applies on the next request.
   */
  private async changingAccess<T>(
    work: (tx: EntityManager, touch: (userId: string) => void) => Promise<T>,
  ): Promise<T> {
    const users = new Set<string>();
    try {
      return await this.em.transactional((tx) => work(tx, (userId) => users.add(userId)));
    } finally {
      for (const userId of users) await this.access.invalidateUser(userId);
    }
  }

  /** The same in the caller's transaction `em` (a webhook event applied once). */
  private async fulfilIn(
    em: EntityManager,
    sessionId: string,
    paymentIntentId: string | null,
    touch: (userId: string) => void,
  ): Promise<'granted' | 'already' | 'ignored'> {
    // Before anything is read: a refund or dispute of this payment waits for this transaction, or
    // this one for it, so the pending-refund check below sees what the other committed.
    if (paymentIntentId) await this.repo.lockPayment(em, paymentIntentId);
    const session = await this.repo.lockSession(em, sessionId);
    if (!session) return 'ignored' as const;
    if (session.status === 'paid') return 'already' as const;
    // A refunded or failed session never grants access again; a payment Stripe took still counts
    // when the session was closed here first (a cancel or an expiry racing the payment).
    if (session.status !== 'open' && session.status !== 'canceled' && session.status !== 'expired')
      return 'ignored' as const;
    // The refund overtook the completion: record the payment as refunded, grant nothing.
    if (paymentIntentId && (await this.repo.hasPendingRefund(em, paymentIntentId))) {
      await this.repo.setStatus(em, session.id, 'refunded', paymentIntentId);
      return 'ignored' as const;
    }
    await this.repo.setStatus(em, session.id, 'paid', paymentIntentId);
    touch(session.userId);
    await this.repo.grantEntitlement(em, session.userId, session.subjectId, session.id);
    // A chargeback reported before the completion reached us: the access starts suspended.
    if (paymentIntentId && (await this.repo.hasUnsettledDispute(em, paymentIntentId))) {
      await this.repo.suspendEntitlementOf(em, session.id);
    }
    this.logger.log(`Session ${session.id} paid: ${session.subjectId} granted to user ${session.userId}`);
    return 'granted' as const;
  }

  // ---- dev provider ------------------------------------------------------------------------

  private devOnly() {
    if (this.provider.name !== 'dev' || !this.config.payments.devAllowed) throw new NotFoundException('Not found');
  }

  async devSession(
    userId: string,
    sessionId: string,
  ): Promise<{ session: SessionRecord; subject: { id: string; name: string; title: string } | null }> {
    this.devOnly();
    const session = await this.ownSession(userId, sessionId);
    return { session, subject: await this.catalog.subjectSummary(session.subjectId) };
  }

  /** Pays the session; answers where the browser goes next. */
  async devComplete(userId: string, sessionId: string): Promise<string> {
    this.devOnly();
    const s = await this.ownSession(userId, sessionId);
    if (s.status !== 'open') throw new ConflictException(`This checkout session is already ${s.status}`);
    await this.fulfil(s.id, null);
    return `/dashboard?checkout=success&session_id=${encodeURIComponent(s.id)}`;
  }

  /** Closes the session unpaid; answers where the browser goes next. */
  async devCancel(userId: string, sessionId: string): Promise<string> {
    this.devOnly();
    const s = await this.ownSession(userId, sessionId);
    // Conditional, so a cancel racing a payment can never undo the payment.
    if (!(await this.em.transactional((em) => this.repo.closeIfOpen(em, s.id, 'canceled')))) {
      const now = await this.repo.findSession(this.em, s.id);
      throw new ConflictException(`This checkout session is already ${now?.status ?? s.status}`);
    }
    return `/shop?subject=${encodeURIComponent(s.subjectId)}`;
  }

  // ---- Stripe webhooks ---------------------------------------------------------------------

  /**
   * Applies a verified Stripe event once: its id is recorded in the same transaction as its
   * effect, so a redelivery (or a concurrent duplicate, which waits on the unique id) changes nothing.
   */
  async applyStripeEvent(event: Stripe.Event): Promise<'applied' | 'duplicate' | 'ignored'> {
    // The paid session whose receipt is due once this event's transaction committed: a completion that granted or
    // found the session already paid, and a completion delivered again (the claim keeps it to one mail).
    let receiptFor: string | null = null;
    const result = await this.changingAccess(async (tx, touch) => {
      if (!(await this.repo.recordEvent(tx, event.id, 'stripe', event.type))) {
        if (isCompletion(event)) receiptFor = (event.data.object as Stripe.Checkout.Session).id;
        return 'duplicate' as const;
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const s = event.data.object as Stripe.Checkout.Session;
          // Delayed payment methods complete the session unpaid; access waits for async_payment_succeeded.
          if (s.payment_status !== 'paid' && s.payment_status !== 'no_payment_required') return 'ignored' as const;
          const pi = idOf(s.payment_intent);
          if (pi) await this.repo.lockPayment(tx, pi);
          await this.ensureSessionFromStripe(tx, s);
          if ((await this.fulfilIn(tx, s.id, pi, touch)) === 'ignored') return 'ignored' as const;
          receiptFor = s.id;
          return 'applied' as const;
        }
        case 'checkout.session.async_payment_failed': {
          const s = event.data.object as Stripe.Checkout.Session;
          await this.repo.closeIfOpen(tx, s.id, 'failed');
          return 'applied' as const;
        }
        case 'checkout.session.expired': {
          // Conditional: an expiry never undoes a payment that got there first.
          const s = event.data.object as Stripe.Checkout.Session;
          return (await this.repo.closeIfOpen(tx, s.id, 'expired')) ? ('applied' as const) : ('ignored' as const);
        }
        case 'charge.refunded': {
          const charge = event.data.object as Stripe.Charge;
          // A partial refund keeps access; a full one ends it.
          if (!charge.refunded) return 'ignored' as const;
          const pi = idOf(charge.payment_intent);
          if (!pi) return 'ignored' as const;
          await this.repo.lockPayment(tx, pi);
          const row = await this.repo.lockSessionByPaymentIntent(tx, pi);
          if (!row) {
            // Not fulfilled yet (Stripe does not guarantee event order): remember the refund.
            await this.repo.recordPendingRefund(tx, pi, event.id);
            return 'applied' as const;
          }
          await this.repo.setStatus(tx, row.id, 'refunded');
          touch(row.userId);
          await this.repo.revokeEntitlementOf(tx, row.id);
          this.logger.log(`Session ${row.id} refunded: ${row.subjectId} revoked for user ${row.userId}`);
          return 'applied' as const;
        }
        case 'charge.dispute.created':
        case 'charge.dispute.closed': {
          const dispute = event.data.object as Stripe.Dispute;
          const pi = idOf(dispute.payment_intent);
          if (!pi) return 'ignored' as const;
          await this.repo.lockPayment(tx, pi);
          // The dispute is stored whatever the order of events, and access follows from all of this
          // payment's disputes: suspended while one is open or lost, restored once all are won.
          await this.repo.recordDispute(tx, dispute.id, pi, dispute.status);
          const row = await this.repo.lockSessionByPaymentIntent(tx, pi);
          if (!row || row.status !== 'paid') return 'applied' as const;
          touch(row.userId);
          if (await this.repo.hasUnsettledDispute(tx, pi)) {
            await this.repo.suspendEntitlementOf(tx, row.id);
            this.logger.warn(
              `Session ${row.id} disputed (${dispute.status}): ${row.subjectId} suspended for user ${row.userId}`,
            );
          } else {
            await this.repo.restoreEntitlementOf(tx, row.id);
            this.logger.log(`Session ${row.id} dispute won: ${row.subjectId} restored for user ${row.userId}`);
          }
          return 'applied' as const;
        }
        default:
          return 'ignored' as const;
      }
    });
    if (receiptFor) await this.receipts.send(receiptFor);
    return result;
  }

  /** A session created outside this server (e.g. a payment link) is recorded from its metadata. */
  private async ensureSessionFromStripe(tx: EntityManager, s: Stripe.Checkout.Session) {
    if (await this.repo.findSession(tx, s.id)) return;
    const userId = s.metadata?.userId;
    const subjectId = s.metadata?.subjectId;
    const priceId = s.metadata?.priceId;
    if (!userId || !subjectId || !priceId) return;
    if (!(await this.users.exists(userId))) return;
    await this.repo.insertExternalSession(tx, {
      id: s.id,
      userId,
      subjectId,
      priceId,
      amount: s.amount_total ?? 0,
      currency: s.currency ?? 'usd',
    });
  }
}

function isCompletion(event: Stripe.Event): boolean {
  return event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
}

/** Stripe sends a related object as its id or, when expanded, as the object. */
function idOf(ref: string | { id: string } | null | undefined): string | null {
  return typeof ref === 'string' ? ref : (ref?.id ?? null);
}
