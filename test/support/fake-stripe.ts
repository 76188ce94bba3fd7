import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type StripeObject = Record<string, unknown>;

/**
 * A local stand-in for the Stripe API (no stripe-mock binary is available here): it keeps
 * Checkout Sessions in memory and answers the two calls the platform makes (create and retrieve
 * a Checkout Session). It listens on 127.0.0.1 only.
 */
export class FakeStripe {
  sessions = new Map<string, StripeObject>();
  requests: { method: string; path: string; form: URLSearchParams; auth?: string }[] = [];
  readonly server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      this.requests.push({ method: req.method!, path: req.url!, form, auth: req.headers.authorization });
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
          client_reference_id: form.get('client_reference_id'),
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
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

  /** Listens on a free loopback port and points the app's Stripe settings at it (restore process.env yourself). */
  async start(webhookSecret: string): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    process.env.STRIPE_SECRET_KEY = 'sk_test_platform_fake';
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
    process.env.STRIPE_API_BASE = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  /** What Stripe does when the customer pays: the session becomes complete and paid. */
  pay(id: string) {
    const s = this.sessions.get(id)!;
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${id.slice(8)}` });
    return s;
  }
}

const signer = new Stripe('sk_test_signing_only');

/** A Stripe event as the webhook endpoint receives it. */
export function stripeEvent(type: string, object: StripeObject): { id: string; payload: string } {
  const id = `evt_${randomUUID().replace(/-/g, '')}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  return { id, payload };
}

/** The Stripe-Signature header for a payload, as Stripe signs it. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
