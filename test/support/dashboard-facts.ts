import type { Harness } from './harness';

/**
 * `sales_day_totals` (kept by triggers, Migration20261209000000SalesDayTotals) beside a recount from the payments
 * and disputes themselves, by the dashboard's rule: a session paid or refunded counts on its payment's UTC day; a
 * refund takes its amount back, and so does an unsettled dispute of a payment not refunded. Rows whose every sum
 * is back at 0 are left out of the totals (a day a payment left keeps its row).
 */
export async function salesTotalsAndRecount(h: Harness): Promise<[unknown[], unknown[]]> {
  const [totals, recount] = await Promise.all([
    h.sql(
      `select to_char(day, 'YYYY-MM-DD') as day, subject_id, currency, sales, gross::float8 as gross,
              refunded::float8 as refunded, disputed::float8 as disputed
         from sales_day_totals where (sales, gross, refunded, disputed) <> (0, 0, 0, 0) order by 1, 2, 3`,
    ),
    h.sql(
      `select to_char((s.completed_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, s.subject_id, s.currency,
              count(*)::int as sales, sum(s.amount)::float8 as gross,
              coalesce(sum(s.amount) filter (where s.status = 'refunded'), 0)::float8 as refunded,
              coalesce(sum(s.amount) filter (where s.status = 'paid' and exists (
                select 1 from payment_disputes d
                 where d.payment_intent_id = s.payment_intent_id and d.status not in ('won', 'warning_closed'))), 0)::float8 as disputed
         from checkout_sessions s
        where s.status in ('paid', 'refunded') and s.completed_at is not null
        group by 1, 2, 3 order by 1, 2, 3`,
    ),
  ]);
  return [totals, recount];
}

/**
 * `diagnostic_days` (kept by a trigger, Migration20261209010000DiagnosticDays) beside the same rows made again from
 * the attempts: one per learner and UTC day with a submitted diagnostic, with the learner's diagnostic day before.
 */
export async function diagnosticDaysAndRebuild(h: Harness): Promise<[unknown[], unknown[]]> {
  const [kept, rebuilt] = await Promise.all([
    h.sql(
      `select user_id, to_char(day, 'YYYY-MM-DD') as day, to_char(prev_day, 'YYYY-MM-DD') as prev from diagnostic_days
        order by 1, 2`,
    ),
    h.sql(
      `select user_id, to_char(day, 'YYYY-MM-DD') as day, to_char(lag(day) over (partition by user_id order by day), 'YYYY-MM-DD') as prev
         from (select distinct user_id, (submitted_at at time zone 'UTC')::date as day from quiz_attempts
                where kind in ('q_diag', 'q_diag_clinician') and status = 'submitted' and submitted_at is not null) d
        order by 1, 2`,
    ),
  ]);
  return [kept, rebuilt];
}
