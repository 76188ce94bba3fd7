import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { LearningSource } from './entities';
import type { ItemHistory } from './learning-evidence';

/** A topic's check items counted with the learner's first answers: how many are answered, how many right. */
export interface CheckCounts {
  nodeId: string;
  total: number;
  answered: number;
  correct: number;
}

/** The evidence log of check and practice answers (`learning_answers`). Writes take the caller's transaction. */
@Injectable()
export class LearningAnswersRepository {
  /** Holds one learner's evidence on one item until the transaction ends, so racing answers apply in turn. */
  async lockItem(em: EntityManager, userId: string, subjectId: string, itemId: string): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 26))`, [
      `learning:${userId}:${subjectId}:${itemId}`,
    ]);
  }

  /** The learner's answers of one item so far (read under `lockItem`): any, counted today, the latest time. */
  async history(
    em: EntityManager,
    userId: string,
    subjectId: string,
    itemId: string,
    dayStart: Date,
  ): Promise<ItemHistory & { lastAnsweredAt: Date | null }> {
    const rows = await em.execute<{ answeredBefore: boolean; countedToday: boolean; lastAnsweredAt: Date | null }[]>(
      `select count(*) > 0 as "answeredBefore",
              bool_or(counted and answered_at >= ?) is true as "countedToday",
              max(answered_at) as "lastAnsweredAt"
         from learning_answers where user_id = ? and subject_id = ? and item_id = ?`,
      [dayStart, userId, subjectId, itemId],
    );
    const last = rows[0]?.lastAnsweredAt;
    return {
      answeredBefore: !!rows[0]?.answeredBefore,
      countedToday: !!rows[0]?.countedToday,
      lastAnsweredAt: last ? new Date(last) : null,
    };
  }

  async insert(
    em: EntityManager,
    a: {
      userId: string;
      subjectId: string;
      nodeId: string;
      itemId: string;
      source: LearningSource;
      answer: string;
      correct: boolean;
      counted: boolean;
      answeredAt: Date;
    },
  ): Promise<void> {
    await em.execute(
      `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [a.userId, a.subjectId, a.nodeId, a.itemId, a.source, a.answer, a.correct, a.counted, a.answeredAt],
    );
  }

  /**
   * Per topic of the subject (only of `nodeIds` when given): its check items, how many the learner answered
   * and how many of those first answers were right.
   */
  checkCounts(em: EntityManager, userId: string, subjectId: string, nodeIds?: string[]): Promise<CheckCounts[]> {
    return em.execute<CheckCounts[]>(
      `select q.node_id as "nodeId", count(*)::int as total, count(f.correct)::int as answered,
              count(*) filter (where f.correct)::int as correct
         from quiz_items q
         left join lateral (select la.correct from learning_answers la
                             where la.user_id = ? and la.subject_id = q.subject_id and la.item_id = q.id
                             order by la.answered_at, la.id limit 1) f on true
        where q.subject_id = ? and q.use = 'check'
          and (?::jsonb is null or q.node_id = any(array(select jsonb_array_elements_text(?::jsonb))))
        group by q.node_id`,
      [userId, subjectId, nodeIds ? JSON.stringify(nodeIds) : null, nodeIds ? JSON.stringify(nodeIds) : null],
    );
  }

  /** The topics the learner answered a check item of (in a topic's check or in practice): the ones studied. */
  async studiedTopics(em: EntityManager, userId: string, subjectId: string): Promise<Set<string>> {
    const rows = await em.execute<{ nodeId: string }[]>(
      `select distinct node_id as "nodeId" from learning_answers where user_id = ? and subject_id = ?`,
      [userId, subjectId],
    );
    return new Set(rows.map((r) => r.nodeId));
  }
}
