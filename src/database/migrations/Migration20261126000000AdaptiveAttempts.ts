import { Migration } from '@mikro-orm/migrations';

/**
 * Adaptive quiz attempts (assessment module): the attempt serves one question at a time, so it keeps
 * the answers given so far, in order, beside the questions served (`question_ids`).
 */
export class Migration20261126000000AdaptiveAttempts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "quiz_attempts" add column "answers" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "quiz_attempts" drop column "answers";');
  }
}
