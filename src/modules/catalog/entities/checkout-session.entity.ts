import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type CheckoutStatus = 'open' | 'paid' | 'canceled' | 'failed' | 'refunded' | 'expired';

/** One attempt to buy a subject, with the dev provider or Stripe (id = Stripe's session id). */
@Entity({ tableName: 'checkout_sessions' })
@Index({ properties: ['userId', 'status'] })
@Index({ properties: ['completedAt'] })
export class CheckoutSession {
  [OptionalProps]?:
    | 'status'
    | 'paymentIntentId'
    | 'url'
    | 'completedAt'
    | 'createdAt'
    | 'updatedAt'
    | 'receiptQueuedAt'
    | 'receiptClaimedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  provider!: 'dev' | 'stripe';

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'text' })
  priceId!: string;

  @Property({ type: 'integer' })
  amount!: number;

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'text', default: 'open' })
  status: CheckoutStatus = 'open';

  @Property({ type: 'text', nullable: true, index: true })
  paymentIntentId?: string | null;

  /** the provider's payment page, reused while the session is open */
  @Property({ type: 'text', nullable: true })
  url?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt?: Date | null;

  /** Set once the receipt mail is on the queue: one receipt per purchase, whichever path fulfils it. */
  @Property({ type: 'timestamptz', nullable: true })
  receiptQueuedAt?: Date | null;

  /** The lease of the process sending the receipt; another may take it over once it is 10 minutes old. */
  @Property({ type: 'timestamptz', nullable: true })
  receiptClaimedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
