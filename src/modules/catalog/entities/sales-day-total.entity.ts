import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One UTC day's sales of one course in one currency (minor units), kept by triggers on `checkout_sessions` and
 * `payment_disputes` in the transaction of the change (Migration20261209000000SalesDayTotals): the owner's
 * dashboard reads a period's money as at most 366 rows per course and currency instead of every payment.
 */
@Entity({ tableName: 'sales_day_totals' })
export class SalesDayTotal {
  @PrimaryKey({ type: 'date' })
  day!: string;

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  currency!: string;

  /** payments completed that day (refunded since or not) */
  @Property({ type: 'integer' })
  sales!: number;

  @Property({ type: 'bigint' })
  gross!: string;

  /** of which refunded since */
  @Property({ type: 'bigint' })
  refunded!: string;

  /** of which under a dispute that is open or lost, on a payment not refunded */
  @Property({ type: 'bigint' })
  disputed!: string;
}
