import { Migration } from '@mikro-orm/migrations';
import { createStatementTriggers, dropStatementTriggers } from '../statement-triggers';

/** A dispute that is open or was lost takes its payment's amount out of the sales (won or closed inquiries do not). */
const UNSETTLED = `status not in ('won', 'warning_closed')`;

/** Whether the payment of session `s` has an unsettled dispute (`also`: a further condition on the dispute `d`). */
const unsettledDisputeOf = (s: string, also = '') =>
  `exists (select 1 from payment_disputes d where d.payment_intent_id = ${s}.payment_intent_id and d.${UNSETTLED}${also})`;

/**
 * What a set of checkout sessions (`rows`: the table or a trigger's transition table) adds to each UTC day, course
 * and currency: a session paid (or paid and since refunded) counts once on the day of its payment; a refund takes
 * its amount back, and so does a dispute of a payment still paid while one of its disputes is unsettled.
 */
const contributions = (rows: string) => `
  select (s.completed_at at time zone 'UTC')::date as day, s.subject_id, s.currency, count(*)::int as sales,
         sum(s.amount)::bigint as gross,
         coalesce(sum(s.amount) filter (where s.status = 'refunded'), 0)::bigint as refunded,
         coalesce(sum(s.amount) filter (where s.status <> 'refunded' and ${unsettledDisputeOf('s')}), 0)::bigint as disputed
    from ${rows} s
   where s.status in ('paid', 'refunded') and s.completed_at is not null
   group by 1, 2, 3`;

/** What a sale is made of: an update that changes none of it (a receipt claimed, a timestamp) changes no total. */
const SALE = 'status, amount, currency, subject_id, completed_at, payment_intent_id';

/**
 * The rows of an update's transition table `rows` whose sale differs from their row in `other` (PostgreSQL has no
 * column list on a trigger with transition tables).
 */
const changed = (rows: string, other: string) =>
  `(select r.* from ${rows} r where not exists (
     select 1 from ${other} o where o.id = r.id and (${SALE.replace(/(\w+)/g, 'o.$1')}) is not distinct from (${SALE.replace(/(\w+)/g, 'r.$1')})))`;

/** Adds (sign 1) or takes away (sign -1) what `rows` contribute, in key order (two writers never wait on each other in a cycle). */
const apply = (rows: string, sign: 1 | -1) => `
  insert into sales_day_totals as t (day, subject_id, currency, sales, gross, refunded, disputed)
  select day, subject_id, currency, ${sign} * sales, ${sign} * gross, ${sign} * refunded, ${sign} * disputed
    from (${contributions(rows)}) c order by 1, 2, 3
  on conflict (day, subject_id, currency) do update
     set sales = t.sales + excluded.sales, gross = t.gross + excluded.gross,
         refunded = t.refunded + excluded.refunded, disputed = t.disputed + excluded.disputed;`;

export const BACKFILL_SALES_TOTALS_SQL = `
delete from sales_day_totals;
${apply('checkout_sessions', 1)}`;

/**
 * The owner's dashboard's money on 100,000 learners (issue 29 item 6): sales by course and the daily net revenue
 * read every payment of both periods and looked up each one's disputes (76 ms of the 90-day dashboard). Each UTC
 * day's sales per course and currency (count, gross, refunded, disputed, in minor units) are now one row, kept by
 * triggers in the transaction that changes a payment, owned by catalog with the tables it sums:
 *
 * - a checkout session inserted, updated (paid, refunded, its amount or moment changed) or removed takes back
 *   what its old row contributed and adds what its new row does;
 * - a dispute recorded, changed (won, lost) or removed moves its payment's amount into or out of `disputed` when
 *   whether the payment has an unsettled dispute changes. The webhook takes the payment's lock before a refund or a
 *   dispute (CheckoutService), so the two never run on the same payment at once.
 */
export class Migration20261209000000SalesDayTotals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table "sales_day_totals" (
  "day" date not null, "subject_id" text not null, "currency" text not null,
  "sales" int not null, "gross" bigint not null, "refunded" bigint not null, "disputed" bigint not null,
  constraint "sales_day_totals_pkey" primary key ("day", "subject_id", "currency"));`);
    this.addSql(`
create function sales_day_totals_sessions() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then ${apply('new_rows', 1)}
  elsif tg_op = 'DELETE' then ${apply('old_rows', -1)}
  else ${apply(changed('old_rows', 'new_rows'), -1)}
    ${apply(changed('new_rows', 'old_rows'), 1)}
  end if;
  return null;
end $$;`);
    // Whether each affected payment had an unsettled dispute before the statement and has one after it: the
    // table now, without the statement's new rows and with its old ones.
    this.addSql(`
create function sales_day_totals_disputes() returns trigger language plpgsql as $$
declare
  new_ids text[] := '{}';
  was_unsettled text[] := '{}';
  payments text[] := '{}';
begin
  if tg_op in ('INSERT', 'UPDATE') then
    select coalesce(array_agg(id), '{}'), coalesce(array_agg(distinct payment_intent_id), '{}') into new_ids, payments from new_rows;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select coalesce(array_agg(distinct payment_intent_id) filter (where ${UNSETTLED}), '{}'),
           payments || coalesce(array_agg(distinct payment_intent_id), '{}')
      into was_unsettled, payments from old_rows;
  end if;
  insert into sales_day_totals as t (day, subject_id, currency, sales, gross, refunded, disputed)
  select day, subject_id, currency, 0, 0, 0, sum(case when now then amount else -amount end)
    from (select (s.completed_at at time zone 'UTC')::date as day, s.subject_id, s.currency, s.amount::bigint as amount,
                 ${unsettledDisputeOf('s')} as now,
                 s.payment_intent_id = any (was_unsettled) or ${unsettledDisputeOf('s', ' and d.id <> all (new_ids)')} as before
            from checkout_sessions s
           where s.payment_intent_id = any (payments) and s.status = 'paid' and s.completed_at is not null) x
   where now <> before
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (day, subject_id, currency) do update set disputed = t.disputed + excluded.disputed;
  return null;
end $$;`);
    for (const sql of [
      ...createStatementTriggers('checkout_sessions', 'sales', 'sales_day_totals_sessions'),
      ...createStatementTriggers('payment_disputes', 'sales', 'sales_day_totals_disputes'),
    ])
      this.addSql(sql);
    this.addSql(BACKFILL_SALES_TOTALS_SQL);
  }

  override async down(): Promise<void> {
    for (const sql of [
      ...dropStatementTriggers('checkout_sessions', 'sales'),
      ...dropStatementTriggers('payment_disputes', 'sales'),
    ])
      this.addSql(sql);
    this.addSql('drop function sales_day_totals_disputes();');
    this.addSql('drop function sales_day_totals_sessions();');
    this.addSql('drop table if exists "sales_day_totals" cascade;');
  }
}
