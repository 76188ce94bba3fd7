import { Migration } from '@mikro-orm/migrations';

const OLD_ACTIONS = `'roles.set', 'tag.add', 'tag.remove', 'tag.visibility', 'unlock.add', 'unlock.remove', 'job.cancel', 'job.retry'`;
const NEW_ACTIONS = `'version.publish', 'version.reset', 'course.visibility', 'media.upload', 'media.attach', 'certificate.revoke', 'review.grade', 'queue.pause', 'queue.resume', 'queue.retry', 'queue.promote', 'queue.clean', 'queue.empty', 'queue.job.retry', 'queue.job.remove', 'queue.job.promote'`;

/**
 * The audit trail records every staff action: besides users' access and generation jobs, an entry may name a
 * generic target (`target_type` + `target_id`: a subject, a media file, a certificate, a submission, a queue or
 * a job on one). Old rows keep their columns and stay readable; still exactly one target per entry. The
 * actor's index serves the list's filter by actor.
 */
export class Migration20261207000000AuditStaffActions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "admin_audit" add column "target_type" text check ("target_type" in ('subject', 'media', 'certificate', 'submission', 'queue', 'queue_job')) null, add column "target_id" text null;`,
    );
    this.addSql('alter table "admin_audit" drop constraint "admin_audit_action_check";');
    this.addSql(
      `alter table "admin_audit" add constraint "admin_audit_action_check" check ("action" in (${OLD_ACTIONS}, ${NEW_ACTIONS}));`,
    );
    this.addSql('alter table "admin_audit" drop constraint "admin_audit_one_target_check";');
    this.addSql(
      'alter table "admin_audit" add constraint "admin_audit_one_target_check" check (num_nonnulls("target_user_id", "target_job_id", "target_id") = 1);',
    );
    this.addSql(
      'alter table "admin_audit" add constraint "admin_audit_target_typed_check" check (("target_type" is null) = ("target_id" is null));',
    );
    this.addSql(
      'create index "admin_audit_target_type_target_id_created_at_index" on "admin_audit" ("target_type", "target_id", "created_at");',
    );
    this.addSql('create index "admin_audit_actor_id_created_at_index" on "admin_audit" ("actor_id", "created_at");');
  }

  override async down(): Promise<void> {
    this.addSql('delete from "admin_audit" where "target_id" is not null;');
    this.addSql('drop index "admin_audit_actor_id_created_at_index";');
    this.addSql('drop index "admin_audit_target_type_target_id_created_at_index";');
    this.addSql('alter table "admin_audit" drop constraint "admin_audit_target_typed_check";');
    this.addSql('alter table "admin_audit" drop constraint "admin_audit_one_target_check";');
    this.addSql(
      'alter table "admin_audit" add constraint "admin_audit_one_target_check" check (num_nonnulls("target_user_id", "target_job_id") = 1);',
    );
    this.addSql('alter table "admin_audit" drop constraint "admin_audit_action_check";');
    this.addSql(
      `alter table "admin_audit" add constraint "admin_audit_action_check" check ("action" in (${OLD_ACTIONS}));`,
    );
    this.addSql('alter table "admin_audit" drop column "target_id", drop column "target_type";');
  }
}
