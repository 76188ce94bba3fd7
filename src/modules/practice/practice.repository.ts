import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

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

/** A learner's card of a topic: its FSRS state as stored (timestamps as the driver gives them). */
export interface CardRecord extends CardState {
  nodeId: string;
  /** the question the card was served with, until it is rated */
  servedQuestionId: string | null;
  /** the answer graded for it, until it is rated */
  answer: string | null;
  answerCorrect: boolean | null;
}

const CARD_COLUMNS = `c.node_id as "nodeId", c.due, c.stability, c.difficulty, c.elapsed_days as "elapsedDays",
  c.scheduled_days as "scheduledDays", c.learning_steps as "learningSteps", c.reps, c.lapses, c.state,
  c.last_review as "lastReview", c.served_question_id as "servedQuestionId", c.answer, c.answer_correct as "answerCorrect"`;

/** FSRS cards and their review log. Writes take the caller's transaction `em`. */
@Injectable()
export class PracticeRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One card per given topic, all in the same empty state, unless the learner already has a card
   * in the subject. Racing seeds insert each card once (primary key + do nothing). Returns the node
   * ids this call created.
   */
  async seedCards(
    em: EntityManager,
    userId: string,
    subjectId: string,
    cards: { nodeId: string; due: Date }[],
    s: CardState,
  ): Promise<string[]> {
    if (cards.length === 0) return [];
    const rows = await em.execute<{ node_id: string }[]>(
      `insert into practice_cards (user_id, subject_id, node_id, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, created_at)
       select ?, ?, n->>'nodeId', (n->>'due')::timestamptz, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
         from jsonb_array_elements(?::jsonb) as n
        where not exists (select 1 from practice_cards p where p.user_id = ? and p.subject_id = ?)
       on conflict (user_id, subject_id, node_id) do nothing
       returning node_id`,
      [
        userId,
        subjectId,
        s.stability,
        s.difficulty,
        s.elapsedDays,
        s.scheduledDays,
        s.learningSteps,
        s.reps,
        s.lapses,
        s.state,
        s.lastReview,
        s.due,
        JSON.stringify(cards.map((c) => ({ nodeId: c.nodeId, due: c.due.toISOString() }))),
        userId,
        subjectId,
      ],
    );
    return rows.map((r) => r.node_id);
  }

  /** The learner's cards of the subject due at `now`, most overdue first (the caller keeps live topics). */
  dueCards(userId: string, subjectId: string, now: Date): Promise<CardRecord[]> {
    return this.em.execute<CardRecord[]>(
      `select ${CARD_COLUMNS} from practice_cards c
        where c.user_id = ? and c.subject_id = ? and c.due <= ?
        order by c.due asc, c.node_id asc`,
      [userId, subjectId, now],
    );
  }

  /** Locks the learner's card until the transaction ends, so racing reviews apply one after another. */
  async lockCard(em: EntityManager, userId: string, subjectId: string, nodeId: string): Promise<CardRecord | null> {
    const rows = await em.execute<CardRecord[]>(
      `select ${CARD_COLUMNS} from practice_cards c where c.user_id = ? and c.subject_id = ? and c.node_id = ? for update`,
      [userId, subjectId, nodeId],
    );
    return rows[0] ?? null;
  }

  /** Remembers the question the card is served with (kept until the card is rated). */
  async serve(userId: string, subjectId: string, nodeId: string, questionId: string, now: Date): Promise<void> {
    await this.em.execute(
      `update practice_cards set served_question_id = ?, served_at = ?, answer = null, answer_correct = null, answered_at = null
        where user_id = ? and subject_id = ? and node_id = ? and served_question_id is distinct from ?`,
      [questionId, now, userId, subjectId, nodeId, questionId],
    );
  }

  /** The graded answer of the served question, kept for the rating. */
  async saveAnswer(
    em: EntityManager,
    userId: string,
    subjectId: string,
    nodeId: string,
    a: { answer: string; correct: boolean; at: Date },
  ): Promise<void> {
    await em.execute(
      `update practice_cards set answer = ?, answer_correct = ?, answered_at = ? where user_id = ? and subject_id = ? and node_id = ?`,
      [a.answer, a.correct, a.at, userId, subjectId, nodeId],
    );
  }

  /** The card's next FSRS state after a rating; the served question and its answer are cleared. */
  async updateCard(em: EntityManager, userId: string, subjectId: string, nodeId: string, s: CardState): Promise<void> {
    await em.execute(
      `update practice_cards set due = ?, stability = ?, difficulty = ?, elapsed_days = ?, scheduled_days = ?, learning_steps = ?,
              reps = ?, lapses = ?, state = ?, last_review = ?,
              served_question_id = null, served_at = null, answer = null, answer_correct = null, answered_at = null
        where user_id = ? and subject_id = ? and node_id = ?`,
      [
        s.due,
        s.stability,
        s.difficulty,
        s.elapsedDays,
        s.scheduledDays,
        s.learningSteps,
        s.reps,
        s.lapses,
        s.state,
        s.lastReview,
        userId,
        subjectId,
        nodeId,
      ],
    );
  }

  async insertReview(
    em: EntityManager,
    r: {
      userId: string;
      subjectId: string;
      nodeId: string;
      rating: number;
      correct: boolean | null;
      questionId: string | null;
      reviewedAt: Date;
      scheduledDays: number;
    },
  ): Promise<void> {
    await em.execute(
      `insert into practice_reviews (id, user_id, subject_id, node_id, rating, correct, question_id, reviewed_at, scheduled_days) values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?)`,
      [r.userId, r.subjectId, r.nodeId, r.rating, r.correct, r.questionId, r.reviewedAt, r.scheduledDays],
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
}
