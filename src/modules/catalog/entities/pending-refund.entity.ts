import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A full refund Stripe reported before we saw the payment complete (events can arrive out of
 * order). Fulfilment checks it, so the late completion marks the session refunded instead of
 * granting access.
 */
@Entity({ tableName: 'pending_refunds' })
export class PendingRefund {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  paymentIntentId!: string;

  @Property({ type: 'text' })
  eventId!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
