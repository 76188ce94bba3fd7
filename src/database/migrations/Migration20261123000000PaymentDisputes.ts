import { Migration } from '@mikro-orm/migrations';

/**
 * Stripe webhooks now record expired checkout sessions ('expired') and chargebacks: the disputes
 * of a payment, and entitlements suspended while a dispute is open or lost ('suspended').
 */
export class Migration20261123000000PaymentDisputes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "payment_disputes" ("id" text not null, "payment_intent_id" text not null, "status" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "payment_disputes_pkey" primary key ("id"));',
    );
    this.addSql('create index "payment_disputes_payment_intent_id_index" on "payment_disputes" ("payment_intent_id");');
    this.addSql('alter table "checkout_sessions" drop constraint "checkout_sessions_status_check";');
    this.addSql(
      "alter table \"checkout_sessions\" add constraint \"checkout_sessions_status_check\" check (\"status\" in ('open', 'paid', 'canceled', 'failed', 'refunded', 'expired'));",
    );
    this.addSql('alter table "user_entitlements" drop constraint "user_entitlements_status_check";');
    this.addSql(
      "alter table \"user_entitlements\" add constraint \"user_entitlements_status_check\" check (\"status\" in ('active', 'refunded', 'revoked', 'suspended'));",
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "payment_disputes" cascade;');
    this.addSql('update "checkout_sessions" set "status" = \'canceled\' where "status" = \'expired\';');
    this.addSql('alter table "checkout_sessions" drop constraint "checkout_sessions_status_check";');
    this.addSql(
      "alter table \"checkout_sessions\" add constraint \"checkout_sessions_status_check\" check (\"status\" in ('open', 'paid', 'canceled', 'failed', 'refunded'));",
    );
    this.addSql('update "user_entitlements" set "status" = \'revoked\' where "status" = \'suspended\';');
    this.addSql('alter table "user_entitlements" drop constraint "user_entitlements_status_check";');
    this.addSql(
      'alter table "user_entitlements" add constraint "user_entitlements_status_check" check ("status" in (\'active\', \'refunded\', \'revoked\'));',
    );
  }
}
