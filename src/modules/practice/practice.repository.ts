import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface CardRecord {
  node_id: string;
  due: Date;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: Date | null;
}

export interface DueCardRecord extends CardRecord {
  title: string;
}

export interface QuizItemRecord {
  id: string;
  node_id: string;
  stem: string;
  choices: { id: string; text: string }[];
  correct: string;
}

export interface CardState {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

const CARD_COLUMNS = 'c.node_id, c.due, c.stability, c.difficulty, c.elapsed_days, c.scheduled_days, c.learning_steps, c.reps, c.lapses, c.state, c.last_review';

/** FSRS cards and their review log. Writes take the caller's transaction `em`. */
@Injectable()
export class PracticeRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One card per live topic of the subject, all in the same empty state, unless the learner
   * already has a card there. Racing seeds insert each card once (primary key + do nothing).
   * Returns the node ids this call created.
   */
  async seedCards(userId: string, subjectId: string, s: CardState, em: EntityManager = this.em): Promise<string[]> {
    const rows = await em.execute<{ node_id: string }[]>(
      `insert into practice_cards (user_id, subject_id, node_id, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, created_at)
       select ?, n.subject_id, n.id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
         from topic_nodes n
        where n.subject_id = ? and n.archived_at is null
          and not exists (select 1 from practice_cards p where p.user_id = ? and p.subject_id = ?)
       on conflict (user_id, subject_id, node_id) do nothing
       returning node_id`,
      [userId, s.due, s.stability, s.difficulty, s.elapsedDays, s.scheduledDays, s.learningSteps, s.reps, s.lapses, s.state, s.lastReview, s.due, subjectId, userId, subjectId],
    );
    return rows.map((r) => r.node_id);
  }

  /** Cards due at `now` on live topics, most overdue first. */
  dueCards(userId: string, subjectId: string, now: Date, limit: number): Promise<DueCardRecord[]> {
    return this.em.execute<DueCardRecord[]>(
      `select ${CARD_COLUMNS}, n.title
         from practice_cards c join topic_nodes n on n.subject_id = c.subject_id and n.id = c.node_id and n.archived_at is null
        where c.user_id = ? and c.subject_id = ? and c.due <= ?
        order by c.due asc, n.position asc, c.node_id asc
        limit ?`,
      [userId, subjectId, now, limit],
    );
  }

  async countDue(userId: string, subjectId: string, now: Date): Promise<number> {
    const rows = await this.em.execute<{ n: number }[]>(
      `select count(*)::int as n
         from practice_cards c join topic_nodes n on n.subject_id = c.subject_id and n.id = c.node_id and n.archived_at is null
        where c.user_id = ? and c.subject_id = ? and c.due <= ?`,
      [userId, subjectId, now],
    );
    return rows[0]?.n ?? 0;
  }

  /** The quiz items of these topics, in their authored order. */
  quizItems(subjectId: string, nodeIds: string[], em: EntityManager = this.em): Promise<QuizItemRecord[]> {
    if (nodeIds.length === 0) return Promise.resolve([]);
    return em.execute<QuizItemRecord[]>(
      `select id, node_id, stem, choices, correct from quiz_items
        where subject_id = ? and node_id = any(array(select jsonb_array_elements_text(?::jsonb)))
        order by node_id, position, id`,
      [subjectId, JSON.stringify(nodeIds)],
    );
  }

  async findQuizItem(em: EntityManager, subjectId: string, questionId: string): Promise<QuizItemRecord | null> {
    const rows = await em.execute<QuizItemRecord[]>(`select id, node_id, stem, choices, correct from quiz_items where subject_id = ? and id = ?`, [subjectId, questionId]);
    return rows[0] ?? null;
  }

  /** Locks the learner's card until the transaction ends, so racing reviews apply one after another. */
  async lockCard(em: EntityManager, userId: string, subjectId: string, nodeId: string): Promise<CardRecord | null> {
    const rows = await em.execute<CardRecord[]>(
      `select ${CARD_COLUMNS} from practice_cards c where c.user_id = ? and c.subject_id = ? and c.node_id = ? for update`,
      [userId, subjectId, nodeId],
    );
    return rows[0] ?? null;
  }

  async updateCard(em: EntityManager, userId: string, subjectId: string, nodeId: string, s: CardState): Promise<void> {
    await em.execute(
      `update practice_cards set due = ?, stability = ?, difficulty = ?, elapsed_days = ?, scheduled_days = ?, learning_steps = ?,
              reps = ?, lapses = ?, state = ?, last_review = ?
        where user_id = ? and subject_id = ? and node_id = ?`,
      [s.due, s.stability, s.difficulty, s.elapsedDays, s.scheduledDays, s.learningSteps, s.reps, s.lapses, s.state, s.lastReview, userId, subjectId, nodeId],
    );
  }

  async insertReview(
    em: EntityManager,
    r: { userId: string; subjectId: string; nodeId: string; rating: number; correct: boolean | null; reviewedAt: Date; scheduledDays: number },
  ): Promise<void> {
    await em.execute(
      `insert into practice_reviews (id, user_id, subject_id, node_id, rating, correct, reviewed_at, scheduled_days) values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?)`,
      [r.userId, r.subjectId, r.nodeId, r.rating, r.correct, r.reviewedAt, r.scheduledDays],
    );
  }

  /** Totals of the learner's reviews up to `now`, and how many since `since`. */
  async reviewTotals(userId: string, subjectId: string, since: Date, now: Date) {
    const rows = await this.em.execute<{ total: number; today: number; answered: number; correct: number }[]>(
      `select count(*)::int as total,
              count(*) filter (where reviewed_at >= ?)::int as today,
              count(correct)::int as answered,
              count(*) filter (where correct)::int as correct
         from practice_reviews
        where user_id = ? and subject_id = ? and reviewed_at <= ?`,
      [since, userId, subjectId, now],
    );
    return rows[0] ?? { total: 0, today: 0, answered: 0, correct: 0 };
  }

  /** The UTC days (YYYY-MM-DD) with at least one review up to `now`, newest first. */
  async reviewDays(userId: string, subjectId: string, now: Date): Promise<string[]> {
    const rows = await this.em.execute<{ d: string }[]>(
      `select distinct to_char(reviewed_at at time zone 'UTC', 'YYYY-MM-DD') as d
         from practice_reviews
        where user_id = ? and subject_id = ? and reviewed_at <= ?
        order by d desc`,
      [userId, subjectId, now],
    );
    return rows.map((r) => r.d);
  }

  /** The learner's current P(known) of one topic, or null before any graded answer. */
  async topicMastery(em: EntityManager, userId: string, subjectId: string, nodeId: string): Promise<number | null> {
    const rows = await em.execute<{ p_known: number }[]>(`select p_known from user_mastery where user_id = ? and subject_id = ? and skill_id = ?`, [userId, subjectId, nodeId]);
    return rows[0] ? Number(rows[0].p_known) : null;
  }
}
