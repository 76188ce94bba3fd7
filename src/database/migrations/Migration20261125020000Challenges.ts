import { Migration } from '@mikro-orm/migrations';

/**
 * Challenge enrolments, per-day progress and micro-project submissions (the Studio review queue).
 * Foreign keys across modules (users) live here, not as entity relations.
 */
export class Migration20261125020000Challenges extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "challenge_enrollments" ("user_id" uuid not null, "challenge_id" text not null, "timezone" text not null, "daily_unlock_local_time" text not null, "start_local_date" date not null, "created_at" timestamptz not null default now(), constraint "challenge_enrollments_pkey" primary key ("user_id", "challenge_id"), constraint "challenge_enrollments_daily_unlock_local_time_check" check ("daily_unlock_local_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'));`,
    );
    this.addSql('create index "challenge_enrollments_challenge_id_index" on "challenge_enrollments" ("challenge_id");');
    this.addSql(
      'alter table "challenge_enrollments" add constraint "challenge_enrollments_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "challenge_enrollments" add constraint "challenge_enrollments_challenge_id_foreign" foreign key ("challenge_id") references "challenges" ("id") on update cascade on delete cascade;',
    );

    this.addSql(
      `create table "challenge_day_progress" ("user_id" uuid not null, "challenge_id" text not null, "day" int not null, "quiz_best_score" double precision null, "quiz_passed" boolean not null default false, "quiz_attempts" int not null default 0, "quiz_last_attempt_at" timestamptz null, "project_status" text null, "project_score" double precision null, "project_feedback" text null, "project_graded_by" text null, "project_updated_at" timestamptz null, "passed" boolean not null default false, "passed_at" timestamptz null, "updated_at" timestamptz not null default now(), constraint "challenge_day_progress_pkey" primary key ("user_id", "challenge_id", "day"), constraint "challenge_day_progress_scores_check" check (("quiz_best_score" is null or ("quiz_best_score" >= 0 and "quiz_best_score" <= 1)) and ("project_score" is null or ("project_score" >= 0 and "project_score" <= 1))), constraint "challenge_day_progress_project_check" check (coalesce("project_status", 'pending') in ('pending', 'passed', 'failed') and coalesce("project_graded_by", 'bot') in ('bot', 'reviewer')));`,
    );
    this.addSql(
      'alter table "challenge_day_progress" add constraint "challenge_day_progress_enrollment_foreign" foreign key ("user_id", "challenge_id") references "challenge_enrollments" ("user_id", "challenge_id") on update cascade on delete cascade;',
    );

    this.addSql(
      `create table "challenge_submissions" ("id" uuid not null, "user_id" uuid not null, "challenge_id" text not null, "day" int not null, "payload" jsonb not null, "status" text not null default 'pending', "bot_passed" boolean null, "bot_score" double precision null, "bot_feedback" text null, "bot_assessor" text null, "bot_assessed_at" timestamptz null, "reviewer_passed" boolean null, "reviewer_score" double precision null, "reviewer_note" text null, "graded_by" uuid null, "graded_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "challenge_submissions_pkey" primary key ("id"), constraint "challenge_submissions_status_check" check ("status" in ('pending', 'graded', 'auto-passed')), constraint "challenge_submissions_scores_check" check (("bot_score" is null or ("bot_score" >= 0 and "bot_score" <= 1)) and ("reviewer_score" is null or ("reviewer_score" >= 0 and "reviewer_score" <= 1))));`,
    );
    this.addSql(
      'create index "challenge_submissions_status_created_at_index" on "challenge_submissions" ("status", "created_at");',
    );
    this.addSql(
      'create index "challenge_submissions_user_id_challenge_id_day_index" on "challenge_submissions" ("user_id", "challenge_id", "day");',
    );
    this.addSql(
      'alter table "challenge_submissions" add constraint "challenge_submissions_enrollment_foreign" foreign key ("user_id", "challenge_id") references "challenge_enrollments" ("user_id", "challenge_id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "challenge_submissions" add constraint "challenge_submissions_graded_by_foreign" foreign key ("graded_by") references "users" ("id") on update cascade on delete set null;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "challenge_submissions" cascade;');
    this.addSql('drop table if exists "challenge_day_progress" cascade;');
    this.addSql('drop table if exists "challenge_enrollments" cascade;');
  }
}
