import { Migration } from '@mikro-orm/migrations';

/**
 * Certificates of completed challenges (owned by the challenges module). One per learner and
 * challenge; each holds a bit of the revocation status list, numbered from a sequence so two
 * concurrent issues never share one. A certificate goes with its learner's account; it does not go
 * with its challenge (the snapshot stands alone), so there is no foreign key to challenges.
 */
export class Migration20261125030000Certificates extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "certificates" ("id" text not null, "user_id" uuid not null, "challenge_id" text not null, "subject_id" text not null, "snapshot" jsonb not null, "credential_jwt" text not null, "status_index" int not null, "issued_at" timestamptz not null, "revoked_at" timestamptz null, "revoked_reason" text null, "revoked_by" uuid null, constraint "certificates_pkey" primary key ("id"));`,
    );
    this.addSql(
      'alter table "certificates" add constraint "certificates_user_id_challenge_id_unique" unique ("user_id", "challenge_id");',
    );
    this.addSql(
      'alter table "certificates" add constraint "certificates_status_index_unique" unique ("status_index");',
    );
    this.addSql('create index "certificates_issued_at_index" on "certificates" ("issued_at");');
    this.addSql(
      'alter table "certificates" add constraint "certificates_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'create sequence "certificates_status_index_seq" as int minvalue 0 start with 0 owned by "certificates"."status_index";',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "certificates" cascade;');
  }
}
