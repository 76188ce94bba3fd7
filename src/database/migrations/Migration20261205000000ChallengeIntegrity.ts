import { Migration } from '@mikro-orm/migrations';

/**
 * Challenge integrity (issue 27): each learner's served order of a day's quiz options (graded against, so an
 * option index means nothing across learners or submissions) and the per learner-local day count of quiz
 * submissions (at most 3 a day).
 */
export class Migration20261205000000ChallengeIntegrity extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "challenge_day_progress"
         add column "quiz_order" jsonb null,
         add column "quiz_tries_date" date null,
         add column "quiz_tries" integer not null default 0;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      'alter table "challenge_day_progress" drop column "quiz_order", drop column "quiz_tries_date", drop column "quiz_tries";',
    );
  }
}
