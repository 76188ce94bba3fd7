import { Migration } from '@mikro-orm/migrations';

/** Accounts, roles, sessions with their refresh-token families, and one-time tokens. */
export class Migration20261121000000Auth extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "users" ("id" uuid not null, "email" text not null, "password_hash" text not null, "email_verified_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "users_pkey" primary key ("id"));',
    );
    this.addSql('alter table "users" add constraint "users_email_unique" unique ("email");');
    this.addSql(
      'create table "one_time_tokens" ("id" uuid not null, "user_id" uuid not null, "kind" text check ("kind" in (\'verify\', \'reset\')) not null, "token_hash" text not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "one_time_tokens_pkey" primary key ("id"));',
    );
    this.addSql(
      'alter table "one_time_tokens" add constraint "one_time_tokens_token_hash_unique" unique ("token_hash");',
    );
    this.addSql('create index "one_time_tokens_user_id_kind_index" on "one_time_tokens" ("user_id", "kind");');
    this.addSql(
      'create table "auth_sessions" ("id" uuid not null, "user_id" uuid not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, "revoke_reason" text null, "user_agent" text null, "ip" text null, constraint "auth_sessions_pkey" primary key ("id"));',
    );
    this.addSql('create index "auth_sessions_user_id_index" on "auth_sessions" ("user_id");');
    this.addSql(
      'create table "refresh_tokens" ("id" uuid not null, "session_id" uuid not null, "token_hash" text not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "refresh_tokens_pkey" primary key ("id"));',
    );
    this.addSql('create index "refresh_tokens_session_id_index" on "refresh_tokens" ("session_id");');
    this.addSql(
      'alter table "refresh_tokens" add constraint "refresh_tokens_token_hash_unique" unique ("token_hash");',
    );
    this.addSql(
      'create table "user_roles" ("user_id" uuid not null, "role" text not null, "created_at" timestamptz not null, constraint "user_roles_pkey" primary key ("user_id", "role"));',
    );
    this.addSql(
      'alter table "one_time_tokens" add constraint "one_time_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "auth_sessions" add constraint "auth_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "refresh_tokens" add constraint "refresh_tokens_session_id_foreign" foreign key ("session_id") references "auth_sessions" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "user_roles" add constraint "user_roles_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "refresh_tokens" cascade;');
    this.addSql('drop table if exists "auth_sessions" cascade;');
    this.addSql('drop table if exists "one_time_tokens" cascade;');
    this.addSql('drop table if exists "user_roles" cascade;');
    this.addSql('drop table if exists "users" cascade;');
  }
}
