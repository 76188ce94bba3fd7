import { Migration } from '@mikro-orm/migrations';

/** Every learner's UTC days with an answer or a submitted test, from the evidence log. */
export const BACKFILL_ACTIVITY_SQL = `
insert into learner_activity_days (user_id, day)
select user_id, (answered_at at time zone 'UTC')::date from learning_answers
union
select user_id, (submitted_at at time zone 'UTC')::date from quiz_attempts
 where status = 'submitted' and submitted_at is not null
on conflict do nothing;`;

/**
 * Every learner's topic completions from the evidence log and the mastery rows: the statement the dashboard ran
 * at each request until now, over all time (a level's moment is its row's last update: no history is kept).
 */
export const BACKFILL_COMPLETIONS_SQL = `
insert into topic_completions (user_id, subject_id, node_id, completed_at)
with checks as (
  select subject_id, node_id, count(*) as total from quiz_items where use = 'check' group by subject_id, node_id
), firsts as (
  select distinct on (a.user_id, a.subject_id, a.item_id) a.user_id, a.subject_id, a.node_id, a.correct, a.answered_at, a.id
    from learning_answers a
   order by a.user_id, a.subject_id, a.item_id, a.answered_at, a.id
), running as (
  select f.user_id, f.subject_id, f.node_id, f.answered_at,
         count(*) filter (where f.correct) over (partition by f.user_id, f.subject_id, f.node_id
                                                 order by f.answered_at, f.id) as right_so_far
    from firsts f
), by_check as (
  select r.user_id, r.subject_id, r.node_id, min(r.answered_at) as at
    from running r join checks c using (subject_id, node_id)
   where r.right_so_far * 2 > c.total
   group by 1, 2, 3
), by_level as (
  select user_id, subject_id, skill_id as node_id, updated_at as at from user_mastery
   where kind = 'topic' and p_known >= 0.7
)
select user_id, subject_id, node_id, min(at)
  from (select * from by_check union all select * from by_level) x
 group by 1, 2, 3
on conflict do nothing;`;

/**
 * The owner's dashboard on 100,000 learners (issue 29 item 6: the hub's calls under 200 ms p95). Its learning
 * figures were recomputed from the evidence log at every request: seconds for topics completed, hundreds of
 * milliseconds for active learners. Two facts are now recorded when they happen, both owned by assessment
 * (their sources, `learning_answers`, `quiz_attempts` and `user_mastery`, are assessment's tables):
 *
 * - `topic_completions`: one row per learner and topic, at the moment the topic first became complete by the
 *   learning path's rule (learning-path.ts): its check passed (more than half of its check items with a right
 *   first answer; the moment is the first answer that made it so) or its level reached 0.7 (the moment is the
 *   mastery row's update). The earlier of the two; a topic is never counted twice.
 * - `learner_activity_days`: one row per learner and UTC day with a graded answer or a submitted test (the
 *   platform's learner day is the UTC day, as for the daily evidence rule: users have no time zone).
 *
 * They are kept by triggers on the three source tables, so every writer (the answer and test flows, the
 * content migration, an operator's SQL) keeps them right in its own transaction, and nothing can forget to.
 * The answer trigger waits for racing answers on the same topic before it reads the topic's first answers, so a
 * check passed by the second of two parallel answers is not missed.
 * Existing data is backfilled with the statements the dashboard ran until now.
 */
export class Migration20261207100000LearningFacts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "topic_completions" ("user_id" uuid not null, "subject_id" text not null, "node_id" text not null, "completed_at" timestamptz not null, constraint "topic_completions_pkey" primary key ("user_id", "subject_id", "node_id"));',
    );
    this.addSql(
      'alter table "topic_completions" add constraint "topic_completions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql('create index "topic_completions_completed_at_index" on "topic_completions" ("completed_at");');

    this.addSql(
      'create table "learner_activity_days" ("user_id" uuid not null, "day" date not null, constraint "learner_activity_days_pkey" primary key ("user_id", "day"));',
    );
    this.addSql(
      'alter table "learner_activity_days" add constraint "learner_activity_days_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql(
      'create index "learner_activity_days_day_user_id_index" on "learner_activity_days" ("day", "user_id");',
    );

    // The moment a topic's check passed for a learner: the first answer (of the items' first answers, in time
    // order) that makes the right ones more than half of the topic's check items; null when it has not.
    this.addSql(`
create function topic_check_passed_at(p_user uuid, p_subject text, p_node text) returns timestamptz
language sql stable as $$
  select min(r.answered_at)
    from (select f.answered_at,
                 count(*) filter (where f.correct) over (order by f.answered_at, f.id) as right_so_far
            from (select distinct on (a.item_id) a.correct, a.answered_at, a.id
                    from learning_answers a
                   where a.user_id = p_user and a.subject_id = p_subject and a.node_id = p_node
                   order by a.item_id, a.answered_at, a.id) f) r
    join (select count(*) as total from quiz_items
           where subject_id = p_subject and node_id = p_node and use = 'check' having count(*) > 0) c
      on r.right_so_far * 2 > c.total
$$;`);

    // Once per statement, over the rows it inserted: an answer flow inserts one row, a seed or an import many.
    this.addSql(`
create function learning_answer_facts() returns trigger language plpgsql as $$
begin
  insert into learner_activity_days (user_id, day)
  select distinct user_id, (answered_at at time zone 'UTC')::date from new_rows
  on conflict do nothing;
  -- Racing answers on one topic must see each other, or a check passed by the second is missed: each waits for
  -- the other's commit before it reads the topic's first answers (a new statement sees what committed). A few
  -- topics (an answer flow): a lock per learner and topic, in a fixed order, and each topic's moment read by
  -- its indexes. Many (a seed, an import; a lock each would fill the lock table): every other writer of answers
  -- is waited for and held off until this transaction ends, and the moments are computed in one pass. The
  -- moment is recomputed even when the topic has a row: an answer written with an earlier time (a seed, an
  -- import) can only move it earlier.
  if (select count(*) from (select distinct user_id, subject_id, node_id from new_rows) t) <= 64 then
    perform pg_advisory_xact_lock(hashtextextended('completion:' || t.user_id || ':' || t.subject_id || ':' || t.node_id, 26))
       from (select distinct user_id, subject_id, node_id from new_rows order by 1, 2, 3) t;
    insert into topic_completions (user_id, subject_id, node_id, completed_at)
    select t.user_id, t.subject_id, t.node_id, c.at
      from (select distinct user_id, subject_id, node_id from new_rows) t
     cross join lateral (select topic_check_passed_at(t.user_id, t.subject_id, t.node_id) as at) c
     where c.at is not null
    on conflict (user_id, subject_id, node_id) do update set completed_at = excluded.completed_at
      where excluded.completed_at < topic_completions.completed_at;
  else
    lock table learning_answers in share row exclusive mode;
    -- planned for this statement's rows (a cached plan would keep the first bulk's sizes)
    execute $q$
    insert into topic_completions (user_id, subject_id, node_id, completed_at)
    with checks as (
      select subject_id, node_id, count(*) as total from quiz_items where use = 'check' group by subject_id, node_id
    ), firsts as (
      select distinct on (a.user_id, a.subject_id, a.item_id) a.user_id, a.subject_id, a.node_id, a.correct,
             a.answered_at, a.id
        from learning_answers a
        join (select distinct user_id, subject_id, node_id from new_rows) t using (user_id, subject_id, node_id)
       order by a.user_id, a.subject_id, a.item_id, a.answered_at, a.id
    ), running as (
      select f.user_id, f.subject_id, f.node_id, f.answered_at,
             count(*) filter (where f.correct) over (partition by f.user_id, f.subject_id, f.node_id
                                                     order by f.answered_at, f.id) as right_so_far
        from firsts f
    )
    select r.user_id, r.subject_id, r.node_id, min(r.answered_at)
      from running r join checks c using (subject_id, node_id)
     where r.right_so_far * 2 > c.total
     group by 1, 2, 3
    on conflict (user_id, subject_id, node_id) do update set completed_at = excluded.completed_at
      where excluded.completed_at < topic_completions.completed_at
    $q$;
  end if;
  return null;
end $$;`);
    this.addSql(
      'create trigger "learning_answers_facts" after insert on "learning_answers" referencing new table as new_rows for each statement execute function learning_answer_facts();',
    );

    this.addSql(`
create function quiz_attempt_facts() returns trigger language plpgsql as $$
begin
  insert into learner_activity_days (user_id, day)
  values (new.user_id, (new.submitted_at at time zone 'UTC')::date)
  on conflict do nothing;
  return null;
end $$;`);
    this.addSql(
      `create trigger "quiz_attempts_facts" after insert or update of "status", "submitted_at" on "quiz_attempts" for each row when (new.status = 'submitted' and new.submitted_at is not null) execute function quiz_attempt_facts();`,
    );

    this.addSql(`
create function user_mastery_facts() returns trigger language plpgsql as $$
begin
  insert into topic_completions (user_id, subject_id, node_id, completed_at)
  values (new.user_id, new.subject_id, new.skill_id, new.updated_at)
  on conflict (user_id, subject_id, node_id) do update set completed_at = excluded.completed_at
    where excluded.completed_at < topic_completions.completed_at;
  return null;
end $$;`);
    this.addSql(
      `create trigger "user_mastery_facts" after insert or update of "p_known", "updated_at" on "user_mastery" for each row when (new.kind = 'topic' and new.p_known >= 0.7) execute function user_mastery_facts();`,
    );

    // Active learners of a period without one row per learner and day: one row per learner with a bit per day
    // from their first active day, rebuilt from their days whenever one is added (the first activity of a day).
    this.addSql(
      'create table "learner_activity" ("user_id" uuid not null, "first_day" date not null, "days" varbit not null, constraint "learner_activity_pkey" primary key ("user_id"));',
    );
    this.addSql(
      'alter table "learner_activity" add constraint "learner_activity_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql(`
create function learner_activity_days_facts() returns trigger language plpgsql as $$
begin
  -- Each learner's row is locked before it is rebuilt, so two transactions adding days of one learner take
  -- turns and the second rebuilds from what the first committed (a new statement sees it).
  insert into learner_activity (user_id, first_day, days)
  select distinct user_id, current_date, B'' from new_rows
  on conflict do nothing;
  -- planned for each statement's rows: a plan cached on a bulk insert's sizes would scan every learner's days
  -- for each later single day
  execute $q$
  select 1 from learner_activity where user_id in (select user_id from new_rows) order by user_id for update
  $q$;
  execute $q$
  insert into learner_activity (user_id, first_day, days)
  select s.user_id, s.first_day,
         string_agg(case when a.day is null then '0' else '1' end, '' order by g.d)::varbit
    from (select a.user_id, min(a.day) as first_day, max(a.day) as last_day
            from learner_activity_days a where a.user_id in (select user_id from new_rows) group by a.user_id) s
   cross join lateral generate_series(s.first_day, s.last_day, interval '1 day') g(d)
    left join learner_activity_days a on a.user_id = s.user_id and a.day = g.d::date
   group by s.user_id, s.first_day
  on conflict (user_id) do update set first_day = excluded.first_day, days = excluded.days
  $q$;
  return null;
end $$;`);
    this.addSql(
      'create trigger "learner_activity_days_facts" after insert on "learner_activity_days" referencing new table as new_rows for each statement execute function learner_activity_days_facts();',
    );

    // Backfill: what the dashboard computed until now, over all time.
    this.addSql(BACKFILL_ACTIVITY_SQL);
    this.addSql(BACKFILL_COMPLETIONS_SQL);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger "learner_activity_days_facts" on "learner_activity_days";');
    this.addSql('drop function learner_activity_days_facts();');
    this.addSql('drop table if exists "learner_activity" cascade;');
    this.addSql('drop trigger "user_mastery_facts" on "user_mastery";');
    this.addSql('drop trigger "quiz_attempts_facts" on "quiz_attempts";');
    this.addSql('drop trigger "learning_answers_facts" on "learning_answers";');
    this.addSql('drop function user_mastery_facts();');
    this.addSql('drop function quiz_attempt_facts();');
    this.addSql('drop function learning_answer_facts();');
    this.addSql('drop function topic_check_passed_at(uuid, text, text);');
    this.addSql('drop table if exists "learner_activity_days" cascade;');
    this.addSql('drop table if exists "topic_completions" cascade;');
  }
}
