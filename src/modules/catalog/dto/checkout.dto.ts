import { ApiProperty } from '@nestjs/swagger';
import type { SessionRecord } from '../checkout.repository';
import type { CheckoutStatus } from '../entities';
import { SubjectSummaryResponse } from './catalog.dto';

// Keyed by the type, so a status added to the entity without being added here fails to compile.
const CHECKOUT_STATUSES = Object.keys({
  open: true,
  paid: true,
  canceled: true,
  failed: true,
  refunded: true,
  expired: true,
} satisfies Record<CheckoutStatus, true>);

const STRIPE_EVENT_OUTCOMES = ['applied', 'duplicate', 'ignored'] as const;
export type StripeEventOutcome = (typeof STRIPE_EVENT_OUTCOMES)[number];

/** The spec's create-checkout answer: `url` to send the browser to. */
export class CheckoutSessionResponse {
  @ApiProperty({ description: "the payment provider's page (or the dev checkout page)" }) url!: string;
  @ApiProperty({ example: 'cs_dev_…' }) sessionId!: string;
}

export class CheckoutVerifyResponse {
  @ApiProperty({ example: 'cs_dev_…' }) sessionId!: string;
  @ApiProperty({ enum: CHECKOUT_STATUSES }) status!: CheckoutStatus;
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ description: 'the caller has an active entitlement to the subject now' }) entitled!: boolean;
}

/** The dev provider's payment page: what is being bought. */
export class DevCheckoutSessionResponse {
  @ApiProperty({ example: 'cs_dev_…' }) sessionId!: string;
  @ApiProperty({ enum: CHECKOUT_STATUSES }) status!: CheckoutStatus;
  @ApiProperty({ type: SubjectSummaryResponse }) subject!: SubjectSummaryResponse;
  @ApiProperty({ type: 'integer', description: 'minor units (cents)' }) amount!: number;
  @ApiProperty({ example: 'usd' }) currency!: string;
}

export class CheckoutRedirectResponse {
  @ApiProperty({ description: 'a path on this site to go to next', example: '/dashboard?checkout=success' })
  redirectUrl!: string;
}

/** Answered to Stripe (which only reads the status): 200 tells it not to redeliver the event. */
export class StripeWebhookResponse {
  @ApiProperty({ enum: [true] }) received!: true;
  @ApiProperty({
    enum: STRIPE_EVENT_OUTCOMES,
    description: 'applied now, a duplicate of an event already applied, or not one this server acts on',
  })
  result!: StripeEventOutcome;
}

export function toCheckoutSessionResponse(session: { id: string; url: string }): CheckoutSessionResponse {
  return { url: session.url, sessionId: session.id };
}

export function toCheckoutVerifyResponse(session: SessionRecord, entitled: boolean): CheckoutVerifyResponse {
  return { sessionId: session.id, status: session.status, subjectId: session.subjectId, entitled };
}

export function toDevCheckoutSessionResponse(
  session: SessionRecord,
  subject: SubjectSummaryResponse | null,
): DevCheckoutSessionResponse {
  return {
    sessionId: session.id,
    status: session.status,
    // a subject deleted since the purchase still names something
    subject: subject ?? { id: session.subjectId, name: session.subjectId, title: session.subjectId },
    amount: session.amount,
    currency: session.currency,
  };
}

export function toCheckoutRedirectResponse(redirectUrl: string): CheckoutRedirectResponse {
  return { redirectUrl };
}

export function toStripeWebhookResponse(result: StripeEventOutcome): StripeWebhookResponse {
  return { received: true, result };
}
