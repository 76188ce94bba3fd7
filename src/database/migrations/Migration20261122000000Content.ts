import { Migration } from '@mikro-orm/migrations';

/**
 * Course content: subjects and their modules, topic nodes with prerequisite edges, quiz items,
 * lecture sections, challenges and their days. Foreign keys across modules live here (not as
 * ORM relations) so each module's entities stay its own.
 */
export class Migration20261122000000Content extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "challenges" ("id" text not null, "subject_id" text not null, "name" text not null, "tagline" text not null, "days_count" int not null, "content_hash" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "challenges_pkey" primary key ("id"));',
    );
    this.addSql('create index "challenges_subject_id_index" on "challenges" ("subject_id");');
    this.addSql(
      'create table "challenge_days" ("challenge_id" text not null, "day" int not null, "title" text not null, "tool" text not null, "est_minutes" int not null, "lesson" jsonb not null, "quiz" jsonb not null, "micro_project" jsonb not null, "rubric" jsonb not null, constraint "challenge_days_pkey" primary key ("challenge_id", "day"));',
    );
    this.addSql(
      'create table "lecture_sections" ("subject_id" text not null, "id" text not null, "title" text not null, "text" text not null, "est_seconds" int not null, "position" int not null default 0, constraint "lecture_sections_pkey" primary key ("subject_id", "id"));',
    );
    this.addSql(
      'create table "node_prerequisites" ("subject_id" text not null, "node_id" text not null, "prerequisite_id" text not null, constraint "node_prerequisites_pkey" primary key ("subject_id", "node_id", "prerequisite_id"));',
    );
    this.addSql(
      'create index "node_prerequisites_subject_id_prerequisite_id_index" on "node_prerequisites" ("subject_id", "prerequisite_id");',
    );
    this.addSql(
      'create table "quiz_items" ("subject_id" text not null, "id" text not null, "node_id" text not null, "position" int not null default 0, "stem" text not null, "choices" jsonb not null, "correct" text not null, "explanation" text not null, "difficulty" smallint not null, constraint "quiz_items_pkey" primary key ("subject_id", "id"));',
    );
    this.addSql('create index "quiz_items_subject_id_node_id_index" on "quiz_items" ("subject_id", "node_id");');
    this.addSql(
      'create table "subjects" ("id" text not null, "name" text not null, "title" text not null, "description" text not null, "safety_note" text null, "is_published" boolean not null default true, "position" int not null default 0, "content_hash" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "subjects_pkey" primary key ("id"));',
    );
    this.addSql(
      'create table "subject_modules" ("subject_id" text not null, "id" text not null, "title" text not null, "description" text not null, "position" int not null default 0, constraint "subject_modules_pkey" primary key ("subject_id", "id"));',
    );
    this.addSql(
      'create table "topic_nodes" ("subject_id" text not null, "id" text not null, "title" text not null, "module_id" text not null, "position" int not null default 0, "preview" boolean not null default false, "summary_html" text not null, "lesson_html" text not null, "variants" jsonb not null, "sources" jsonb not null, "video" jsonb null, "content_hash" text not null, "archived_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "topic_nodes_pkey" primary key ("subject_id", "id"));',
    );
    this.addSql('create index "topic_nodes_subject_id_module_id_index" on "topic_nodes" ("subject_id", "module_id");');
    this.addSql(
      'alter table "subject_modules" add constraint "subject_modules_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "topic_nodes" add constraint "topic_nodes_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "node_prerequisites" add constraint "node_prerequisites_node_foreign" foreign key ("subject_id", "node_id") references "topic_nodes" ("subject_id", "id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "node_prerequisites" add constraint "node_prerequisites_prerequisite_foreign" foreign key ("subject_id", "prerequisite_id") references "topic_nodes" ("subject_id", "id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "node_prerequisites" add constraint "node_prerequisites_not_self" check ("node_id" <> "prerequisite_id");',
    );
    this.addSql(
      'alter table "quiz_items" add constraint "quiz_items_node_foreign" foreign key ("subject_id", "node_id") references "topic_nodes" ("subject_id", "id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "lecture_sections" add constraint "lecture_sections_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "challenges" add constraint "challenges_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "challenge_days" add constraint "challenge_days_challenge_id_foreign" foreign key ("challenge_id") references "challenges" ("id") on update cascade on delete cascade;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "challenge_days" cascade;');
    this.addSql('drop table if exists "challenges" cascade;');
    this.addSql('drop table if exists "lecture_sections" cascade;');
    this.addSql('drop table if exists "quiz_items" cascade;');
    this.addSql('drop table if exists "node_prerequisites" cascade;');
    this.addSql('drop table if exists "topic_nodes" cascade;');
    this.addSql('drop table if exists "subject_modules" cascade;');
    this.addSql('drop table if exists "subjects" cascade;');
  }
}
