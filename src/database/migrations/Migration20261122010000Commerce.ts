import { Migration } from '@mikro-orm/migrations';

/**
 * Prices (seeded from the spec's table), checkout sessions, entitlements (one per user and
 * subject) and the ids of payment events already applied.
 */
export class Migration20261122010000Commerce extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "checkout_sessions" ("id" text not null, "provider" text not null, "user_id" uuid not null, "subject_id" text not null, "price_id" text not null, "amount" int not null, "currency" text not null, "status" text not null default \'open\', "payment_intent_id" text null, "completed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "checkout_sessions_pkey" primary key ("id"));',
    );
    this.addSql(
      'create index "checkout_sessions_payment_intent_id_index" on "checkout_sessions" ("payment_intent_id");',
    );
    this.addSql('create index "checkout_sessions_user_id_status_index" on "checkout_sessions" ("user_id", "status");');
    this.addSql(
      'create table "payment_events" ("id" text not null, "provider" text not null, "type" text not null, "received_at" timestamptz not null default now(), constraint "payment_events_pkey" primary key ("id"));',
    );
    this.addSql(
      'create table "prices" ("id" text not null, "subject_id" text not null, "currency" text not null default \'usd\', "amount" int not null, "provider_price_id" text null, "active" boolean not null default true, "created_at" timestamptz not null default now(), constraint "prices_pkey" primary key ("id"));',
    );
    this.addSql('create index "prices_subject_id_index" on "prices" ("subject_id");');
    this.addSql(
      'create table "user_entitlements" ("id" uuid not null, "user_id" uuid not null, "subject_id" text not null, "status" text not null default \'active\', "checkout_session_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "user_entitlements_pkey" primary key ("id"));',
    );
    this.addSql(
      'alter table "user_entitlements" add constraint "user_entitlements_user_id_subject_id_unique" unique ("user_id", "subject_id");',
    );
    this.addSql(
      'alter table "prices" add constraint "prices_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade on delete cascade;',
    );
    this.addSql('alter table "prices" add constraint "prices_amount_check" check ("amount" >= 0);');
    this.addSql(
      'alter table "checkout_sessions" add constraint "checkout_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "checkout_sessions" add constraint "checkout_sessions_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade;',
    );
    this.addSql(
      "alter table \"checkout_sessions\" add constraint \"checkout_sessions_status_check\" check (\"status\" in ('open', 'paid', 'canceled', 'failed', 'refunded'));",
    );
    this.addSql(
      'alter table "user_entitlements" add constraint "user_entitlements_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "user_entitlements" add constraint "user_entitlements_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade;',
    );
    this.addSql(
      'alter table "user_entitlements" add constraint "user_entitlements_status_check" check ("status" in (\'active\', \'refunded\', \'revoked\'));',
    );
    this.addSql(
      "insert into prices (id, subject_id, currency, amount) select 'price_' || replace(id, '-', '_'), id, 'usd', case when id = 'vagus-nerve' then 4900 else 2900 end from subjects on conflict do nothing;",
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "payment_events" cascade;');
    this.addSql('drop table if exists "user_entitlements" cascade;');
    this.addSql('drop table if exists "checkout_sessions" cascade;');
    this.addSql('drop table if exists "prices" cascade;');
  }
}
