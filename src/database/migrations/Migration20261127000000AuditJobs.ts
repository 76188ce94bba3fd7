import { Migration } from '@mikro-orm/migrations';

/**
 * The audit trail (now the audit module's) also records Studio's cancel and retry of generation jobs: an
 * entry targets a user or a job, exactly one of them.
 */
export class Migration20261127000000AuditJobs extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "admin_audit" alter column "target_user_id" drop not null;');
    this.addSql('alter table "admin_audit" add column "target_job_id" text null;');
    this.addSql('alter table "admin_audit" drop constraint "admin_audit_action_check";');
    this.addSql(
      `alter table "admin_audit" add constraint "admin_audit_action_check" check ("action" in ('roles.set', 'tag.add', 'tag.remove', 'unlock.add', 'unlock.remove', 'job.cancel', 'job.retry'));`,
    );
    this.addSql(
      'alter table "admin_audit" add constraint "admin_audit_one_target_check" check (num_nonnulls("target_user_id", "target_job_id") = 1);',
    );
    this.addSql(
      'create index "admin_audit_target_job_id_created_at_index" on "admin_audit" ("target_job_id", "created_at");',
    );
  }

  override async down(): Promise<void> {
    this.addSql('delete from "admin_audit" where "target_job_id" is not null;');
    this.addSql('drop index "admin_audit_target_job_id_created_at_index";');
    this.addSql('alter table "admin_audit" drop constraint "admin_audit_one_target_check";');
    this.addSql('alter table "admin_audit" drop constraint "admin_audit_action_check";');
    this.addSql(
      `alter table "admin_audit" add constraint "admin_audit_action_check" check ("action" in ('roles.set', 'tag.add', 'tag.remove', 'unlock.add', 'unlock.remove'));`,
    );
    this.addSql('alter table "admin_audit" drop column "target_job_id";');
    this.addSql('alter table "admin_audit" alter column "target_user_id" set not null;');
  }
}
