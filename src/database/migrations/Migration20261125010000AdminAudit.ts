import { Migration } from '@mikro-orm/migrations';

/**
 * The admins' audit trail: who changed whose roles, tags or module unlocks, and when. Written in
 * the same transaction as the change; no foreign keys, so entries outlive the accounts they name.
 */
export class Migration20261125010000AdminAudit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "admin_audit" ("id" uuid not null default gen_random_uuid(), "actor_id" uuid not null, "target_user_id" uuid not null, "action" text check ("action" in ('roles.set', 'tag.add', 'tag.remove', 'unlock.add', 'unlock.remove')) not null, "details" jsonb not null, "created_at" timestamptz not null default now(), constraint "admin_audit_pkey" primary key ("id"));`,
    );
    this.addSql(
      'create index "admin_audit_target_user_id_created_at_index" on "admin_audit" ("target_user_id", "created_at");',
    );
    this.addSql('create index "admin_audit_created_at_index" on "admin_audit" ("created_at");');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "admin_audit" cascade;');
  }
}
