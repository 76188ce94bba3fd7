import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A payment provider event already applied: its id makes every delivery after the first a no-op. */
@Entity({ tableName: 'payment_events' })
export class PaymentEvent {
  [OptionalProps]?: 'receivedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  provider!: string;

  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  receivedAt: Date = new Date();
}
