import { Migration } from '@mikro-orm/migrations';

/** Full refunds that arrive before their payment's completion event. */
export class Migration20261122050000PendingRefunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "pending_refunds" ("payment_intent_id" text not null, "event_id" text not null, "created_at" timestamptz not null default now(), constraint "pending_refunds_pkey" primary key ("payment_intent_id"));',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "pending_refunds" cascade;');
  }
}
