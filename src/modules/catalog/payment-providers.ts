import { BadGatewayException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';

export interface CreateSessionInput {
  userId: string;
  userEmail?: string;
  subject: { id: string; title: string };
  price: { id: string; amount: number; currency: string; providerPriceId: string | null };
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderSession {
  id: string;
  url: string;
}

export interface ProviderSessionState {
  paid: boolean;
  /** expired or canceled on the provider's side */
  closed: boolean;
  paymentIntentId: string | null;
}

/** One interface for both ways of taking money; the rest of checkout never knows which runs. */
export interface PaymentProvider {
  readonly name: 'dev' | 'stripe';
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  /** The provider's view of a session; null when the provider keeps no state (dev). */
  retrieve(sessionId: string): Promise<ProviderSessionState | null>;
}

/**
 * The built-in provider for `npm start` without a payment account: a checkout page on our own
 * origin (/checkout/dev/{id}) completes or cancels the session through the same fulfilment path.
 */
export class DevPaymentProvider implements PaymentProvider {
  readonly name = 'dev' as const;

  async createSession(): Promise<ProviderSession> {
    const id = `cs_dev_${randomUUID().replace(/-/g, '')}`;
    return { id, url: `/checkout/dev/${id}` };
  }

  async retrieve(): Promise<null> {
    return null;
  }
}

const PROVIDER_FAILED = 'The payment provider could not be reached. Please try again in a moment.';

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly logger = new Logger('Stripe');

  constructor(readonly stripe: Stripe) {}

  /** Stripe's own errors (a rotated key, a stale price id) are ours to fix, not the learner's: log and answer 502. */
  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      this.logger.error({ err }, `Stripe ${what} failed`);
      throw new BadGatewayException(PROVIDER_FAILED);
    }
  }

  async createSession(input: CreateSessionInput): Promise<ProviderSession> {
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = input.price.providerPriceId
      ? { price: input.price.providerPriceId, quantity: 1 }
      : {
          price_data: {
            currency: input.price.currency,
            unit_amount: input.price.amount,
            product_data: { name: input.subject.title },
          },
          quantity: 1,
        };
    const metadata = { userId: input.userId, subjectId: input.subject.id, priceId: input.price.id };
    const session = await this.call('checkout.sessions.create', () =>
      this.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [lineItem],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.userId,
        customer_email: input.userEmail,
        metadata,
        payment_intent_data: { metadata },
      }),
    );
    if (!session.url) throw new ServiceUnavailableException('The payment provider returned no checkout page');
    return { id: session.id, url: session.url };
  }

  async retrieve(sessionId: string): Promise<ProviderSessionState> {
    const s = await this.call('checkout.sessions.retrieve', () => this.stripe.checkout.sessions.retrieve(sessionId));
    return {
      paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
      closed: s.status === 'expired',
      paymentIntentId: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
    };
  }
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

function createStripeClient(config: AppConfig): Stripe | null {
  const s = config.payments.stripe;
  if (!s) return null;
  return new Stripe(s.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20000,
    ...(s.apiBase ? { host: s.apiBase.host, port: s.apiBase.port, protocol: s.apiBase.protocol } : {}),
  });
}

@Injectable()
export class StripeClientHolder {
  readonly stripe: Stripe | null;
  constructor(@InjectConfig() config: AppConfig) {
    this.stripe = createStripeClient(config);
  }
}
