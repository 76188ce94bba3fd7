import { Migration } from '@mikro-orm/migrations';

/**
 * The learning loop (issue 26, docs/learning-loop-api.md):
 * - quiz items get a `use`: `check` items may be revealed (the topic check, practice), `assessment` items never
 *   (the diagnostic, the post test); every item stored so far is an assessment item;
 * - `learning_answers`: the evidence log of check and practice answers (a check item counts on its first answer
 *   only; any item at most once a day);
 * - practice remembers the question it served a card with and the answer graded, and logs the question reviewed;
 * - module unlocks get a source: `gating` (a test showed the module mastered) or `staff` (an admin opened it early).
 */
export class Migration20261201000000LearningLoop extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "quiz_items" add column "use" text not null default 'assessment';`);
    this.addSql(
      `alter table "quiz_items" add constraint "quiz_items_use_check" check ("use" in ('check', 'assessment'));`,
    );
    this.addSql(
      'create index "quiz_items_subject_id_node_id_use_index" on "quiz_items" ("subject_id", "node_id", "use");',
    );

    this.addSql(
      'create table "learning_answers" ("id" uuid not null, "user_id" uuid not null, "subject_id" text not null, "node_id" text not null, "item_id" text not null, "source" text not null, "answer" text not null, "correct" boolean not null, "counted" boolean not null, "answered_at" timestamptz not null default now(), constraint "learning_answers_pkey" primary key ("id"));',
    );
    this.addSql(
      `alter table "learning_answers" add constraint "learning_answers_source_check" check ("source" in ('check', 'practice'));`,
    );
    this.addSql(
      'alter table "learning_answers" add constraint "learning_answers_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql(
      'create index "learning_answers_user_id_subject_id_node_id_index" on "learning_answers" ("user_id", "subject_id", "node_id");',
    );
    this.addSql(
      'create index "learning_answers_user_id_item_id_answered_at_index" on "learning_answers" ("user_id", "item_id", "answered_at");',
    );

    this.addSql(
      'alter table "practice_cards" add column "served_question_id" text null, add column "served_at" timestamptz null, add column "answer" text null, add column "answer_correct" boolean null, add column "answered_at" timestamptz null;',
    );
    this.addSql('alter table "practice_reviews" add column "question_id" text null;');

    this.addSql(`alter table "user_unlocks" add column "source" text not null default 'staff';`);
    this.addSql(
      `alter table "user_unlocks" add constraint "user_unlocks_source_check" check ("source" in ('gating', 'staff'));`,
    );
    // An unlock gating wrote comes with its module's `-mastered` tag; any other was an admin's.
    this.addSql(
      `update "user_unlocks" u set "source" = 'gating' where exists (select 1 from "user_tags" t where t."user_id" = u."user_id" and t."tag" = u."subject_id" || ':' || u."module_id" || '-mastered');`,
    );
    // The two sources mean different things (staff on X opens X; gating on X opens X + 1), so a module may
    // hold one row of each: neither ever overwrites or hides the other.
    this.addSql('alter table "user_unlocks" drop constraint "user_unlocks_pkey";');
    this.addSql(
      'alter table "user_unlocks" add constraint "user_unlocks_pkey" primary key ("user_id", "subject_id", "module_id", "source");',
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `delete from "user_unlocks" u where u."source" = 'staff' and exists (select 1 from "user_unlocks" g where g."user_id" = u."user_id" and g."subject_id" = u."subject_id" and g."module_id" = u."module_id" and g."source" = 'gating');`,
    );
    this.addSql('alter table "user_unlocks" drop constraint "user_unlocks_pkey";');
    this.addSql(
      'alter table "user_unlocks" add constraint "user_unlocks_pkey" primary key ("user_id", "subject_id", "module_id");',
    );
    this.addSql('alter table "user_unlocks" drop constraint if exists "user_unlocks_source_check";');
    this.addSql('alter table "user_unlocks" drop column "source";');
    this.addSql('alter table "practice_reviews" drop column "question_id";');
    this.addSql(
      'alter table "practice_cards" drop column "served_question_id", drop column "served_at", drop column "answer", drop column "answer_correct", drop column "answered_at";',
    );
    this.addSql('drop table if exists "learning_answers" cascade;');
    this.addSql('drop index if exists "quiz_items_subject_id_node_id_use_index";');
    this.addSql('alter table "quiz_items" drop constraint if exists "quiz_items_use_check";');
    this.addSql('alter table "quiz_items" drop column "use";');
  }
}
