import { Migration } from '@mikro-orm/migrations';

/**
 * The media library (rows here, bytes in MEDIA_DIR) and Studio's text-to-speech overrides. A file
 * made from a section is unique by what it was made from, so a job that runs twice writes it once.
 */
export class Migration20261124000000Media extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "media_files" ("id" uuid not null default gen_random_uuid(), "subject_id" text not null, "node_id" text null, "section_id" text null, "kind" text not null, "file_name" text not null, "storage_key" text not null, "size" bigint not null, "duration_ms" int null, "free" boolean not null default false, "content_hash" text not null, "provider" text null, "voice" text null, "text_hash" text null, "captions_file" text null, "created_by" uuid null, "stale" boolean not null default false, "created_at" timestamptz not null default now(), constraint "media_files_pkey" primary key ("id"), constraint "media_files_kind_check" check ("kind" in ('audio', 'video', 'captions')));`,
    );
    this.addSql(
      'alter table "media_files" add constraint "media_files_subject_id_file_name_unique" unique ("subject_id", "file_name");',
    );
    this.addSql(
      'create index "media_files_subject_id_section_id_kind_index" on "media_files" ("subject_id", "section_id", "kind");',
    );
    // NULLS NOT DISTINCT: provider, voice and text hash may be null, and must still make one key
    this.addSql(
      'create unique index "media_files_made_from_unique" on "media_files" ("subject_id", "section_id", "kind", "text_hash", "provider", "voice") nulls not distinct where "section_id" is not null;',
    );
    this.addSql(
      'create table "tts_overrides" ("subject_id" text not null, "section_id" text not null, "text" text null, "voice_id" text null, "updated_by" uuid null, "updated_at" timestamptz not null default now(), constraint "tts_overrides_pkey" primary key ("subject_id", "section_id"));',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "tts_overrides" cascade;');
    this.addSql('drop table if exists "media_files" cascade;');
  }
}
