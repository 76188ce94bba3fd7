import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A chargeback on a Stripe payment, with Stripe's latest status for it (`needs_response`,
 * `under_review`, `won`, `lost`, the `warning_*` of an inquiry). Kept by payment intent even before
 * the payment's completion reaches us, so access always follows from every dispute of a payment.
 */
@Entity({ tableName: 'payment_disputes' })
export class PaymentDispute {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  /** Stripe's dispute id */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text', index: true })
  paymentIntentId!: string;

  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
