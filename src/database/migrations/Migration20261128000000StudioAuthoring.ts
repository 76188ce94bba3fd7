import { Migration } from '@mikro-orm/migrations';

/**
 * Authoring (issue 25): draft quiz items (assessment's, so the answers stay in its tables), topics the Studio
 * published marked as Studio-edited (imports leave them alone), and draft rows for topics the Studio adds, which
 * have no published row yet (so a draft no longer needs one).
 */
export class Migration20261128000000StudioAuthoring extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "quiz_item_drafts" ("subject_id" text not null, "node_id" text not null, "items" jsonb not null, "updated_by" uuid null, "updated_at" timestamptz not null default now(), constraint "quiz_item_drafts_pkey" primary key ("subject_id", "node_id"));',
    );
    this.addSql('alter table "topic_nodes" add column "studio_edited_at" timestamptz null;');
    this.addSql('alter table "node_overlays" drop constraint "node_overlays_node_foreign";');
  }

  override async down(): Promise<void> {
    this.addSql(
      'delete from "node_overlays" o where not exists (select 1 from "topic_nodes" n where n."subject_id" = o."subject_id" and n."id" = o."node_id");',
    );
    this.addSql(
      'alter table "node_overlays" add constraint "node_overlays_node_foreign" foreign key ("subject_id", "node_id") references "topic_nodes" ("subject_id", "id") on update cascade on delete cascade;',
    );
    this.addSql('alter table "topic_nodes" drop column "studio_edited_at";');
    this.addSql('drop table if exists "quiz_item_drafts" cascade;');
  }
}
