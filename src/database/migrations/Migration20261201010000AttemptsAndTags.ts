import { Migration } from '@mikro-orm/migrations';

/**
 * Per (user, subject, kind) the newest open attempt stays open; older open ones become `abandoned`
 * (no result, so no cooldown). Exported so the e2e test runs the very statements on seeded duplicates.
 */
export const CLOSE_DUPLICATE_OPEN_ATTEMPTS = `update "quiz_attempts" a set "status" = 'abandoned'
  where a."status" = 'open' and exists (
    select 1 from "quiz_attempts" b
     where b."user_id" = a."user_id" and b."subject_id" = a."subject_id" and b."kind" = a."kind" and b."status" = 'open'
       and (b."created_at" > a."created_at" or (b."created_at" = a."created_at" and b."id" > a."id")));`;

/** One open attempt per learner, subject and kind: two concurrent starts get the same attempt. */
export const ONE_OPEN_ATTEMPT_INDEX = `create unique index "quiz_attempts_one_open_unique" on "quiz_attempts" ("user_id", "subject_id", "kind") where "status" = 'open';`;

/** Tags gating writes, `<subject>:<what>`: a diagnostic's or post test's outcome, or `<module>-mastered`. */
const GATING_OUTCOMES = `^(diagnostic-(done|passed)|clinician-diagnostic-(done|passed)|post-test-(passed|taken))$`;

/**
 * Gating's tags get `source = 'gating'`; every other tag was written by staff and stays staff-only.
 * A learner sees only the achievements: a post test passed and a module mastered.
 */
export const BACKFILL_TAG_SOURCES = [
  `update "user_tags" t set "source" = 'gating'
    where exists (select 1 from "subjects" s
                   where left(t."tag", length(s."id") + 1) = s."id" || ':'
                     and substr(t."tag", length(s."id") + 2) ~ '${GATING_OUTCOMES}')
       or exists (select 1 from "subject_modules" m where t."tag" = m."subject_id" || ':' || m."id" || '-mastered');`,
  `update "user_tags" set "learner_visible" = true
    where "source" = 'gating' and ("tag" like '%:post-test-passed' or "tag" like '%-mastered');`,
];

/**
 * Issue 26 §4 and §7 (docs/learning-loop-api.md): one open attempt per kind, so a test resumes where
 * it was; tags know who wrote them and whether the learner sees them.
 */
export class Migration20261201010000AttemptsAndTags extends Migration {
  override async up(): Promise<void> {
    this.addSql(CLOSE_DUPLICATE_OPEN_ATTEMPTS);
    this.addSql(ONE_OPEN_ATTEMPT_INDEX);

    this.addSql(
      `alter table "user_tags" add column "source" text not null default 'staff', add column "learner_visible" boolean not null default false;`,
    );
    this.addSql(
      `alter table "user_tags" add constraint "user_tags_source_check" check ("source" in ('gating', 'staff'));`,
    );
    for (const sql of BACKFILL_TAG_SOURCES) this.addSql(sql);
    // an admin showing or hiding a tag from its learner is audited
    this.addSql('alter table "admin_audit" drop constraint "admin_audit_action_check";');
    this.addSql(
      `alter table "admin_audit" add constraint "admin_audit_action_check" check ("action" in ('roles.set', 'tag.add', 'tag.remove', 'tag.visibility', 'unlock.add', 'unlock.remove', 'job.cancel', 'job.retry'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "admin_audit" where "action" = 'tag.visibility';`);
    this.addSql('alter table "admin_audit" drop constraint "admin_audit_action_check";');
    this.addSql(
      `alter table "admin_audit" add constraint "admin_audit_action_check" check ("action" in ('roles.set', 'tag.add', 'tag.remove', 'unlock.add', 'unlock.remove', 'job.cancel', 'job.retry'));`,
    );
    this.addSql('alter table "user_tags" drop constraint "user_tags_source_check";');
    this.addSql('alter table "user_tags" drop column "source", drop column "learner_visible";');
    this.addSql('drop index "quiz_attempts_one_open_unique";');
    // abandoned attempts stay closed: reopening them would break the one-open rule
  }
}
