import { Migration } from '@mikro-orm/migrations';

/** Each UTC day's active learners and topic completions, counted from the fact tables as they are. */
export const BACKFILL_DAY_COUNTS_SQL = `
insert into learner_activity_day_counts (day, learners)
select day, count(*) from learner_activity_days group by day
on conflict (day) do update set learners = excluded.learners;
insert into topic_completion_day_counts (day, completions)
select (completed_at at time zone 'UTC')::date, count(*) from topic_completions group by 1
on conflict (day) do update set completions = excluded.completions;`;

/**
 * The owner's dashboard on 100,000 learners, second step (issue 29 item 6: the hub's calls under 200 ms p95).
 * The daily series of active learners counted `learner_activity_days` rows for every day of the period (about
 * 5,000 rows a day there), and topics completed counted `topic_completions` rows over both periods: a cost that
 * grows with the period and the platform. Both are now one row per UTC day, kept by triggers on the fact tables
 * in the same transaction as the fact, so a period reads at most 2 × 366 small rows:
 *
 * - `learner_activity_day_counts`: learners active on the day (rows of `learner_activity_days`);
 * - `topic_completion_day_counts`: topics first completed on the day (`topic_completions` by the UTC day of
 *   `completed_at`; a completion moved earlier moves from one day to the other).
 *
 * A day's row is written by the first activity of each learner that day (a few per second at this size), so
 * the row lock it takes until commit is short and rarely waited for. Deletes (a learner's account removed,
 * cascading) take their rows back out. Statement triggers with transition tables: a bulk insert adds its
 * rows' counts in one statement per table.
 */
export class Migration20261208000000DailyFactCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "learner_activity_day_counts" ("day" date not null, "learners" int not null, constraint "learner_activity_day_counts_pkey" primary key ("day"));',
    );
    this.addSql(
      'create table "topic_completion_day_counts" ("day" date not null, "completions" int not null, constraint "topic_completion_day_counts_pkey" primary key ("day"));',
    );

    // Days in a fixed order, so two statements touching the same days lock them in the same order.
    this.addSql(`
create function learner_activity_day_counts_add() returns trigger language plpgsql as $$
begin
  insert into learner_activity_day_counts (day, learners)
  select day, count(*) from new_rows group by day order by day
  on conflict (day) do update set learners = learner_activity_day_counts.learners + excluded.learners;
  return null;
end $$;`);
    this.addSql(`
create function learner_activity_day_counts_remove() returns trigger language plpgsql as $$
begin
  update learner_activity_day_counts c set learners = c.learners - o.n
    from (select day, count(*) as n from old_rows group by day order by day) o
   where c.day = o.day;
  return null;
end $$;`);
    this.addSql(
      'create trigger "learner_activity_days_count_add" after insert on "learner_activity_days" referencing new table as new_rows for each statement execute function learner_activity_day_counts_add();',
    );
    this.addSql(
      'create trigger "learner_activity_days_count_remove" after delete on "learner_activity_days" referencing old table as old_rows for each statement execute function learner_activity_day_counts_remove();',
    );

    // One function for the three events: the change of each day's count is (rows now on it) − (rows before).
    this.addSql(`
create function topic_completion_day_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into topic_completion_day_counts (day, completions)
    select (completed_at at time zone 'UTC')::date as day, count(*) from new_rows group by 1 order by 1
    on conflict (day) do update set completions = topic_completion_day_counts.completions + excluded.completions;
  elsif tg_op = 'DELETE' then
    update topic_completion_day_counts c set completions = c.completions - o.n
      from (select (completed_at at time zone 'UTC')::date as day, count(*) as n from old_rows group by 1) o
     where c.day = o.day;
  else
    insert into topic_completion_day_counts (day, completions)
    select day, sum(n) from (
      select (completed_at at time zone 'UTC')::date as day, count(*) as n from new_rows group by 1
      union all
      select (completed_at at time zone 'UTC')::date, -count(*) from old_rows group by 1) d
     group by day having sum(n) <> 0 order by day
    on conflict (day) do update set completions = topic_completion_day_counts.completions + excluded.completions;
  end if;
  return null;
end $$;`);
    this.addSql(
      'create trigger "topic_completions_count_insert" after insert on "topic_completions" referencing new table as new_rows for each statement execute function topic_completion_day_counts_apply();',
    );
    this.addSql(
      'create trigger "topic_completions_count_update" after update on "topic_completions" referencing old table as old_rows new table as new_rows for each statement execute function topic_completion_day_counts_apply();',
    );
    this.addSql(
      'create trigger "topic_completions_count_delete" after delete on "topic_completions" referencing old table as old_rows for each statement execute function topic_completion_day_counts_apply();',
    );

    this.addSql(BACKFILL_DAY_COUNTS_SQL);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger "topic_completions_count_delete" on "topic_completions";');
    this.addSql('drop trigger "topic_completions_count_update" on "topic_completions";');
    this.addSql('drop trigger "topic_completions_count_insert" on "topic_completions";');
    this.addSql('drop function topic_completion_day_counts_apply();');
    this.addSql('drop trigger "learner_activity_days_count_remove" on "learner_activity_days";');
    this.addSql('drop trigger "learner_activity_days_count_add" on "learner_activity_days";');
    this.addSql('drop function learner_activity_day_counts_remove();');
    this.addSql('drop function learner_activity_day_counts_add();');
    this.addSql('drop table if exists "topic_completion_day_counts" cascade;');
    this.addSql('drop table if exists "learner_activity_day_counts" cascade;');
  }
}
