import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts and receipts (issue 26 §9): the learner's display name (the name on certificates), the purchase a new
 * account was registered for (resumed by its first sign-in), and the claim that makes a purchase's receipt mail go
 * out once.
 */
export class Migration20261201020000AccountsAndReceipts extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "users" add column "display_name" text null, add column "pending_checkout" jsonb null;');
    this.addSql('alter table "checkout_sessions" add column "receipt_queued_at" timestamptz null;');
    // Purchases made before receipts existed get none: a later verify or webhook replay of one must not mail it now.
    this.addSql(
      `update "checkout_sessions" set "receipt_queued_at" = coalesce("completed_at", "updated_at") where "status" in ('paid', 'refunded');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table "checkout_sessions" drop column "receipt_queued_at";');
    this.addSql('alter table "users" drop column "display_name", drop column "pending_checkout";');
  }
}
