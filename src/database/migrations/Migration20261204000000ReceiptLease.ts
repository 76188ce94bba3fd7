import { Migration } from '@mikro-orm/migrations';

/**
 * A receipt's claim becomes a lease (`receipt_claimed_at`), and `receipt_queued_at` is set only once the mail is on
 * the queue: a process that died between the two left a purchase whose receipt nobody would ever send, and the
 * receipt sweeper now takes such a claim over once it is 10 minutes old.
 */
export class Migration20261204000000ReceiptLease extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "checkout_sessions" add column "receipt_claimed_at" timestamptz null;');
    this.addSql(
      `create index "checkout_sessions_receipt_due_idx" on "checkout_sessions" ("completed_at") where "status" = 'paid' and "receipt_queued_at" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "checkout_sessions_receipt_due_idx";');
    this.addSql('alter table "checkout_sessions" drop column "receipt_claimed_at";');
  }
}
