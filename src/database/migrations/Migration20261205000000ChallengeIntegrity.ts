import { Migration } from '@mikro-orm/migrations';

/**
 * Challenge integrity (issue 27): each learner's served order of a day's quiz options (graded against, so an
 * option index means nothing across learners or submissions), the per learner-local day count of quiz
 * submissions (at most 3 a day), and the project status `awaiting-review` (the bot passed every day only
 * narrowly, so a reviewer decides the last one).
 */
export class Migration20261205000000ChallengeIntegrity extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "challenge_day_progress"
         add column "quiz_order" jsonb null,
         add column "quiz_tries_date" date null,
         add column "quiz_tries" integer not null default 0;`,
    );
    this.addSql(
      `alter table "challenge_day_progress" drop constraint "challenge_day_progress_project_check",
         add constraint "challenge_day_progress_project_check" check (coalesce("project_status", 'pending') in ('pending', 'awaiting-review', 'passed', 'failed') and coalesce("project_graded_by", 'bot') in ('bot', 'reviewer'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `update "challenge_day_progress" set "project_status" = 'pending' where "project_status" = 'awaiting-review';`,
    );
    this.addSql(
      `alter table "challenge_day_progress" drop constraint "challenge_day_progress_project_check",
         add constraint "challenge_day_progress_project_check" check (coalesce("project_status", 'pending') in ('pending', 'passed', 'failed') and coalesce("project_graded_by", 'bot') in ('bot', 'reviewer'));`,
    );
    this.addSql(
      'alter table "challenge_day_progress" drop column "quiz_order", drop column "quiz_tries_date", drop column "quiz_tries";',
    );
  }
}
