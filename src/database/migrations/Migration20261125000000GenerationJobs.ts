import { Migration } from '@mikro-orm/migrations';

/** Studio's generation jobs: one row per long job (migration, crawl, bulk speech, video), kept in step by the worker. */
export class Migration20261125000000GenerationJobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "generation_jobs" ("id" text not null, "kind" text not null, "queue" text not null, "subject_id" text null, "status" text not null default 'queued', "progress" double precision not null default 0, "error" text null, "result_subject_id" text null, "input" jsonb not null, "result" jsonb null, "requested_by" uuid null, "attempts" int not null default 0, "created_at" timestamptz not null default now(), "started_at" timestamptz null, "finished_at" timestamptz null, "updated_at" timestamptz not null default now(), constraint "generation_jobs_pkey" primary key ("id"), constraint "generation_jobs_status_check" check ("status" in ('queued', 'running', 'completed', 'failed', 'cancelled')), constraint "generation_jobs_progress_check" check ("progress" >= 0 and "progress" <= 1));`,
    );
    this.addSql(
      'create index "generation_jobs_status_created_at_index" on "generation_jobs" ("status", "created_at");',
    );
    this.addSql(
      'create index "generation_jobs_kind_subject_id_status_index" on "generation_jobs" ("kind", "subject_id", "status");',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "generation_jobs" cascade;');
  }
}
