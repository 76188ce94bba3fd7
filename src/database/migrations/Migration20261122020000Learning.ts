import { Migration } from '@mikro-orm/migrations';

/**
 * Studying and authoring: notes, bookmarks, user tags and module unlocks, the Studio's draft
 * overlay with immutable published versions, crawled source passages (full-text indexed) and
 * the tutor's answer cache.
 */
export class Migration20261122020000Learning extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "bookmarks" ("id" uuid not null, "user_id" uuid not null, "subject_id" text not null, "node_id" text not null, "created_at" timestamptz not null default now(), constraint "bookmarks_pkey" primary key ("id"));',
    );
    this.addSql(
      'alter table "bookmarks" add constraint "bookmarks_user_id_subject_id_node_id_unique" unique ("user_id", "subject_id", "node_id");',
    );
    this.addSql(
      'create table "node_overlays" ("subject_id" text not null, "node_id" text not null, "content" jsonb not null, "updated_by" uuid null, "updated_at" timestamptz not null default now(), constraint "node_overlays_pkey" primary key ("subject_id", "node_id"));',
    );
    this.addSql(
      'create table "node_version_snapshots" ("subject_id" text not null, "version" int not null, "node_id" text not null, "before" jsonb not null, "after" jsonb not null, constraint "node_version_snapshots_pkey" primary key ("subject_id", "version", "node_id"));',
    );
    this.addSql(
      'create table "notes" ("id" uuid not null, "user_id" uuid not null, "subject_id" text not null, "node_id" text null, "text" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "notes_pkey" primary key ("id"));',
    );
    this.addSql(
      'create index "notes_user_id_subject_id_created_at_index" on "notes" ("user_id", "subject_id", "created_at");',
    );
    this.addSql(
      'create table "source_documents" ("id" uuid not null, "subject_id" text not null, "url" text not null, "title" text null, "content_hash" text not null, "fetched_at" timestamptz not null default now(), constraint "source_documents_pkey" primary key ("id"));',
    );
    this.addSql(
      'alter table "source_documents" add constraint "source_documents_subject_id_url_unique" unique ("subject_id", "url");',
    );
    this.addSql(
      'create table "source_passages" ("document_id" uuid not null, "position" int not null, "subject_id" text not null, "text" text not null, constraint "source_passages_pkey" primary key ("document_id", "position"));',
    );
    this.addSql('create index "source_passages_subject_id_index" on "source_passages" ("subject_id");');
    this.addSql(
      'create table "subject_versions" ("subject_id" text not null, "version" int not null, "changed_nodes" jsonb not null, "created_by" uuid null, "created_at" timestamptz not null default now(), constraint "subject_versions_pkey" primary key ("subject_id", "version"));',
    );
    this.addSql(
      'create table "tutor_answers" ("subject_id" text not null, "node_id" text not null, "action" text not null, "content_version" text not null, "provider" text not null, "html" text not null, "sources" jsonb not null, "created_at" timestamptz not null default now(), constraint "tutor_answers_pkey" primary key ("subject_id", "node_id", "action", "content_version"));',
    );
    this.addSql(
      'create table "user_tags" ("user_id" uuid not null, "tag" text not null, "created_at" timestamptz not null default now(), constraint "user_tags_pkey" primary key ("user_id", "tag"));',
    );
    this.addSql(
      'create table "user_unlocks" ("user_id" uuid not null, "subject_id" text not null, "module_id" text not null, "created_at" timestamptz not null default now(), constraint "user_unlocks_pkey" primary key ("user_id", "subject_id", "module_id"));',
    );
    this.addSql(
      'alter table "source_passages" add column "tsv" tsvector generated always as (to_tsvector(\'english\', "text")) stored;',
    );
    this.addSql('create index "source_passages_tsv_index" on "source_passages" using gin ("tsv");');
    this.addSql(
      'alter table "source_passages" add constraint "source_passages_document_id_foreign" foreign key ("document_id") references "source_documents" ("id") on delete cascade;',
    );
    this.addSql(
      'alter table "source_documents" add constraint "source_documents_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "notes" add constraint "notes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql(
      'alter table "notes" add constraint "notes_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "bookmarks" add constraint "bookmarks_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql(
      'alter table "bookmarks" add constraint "bookmarks_node_foreign" foreign key ("subject_id", "node_id") references "topic_nodes" ("subject_id", "id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "node_overlays" add constraint "node_overlays_node_foreign" foreign key ("subject_id", "node_id") references "topic_nodes" ("subject_id", "id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "subject_versions" add constraint "subject_versions_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "node_version_snapshots" add constraint "node_version_snapshots_version_foreign" foreign key ("subject_id", "version") references "subject_versions" ("subject_id", "version") on delete cascade;',
    );
    this.addSql(
      'alter table "tutor_answers" add constraint "tutor_answers_node_foreign" foreign key ("subject_id", "node_id") references "topic_nodes" ("subject_id", "id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "user_tags" add constraint "user_tags_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql(
      'alter table "user_unlocks" add constraint "user_unlocks_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql(
      'alter table "user_unlocks" add constraint "user_unlocks_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade on delete cascade;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "tutor_answers" cascade;');
    this.addSql('drop table if exists "source_passages" cascade;');
    this.addSql('drop table if exists "source_documents" cascade;');
    this.addSql('drop table if exists "node_version_snapshots" cascade;');
    this.addSql('drop table if exists "subject_versions" cascade;');
    this.addSql('drop table if exists "node_overlays" cascade;');
    this.addSql('drop table if exists "bookmarks" cascade;');
    this.addSql('drop table if exists "notes" cascade;');
    this.addSql('drop table if exists "user_unlocks" cascade;');
    this.addSql('drop table if exists "user_tags" cascade;');
  }
}
