import { Migration } from '@mikro-orm/migrations';

/**
 * The owner's dashboard and Studio analytics on 100,000 learners (issue 29 item 6): each period figure reads the
 * rows of its period by an index on the moment that puts them in it, instead of scanning its whole table (new
 * learners by sign-up, diagnostics by submission, enrolments by start, sales by payment), and each challenge
 * funnel counts passed days from an index that holds only them.
 */
export class Migration20261208010000DashboardIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "users_created_at_index" on "users" ("created_at");');
    this.addSql('create index "challenge_enrollments_created_at_index" on "challenge_enrollments" ("created_at");');
    this.addSql('create index "checkout_sessions_completed_at_index" on "checkout_sessions" ("completed_at");');
    // partial: only submitted diagnostics, with the learner, so the count is read from the index alone
    this.addSql(
      `create index "quiz_attempts_diagnostic_submitted_idx" on "quiz_attempts" ("submitted_at") include ("user_id") where "kind" in ('q_diag', 'q_diag_clinician') and "status" = 'submitted';`,
    );
    this.addSql(
      'create index "challenge_day_progress_passed_idx" on "challenge_day_progress" ("challenge_id", "day") where "passed";',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index "challenge_day_progress_passed_idx";');
    this.addSql('drop index "quiz_attempts_diagnostic_submitted_idx";');
    this.addSql('drop index "checkout_sessions_completed_at_index";');
    this.addSql('drop index "challenge_enrollments_created_at_index";');
    this.addSql('drop index "users_created_at_index";');
  }
}
