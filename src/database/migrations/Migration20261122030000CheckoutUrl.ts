import { Migration } from '@mikro-orm/migrations';

/** Keeps each checkout session's payment page, so a second "Buy" reuses an open session instead of charging twice. */
export class Migration20261122030000CheckoutUrl extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "checkout_sessions" add column "url" text null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "checkout_sessions" drop column if exists "url";');
  }
}
