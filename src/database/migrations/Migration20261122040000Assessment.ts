import { Migration } from '@mikro-orm/migrations';

/** Knowledge tracing per learner and skill, quiz attempts, and FSRS practice cards with their reviews. */
export class Migration20261122040000Assessment extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "practice_cards" ("user_id" uuid not null, "subject_id" text not null, "node_id" text not null, "due" timestamptz not null, "stability" double precision not null, "difficulty" double precision not null, "elapsed_days" int not null, "scheduled_days" int not null, "learning_steps" int not null, "reps" int not null, "lapses" int not null, "state" smallint not null, "last_review" timestamptz null, "created_at" timestamptz not null default now(), constraint "practice_cards_pkey" primary key ("user_id", "subject_id", "node_id"));',
    );
    this.addSql(
      'create index "practice_cards_user_id_subject_id_due_index" on "practice_cards" ("user_id", "subject_id", "due");',
    );
    this.addSql(
      'create table "practice_reviews" ("id" uuid not null, "user_id" uuid not null, "subject_id" text not null, "node_id" text not null, "rating" smallint not null, "correct" boolean null, "reviewed_at" timestamptz not null, "scheduled_days" int not null, constraint "practice_reviews_pkey" primary key ("id"));',
    );
    this.addSql(
      'create index "practice_reviews_user_id_subject_id_reviewed_at_index" on "practice_reviews" ("user_id", "subject_id", "reviewed_at");',
    );
    this.addSql(
      'create table "quiz_attempts" ("id" uuid not null, "user_id" uuid not null, "subject_id" text not null, "kind" text not null, "question_ids" jsonb not null, "status" text not null default \'open\', "result" jsonb null, "submitted_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "quiz_attempts_pkey" primary key ("id"));',
    );
    this.addSql(
      'create index "quiz_attempts_user_id_subject_id_kind_created_at_index" on "quiz_attempts" ("user_id", "subject_id", "kind", "created_at");',
    );
    this.addSql(
      'create table "user_mastery" ("user_id" uuid not null, "subject_id" text not null, "skill_id" text not null, "skill_name" text not null, "kind" text not null, "p_known" double precision not null, "attempts" int not null default 0, "correct" int not null default 0, "updated_at" timestamptz not null default now(), constraint "user_mastery_pkey" primary key ("user_id", "subject_id", "skill_id"));',
    );
    this.addSql('create index "user_mastery_user_id_subject_id_index" on "user_mastery" ("user_id", "subject_id");');
    this.addSql(
      'alter table "user_mastery" add constraint "user_mastery_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql(
      'alter table "user_mastery" add constraint "user_mastery_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "user_mastery" add constraint "user_mastery_p_known_check" check ("p_known" >= 0 and "p_known" <= 1);',
    );
    this.addSql(
      'alter table "quiz_attempts" add constraint "quiz_attempts_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql(
      'alter table "quiz_attempts" add constraint "quiz_attempts_subject_id_foreign" foreign key ("subject_id") references "subjects" ("id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "practice_cards" add constraint "practice_cards_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql(
      'alter table "practice_cards" add constraint "practice_cards_node_foreign" foreign key ("subject_id", "node_id") references "topic_nodes" ("subject_id", "id") on update cascade on delete cascade;',
    );
    this.addSql(
      'alter table "practice_reviews" add constraint "practice_reviews_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;',
    );
    this.addSql(
      'alter table "practice_reviews" add constraint "practice_reviews_rating_check" check ("rating" in (0, 1, 3, 5));',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "practice_reviews" cascade;');
    this.addSql('drop table if exists "practice_cards" cascade;');
    this.addSql('drop table if exists "quiz_attempts" cascade;');
    this.addSql('drop table if exists "user_mastery" cascade;');
  }
}
