import { Migration } from '@mikro-orm/migrations';
import { createStatementTriggers, dropStatementTriggers } from '../statement-triggers';

const DIAGNOSTIC = `kind in ('q_diag', 'q_diag_clinician') and status = 'submitted' and submitted_at is not null`;

/** Each learner's diagnostic days again from their attempts, with the day before each (the learners in `$1`). */
const REBUILD = (users: string) => `
  insert into diagnostic_days (user_id, day, prev_day)
  select user_id, day, lag(day) over (partition by user_id order by day)
    from (select distinct user_id, (submitted_at at time zone 'UTC')::date as day
            from quiz_attempts where ${DIAGNOSTIC}${users ? ` and user_id = any (${users})` : ''}) d`;

export const BACKFILL_DIAGNOSTIC_DAYS_SQL = `
delete from diagnostic_days;
${REBUILD('')};`;

/**
 * The owner's dashboard's diagnostic takers on 100,000 learners (issue 29 item 6): learners who submitted a
 * diagnostic in a period were counted by grouping every submitted diagnostic of both periods by learner (64 ms of
 * the 90-day dashboard). `diagnostic_days` holds one row per learner and UTC day with a submitted diagnostic, and
 * the learner's diagnostic day before it: a learner took one in [from, to) exactly when one of their days in it
 * has no day before it, or one before `from`, so a period's takers are a count of such rows, read from an index
 * on (day, prev_day) without looking at who they are.
 *
 * Kept by a trigger on `quiz_attempts` in the transaction of the change: the learners whose diagnostics a
 * statement inserts, submits, moves or removes get their few rows rebuilt from their attempts, one learner at a
 * time under a transaction lock of theirs (two tabs submitting at once never write the same rows twice). Owned by
 * assessment, with the attempts.
 */
export class Migration20261209010000DiagnosticDays extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "diagnostic_days" ("user_id" uuid not null, "day" date not null, "prev_day" date null, constraint "diagnostic_days_pkey" primary key ("user_id", "day"));',
    );
    this.addSql(
      'alter table "diagnostic_days" add constraint "diagnostic_days_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql('create index "diagnostic_days_day_prev_day_index" on "diagnostic_days" ("day", "prev_day");');
    this.addSql(`
create function diagnostic_days_rebuild(learners uuid[]) returns void language plpgsql as $$
declare
  u uuid;
begin
  -- in id order, so two statements touching the same learners never wait on each other in a cycle
  for u in select distinct x from unnest(learners) x order by 1 loop
    perform pg_advisory_xact_lock(hashtextextended('diagnostic_days:' || u::text, 0));
  end loop;
  delete from diagnostic_days where user_id = any (learners);
  ${REBUILD('learners')};
end $$;`);
    this.addSql(`
create function diagnostic_days_track() returns trigger language plpgsql as $$
declare
  learners uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct user_id) into learners from new_rows where ${DIAGNOSTIC};
  elsif tg_op = 'DELETE' then
    select array_agg(distinct user_id) into learners from old_rows where ${DIAGNOSTIC};
  else
    -- an update that changes none of what makes a diagnostic day (an answer saved on an open attempt) is skipped
    select array_agg(distinct x) into learners from (
      select unnest(array[o.user_id, n.user_id]) as x
        from old_rows o join new_rows n on n.id = o.id
       where (o.${DIAGNOSTIC.replace(/ and /g, ' and o.')} or n.${DIAGNOSTIC.replace(/ and /g, ' and n.')})
         and (o.user_id, o.kind, o.status, o.submitted_at) is distinct from (n.user_id, n.kind, n.status, n.submitted_at)) c;
  end if;
  if learners is not null then
    perform diagnostic_days_rebuild(learners);
  end if;
  return null;
end $$;`);
    for (const sql of createStatementTriggers('quiz_attempts', 'diagnostic_days', 'diagnostic_days_track'))
      this.addSql(sql);
    this.addSql(BACKFILL_DIAGNOSTIC_DAYS_SQL);
    // the count no longer reads the submitted diagnostics themselves
    this.addSql('drop index "quiz_attempts_diagnostic_submitted_idx";');
  }

  override async down(): Promise<void> {
    this.addSql(
      `create index "quiz_attempts_diagnostic_submitted_idx" on "quiz_attempts" ("submitted_at") include ("user_id") where "kind" in ('q_diag', 'q_diag_clinician') and "status" = 'submitted';`,
    );
    for (const sql of dropStatementTriggers('quiz_attempts', 'diagnostic_days')) this.addSql(sql);
    this.addSql('drop function diagnostic_days_track();');
    this.addSql('drop function diagnostic_days_rebuild(uuid[]);');
    this.addSql('drop table if exists "diagnostic_days" cascade;');
  }
}
