import { Migration } from '@mikro-orm/migrations';

/** Each UTC day's new learners (accounts created that day that hold the learner role), counted as they are. */
export const BACKFILL_NEW_LEARNER_COUNTS_SQL = `
insert into new_learner_day_counts (day, learners)
select (u.created_at at time zone 'UTC')::date, count(*) from users u
 where exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'learner')
 group by 1
on conflict (day) do update set learners = excluded.learners;`;

/**
 * The owner's dashboard's new learners on 100,000 learners (issue 29 item 6): the figure joined every account
 * created in both periods to its roles (50,000 accounts for a 90-day period here, 65 ms on a quiet machine). It is
 * now one row per UTC day of sign-up, kept by triggers in the transaction of the change, owned by auth with the
 * tables it counts:
 *
 * - a learner role given (registration, an admin) adds the account to its sign-up day;
 * - a learner role taken from an account that stays takes it away;
 * - an account removed is taken away before it goes (its roles then go by cascade, when the account can no longer
 *   be read, so the role trigger finds nothing to count);
 * - a sign-up moment changed (an operator's SQL) moves a learner between days.
 */
export class Migration20261208020000NewLearnerDayCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "new_learner_day_counts" ("day" date not null, "learners" int not null, constraint "new_learner_day_counts_pkey" primary key ("day"));',
    );
    this.addSql(`
create function new_learner_day_counts_add() returns trigger language plpgsql as $$
begin
  insert into new_learner_day_counts (day, learners)
  select (u.created_at at time zone 'UTC')::date, count(*)
    from new_rows n join users u on u.id = n.user_id
   where n.role = 'learner' group by 1 order by 1
  on conflict (day) do update set learners = new_learner_day_counts.learners + excluded.learners;
  return null;
end $$;`);
    this.addSql(`
create function new_learner_day_counts_remove() returns trigger language plpgsql as $$
begin
  update new_learner_day_counts c set learners = c.learners - o.n
    from (select (u.created_at at time zone 'UTC')::date as day, count(*) as n
            from old_rows r join users u on u.id = r.user_id
           where r.role = 'learner' group by 1) o
   where c.day = o.day;
  return null;
end $$;`);
    this.addSql(`
create function new_learner_day_counts_user() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from user_roles where user_id = old.id and role = 'learner') then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  update new_learner_day_counts set learners = learners - 1 where day = (old.created_at at time zone 'UTC')::date;
  if tg_op = 'UPDATE' then
    insert into new_learner_day_counts (day, learners) values ((new.created_at at time zone 'UTC')::date, 1)
    on conflict (day) do update set learners = new_learner_day_counts.learners + 1;
    return new;
  end if;
  return old;
end $$;`);
    this.addSql(
      'create trigger "user_roles_new_learner_add" after insert on "user_roles" referencing new table as new_rows for each statement execute function new_learner_day_counts_add();',
    );
    this.addSql(
      'create trigger "user_roles_new_learner_remove" after delete on "user_roles" referencing old table as old_rows for each statement execute function new_learner_day_counts_remove();',
    );
    this.addSql(
      'create trigger "users_new_learner_remove" before delete on "users" for each row execute function new_learner_day_counts_user();',
    );
    this.addSql(
      'create trigger "users_new_learner_move" after update of "created_at" on "users" for each row when (old.created_at is distinct from new.created_at) execute function new_learner_day_counts_user();',
    );
    this.addSql(BACKFILL_NEW_LEARNER_COUNTS_SQL);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger "users_new_learner_move" on "users";');
    this.addSql('drop trigger "users_new_learner_remove" on "users";');
    this.addSql('drop trigger "user_roles_new_learner_remove" on "user_roles";');
    this.addSql('drop trigger "user_roles_new_learner_add" on "user_roles";');
    this.addSql('drop function new_learner_day_counts_user();');
    this.addSql('drop function new_learner_day_counts_remove();');
    this.addSql('drop function new_learner_day_counts_add();');
    this.addSql('drop table if exists "new_learner_day_counts" cascade;');
  }
}
