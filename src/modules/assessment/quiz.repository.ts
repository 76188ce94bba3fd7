import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { QuizChoice, QuizKind } from './entities';

export interface QuizTopicRecord {
  id: string;
  title: string;
  module_id: string;
  module_title: string;
  prerequisites: string[];
}

export interface QuizItemRow {
  id: string;
  node_id: string;
  stem: string;
  choices: QuizChoice[];
  difficulty: number;
  position: number;
}

export interface GradingItemRow {
  id: string;
  node_id: string;
  correct: string;
  explanation: string;
}

export interface AttemptRow {
  id: string;
  user_id: string;
  subject_id: string;
  kind: QuizKind;
  question_ids: string[];
  status: 'open' | 'submitted';
  result: Record<string, unknown> | null;
  submitted_at: string | null;
}

const ids = (xs: string[]) => JSON.stringify(xs);

/** SQL of quizzes and gating. Methods taking `em` run in the caller's transaction. */
@Injectable()
export class QuizRepository {
  constructor(private readonly em: EntityManager) {}

  /** Live topics in reading order with their live prerequisites. */
  topics(subjectId: string, em: EntityManager = this.em): Promise<QuizTopicRecord[]> {
    return em.execute(
      `select n.id, n.title, n.module_id, coalesce(m.title, n.module_id) as module_title,
              coalesce((select array_agg(p.prerequisite_id order by pn.position, pn.id)
                          from node_prerequisites p
                          join topic_nodes pn on pn.subject_id = p.subject_id and pn.id = p.prerequisite_id and pn.archived_at is null
                         where p.subject_id = n.subject_id and p.node_id = n.id), '{}'::text[]) as prerequisites
         from topic_nodes n
         left join subject_modules m on m.subject_id = n.subject_id and m.id = n.module_id
        where n.subject_id = ? and n.archived_at is null
        order by n.position, n.id`,
      [subjectId],
    );
  }

  /** Quiz items of live topics, without answers. */
  items(subjectId: string): Promise<QuizItemRow[]> {
    return this.em.execute(
      `select q.id, q.node_id, q.stem, q.choices, q.difficulty, q.position
         from quiz_items q join topic_nodes n on n.subject_id = q.subject_id and n.id = q.node_id and n.archived_at is null
        where q.subject_id = ? order by n.position, q.position, q.id`,
      [subjectId],
    );
  }

  itemsById(em: EntityManager, subjectId: string, itemIds: string[]): Promise<(QuizItemRow & GradingItemRow)[]> {
    return em.execute(
      `select id, node_id, stem, choices, difficulty, position, correct, explanation from quiz_items
        where subject_id = ? and id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      [subjectId, ids(itemIds)],
    );
  }

  /** Item ids served to the user in earlier attempts of the subject. */
  async seenItems(userId: string, subjectId: string): Promise<Set<string>> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select distinct jsonb_array_elements_text(question_ids) as id from quiz_attempts where user_id = ? and subject_id = ?`,
      [userId, subjectId],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Seconds left of the retake cooldown set by the last submitted attempt of this kind (0 when none). */
  async cooldownLeft(userId: string, subjectId: string, kind: QuizKind): Promise<number> {
    const rows = await this.em.execute<{ left: number | null }[]>(
      `select extract(epoch from (submitted_at + make_interval(hours => coalesce((result->'gating'->>'cooldownHours')::int, 0)) - now()))::float8 as left
         from quiz_attempts where user_id = ? and subject_id = ? and kind = ? and status = 'submitted'
        order by submitted_at desc limit 1`,
      [userId, subjectId, kind],
    );
    return Math.max(0, Math.ceil(Number(rows[0]?.left ?? 0)));
  }

  async insertAttempt(a: { id: string; userId: string; subjectId: string; kind: QuizKind; questionIds: string[] }) {
    await this.em.execute(
      `insert into quiz_attempts (id, user_id, subject_id, kind, question_ids, status, created_at) values (?, ?, ?, ?, ?::jsonb, 'open', now())`,
      [a.id, a.userId, a.subjectId, a.kind, ids(a.questionIds)],
    );
  }

  async lockAttempt(em: EntityManager, id: string): Promise<AttemptRow | null> {
    const rows = await em.execute<AttemptRow[]>(
      `select id, user_id, subject_id, kind, question_ids, status, result, submitted_at from quiz_attempts where id = ? for update`,
      [id],
    );
    return rows[0] ?? null;
  }

  async finishAttempt(em: EntityManager, id: string, result: unknown) {
    await em.execute(`update quiz_attempts set status = 'submitted', result = ?::jsonb, submitted_at = now() where id = ?`, [JSON.stringify(result), id]);
  }

  /** The learner's topic P(known) rows of a subject, locked for the rest of the transaction. */
  async lockTopicLevels(em: EntityManager, userId: string, subjectId: string): Promise<Map<string, number>> {
    const rows = await em.execute<{ skill_id: string; p_known: number }[]>(
      `select skill_id, p_known from user_mastery where user_id = ? and subject_id = ? and kind = 'topic' order by skill_id for update`,
      [userId, subjectId],
    );
    return new Map(rows.map((r) => [r.skill_id, Number(r.p_known)]));
  }

  async topicLevels(userId: string, subjectId: string, em: EntityManager = this.em): Promise<Map<string, number>> {
    const rows = await em.execute<{ skill_id: string; p_known: number }[]>(
      `select skill_id, p_known from user_mastery where user_id = ? and subject_id = ? and kind = 'topic'`,
      [userId, subjectId],
    );
    return new Map(rows.map((r) => [r.skill_id, Number(r.p_known)]));
  }

  /** Sets a topic's P(known) from inferred evidence: no answer was given, so attempts and correct stay. */
  async setInferred(em: EntityManager, r: { userId: string; subjectId: string; skillId: string; skillName: string; pKnown: number }) {
    await em.execute(
      `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known, attempts, correct, updated_at)
       values (?, ?, ?, ?, 'topic', ?, 0, 0, now())
       on conflict (user_id, subject_id, skill_id) do update set p_known = excluded.p_known, updated_at = now()`,
      [r.userId, r.subjectId, r.skillId, r.skillName, r.pKnown],
    );
  }

  async unlock(em: EntityManager, userId: string, subjectId: string, moduleIds: string[]) {
    if (moduleIds.length === 0) return;
    await em.execute(
      `insert into user_unlocks (user_id, subject_id, module_id)
       select ?, ?, m from jsonb_array_elements_text(?::jsonb) m on conflict do nothing`,
      [userId, subjectId, ids(moduleIds)],
    );
  }

  async tag(em: EntityManager, userId: string, tags: string[]) {
    if (tags.length === 0) return;
    await em.execute(`insert into user_tags (user_id, tag) select ?, t from jsonb_array_elements_text(?::jsonb) t on conflict do nothing`, [userId, ids(tags)]);
  }
}
