import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** What a subject costs. The spec's built-in table (vagus-nerve 4900 usd, others 2900) is the seed. */
@Entity({ tableName: 'prices' })
export class Price {
  [OptionalProps]?: 'currency' | 'active' | 'providerPriceId' | 'createdAt';

  /** the id checkout takes (`priceId`) */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text', index: true })
  subjectId!: string;

  @Property({ type: 'text', default: 'usd' })
  currency: string = 'usd';

  /** minor units: 4900 = 49.00 */
  @Property({ type: 'integer' })
  amount!: number;

  /** A Stripe Price id; when null, checkout sends the amount inline (price_data). */
  @Property({ type: 'text', nullable: true })
  providerPriceId?: string | null;

  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
