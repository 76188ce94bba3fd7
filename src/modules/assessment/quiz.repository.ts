import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type BatchedRead, batchedRead } from '../../common/database/batched-read';
import type { AttemptStatus, QuizChoice, QuizItemUse, QuizKind } from './entities';

/** A quiz item without its answer. */
export interface QuizItemRecord {
  id: string;
  nodeId: string;
  stem: string;
  choices: QuizChoice[];
  difficulty: number;
  position: number;
}

/** The caller's first answer of a check item, with the key it reveals. */
export interface FirstAnswerRecord {
  answer: string;
  correct: boolean;
  correctAnswer: string;
  explanation: string;
}

/**
 * A topic's check items (no answers; with the caller's first answer of each and the key that answer revealed)
 * and the caller's P(known) of it, null before any evidence.
 */
export interface TopicItemsAndLevel {
  items: (Pick<QuizItemRecord, 'id' | 'nodeId' | 'stem' | 'choices'> & { answered: FirstAnswerRecord | null })[];
  level: number | null;
}

/** What grading reads of an item: its key and explanation. */
export interface GradingItemRecord {
  id: string;
  nodeId: string;
  correct: string;
  explanation: string;
}

/** An attempt still open: where it stands (the number of the question it is at). */
export interface OpenAttemptRecord {
  attemptId: string;
  kind: QuizKind;
  /** answers given + 1 */
  question: number;
  createdAt: string;
}

export interface AttemptRecord {
  id: string;
  userId: string;
  subjectId: string;
  kind: QuizKind;
  questionIds: string[];
  status: AttemptStatus;
  answers: LoggedAnswer[];
  result: Record<string, unknown> | null;
  submittedAt: string | null;
  createdAt: string;
}

/** An answer as the attempt logs it: graded when given, against the key of that moment. */
export interface LoggedAnswer {
  questionId: string;
  answer: string;
  correct: boolean;
}

const ids = (xs: string[]) => JSON.stringify(xs);

const ITEM_COLUMNS = `id, node_id as "nodeId", stem, choices, difficulty, position`;
const ATTEMPT_COLUMNS = `id, user_id as "userId", subject_id as "subjectId", kind, question_ids as "questionIds", answers, status,
  result, submitted_at as "submittedAt", created_at as "createdAt"`;

/** Statements the benchmark's bare baseline runs as they are (positional `?` bindings). */
export const QUIZ_SQL = {
  /**
   * a topic's check items without answers, each row with the user's P(known) of it and the user's first answer
   * of the item (its key and explanation only once answered); binds user, subject, node
   */
  topicItemsAndLevel: `select q.id, q.node_id as "nodeId", q.stem, q.choices, lvl.p_known as "level",
            a.answer, a.correct as "answerCorrect",
            case when a.answer is not null then q.correct end as "correctAnswer",
            case when a.answer is not null then q.explanation end as "explanation"
       from (select ?::uuid as user_id, ?::text as subject_id, ?::text as node_id) p
       cross join lateral (select (select m.p_known from user_mastery m
                      where m.user_id = p.user_id and m.subject_id = p.subject_id and m.skill_id = p.node_id
                        and m.kind = 'topic') as p_known) lvl
       left join quiz_items q on q.subject_id = p.subject_id and q.node_id = p.node_id and q.use = 'check'
       left join lateral (select la.answer, la.correct from learning_answers la
                           where la.user_id = p.user_id and la.subject_id = p.subject_id and la.item_id = q.id
                           order by la.answered_at, la.id limit 1) a on true
      order by q.position, q.id`,
} as const;

/** SQL of quizzes and gating. Methods taking `em` run in the caller's transaction. */
@Injectable()
export class QuizRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every quiz item of the subject of this use, without answers (the caller keeps those of live topics). */
  items(subjectId: string, use: QuizItemUse): Promise<QuizItemRecord[]> {
    return this.em.execute(
      `select ${ITEM_COLUMNS} from quiz_items where subject_id = ? and use = ? order by node_id, position, id`,
      [subjectId, use],
    );
  }

  /** The items of these topics of this use in their authored order, without answers. */
  itemsOfNodes(subjectId: string, nodeIds: string[], use: QuizItemUse): Promise<QuizItemRecord[]> {
    return this.em.execute(
      `select ${ITEM_COLUMNS} from quiz_items
        where subject_id = ? and use = ? and node_id = any(array(select jsonb_array_elements_text(?::jsonb)))
        order by node_id, position, id`,
      [subjectId, use, ids(nodeIds)],
    );
  }

  /**
   * One topic's items in their authored order, without answers, and the caller's P(known) of it (null
   * before any evidence), as one statement that the topic page sends with the graph's in one round
   * trip. The level comes on every row; with no items there is one row whose `id` is null.
   */
  topicItemsAndLevelRead(subjectId: string, nodeId: string, userId: string): BatchedRead<TopicItemsAndLevel> {
    return batchedRead({
      sql: QUIZ_SQL.topicItemsAndLevel,
      params: [userId, subjectId, nodeId],
      map: (rows) => {
        const level = rows[0]?.level;
        return {
          items: rows
            .filter((r) => r.id != null)
            .map((r) => ({
              id: String(r.id),
              nodeId: String(r.nodeId),
              stem: String(r.stem),
              choices: r.choices as QuizChoice[],
              answered:
                r.answer == null
                  ? null
                  : {
                      answer: String(r.answer),
                      correct: r.answerCorrect === true,
                      correctAnswer: String(r.correctAnswer),
                      explanation: String(r.explanation ?? ''),
                    },
            })),
          level: level == null ? null : Number(level),
        };
      },
    });
  }

  itemsById(
    em: EntityManager,
    subjectId: string,
    itemIds: string[],
  ): Promise<(QuizItemRecord & GradingItemRecord & { use: QuizItemUse })[]> {
    return em.execute(
      `select ${ITEM_COLUMNS}, correct, explanation, use from quiz_items
        where subject_id = ? and id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      [subjectId, ids(itemIds)],
    );
  }

  /** Item ids served to the user in other attempts of the subject. */
  async seenItems(userId: string, subjectId: string, exceptAttempt?: string): Promise<Set<string>> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select distinct jsonb_array_elements_text(question_ids) as id from quiz_attempts
        where user_id = ? and subject_id = ? and (?::uuid is null or id <> ?::uuid)`,
      [userId, subjectId, exceptAttempt ?? null, exceptAttempt ?? null],
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

  /**
   * Opens an attempt unless one of this kind is open already (the partial unique index
   * `quiz_attempts_one_open_unique`): true when this call inserted it.
   */
  async insertAttempt(a: {
    id: string;
    userId: string;
    subjectId: string;
    kind: QuizKind;
    questionIds: string[];
  }): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into quiz_attempts (id, user_id, subject_id, kind, question_ids, status, created_at) values (?, ?, ?, ?, ?::jsonb, 'open', now())
       on conflict (user_id, subject_id, kind) where status = 'open' do nothing returning id`,
      [a.id, a.userId, a.subjectId, a.kind, ids(a.questionIds)],
    );
    return rows.length > 0;
  }

  /** The learner's open attempt of this kind, if any (there is at most one). */
  async openAttemptOf(userId: string, subjectId: string, kind: QuizKind): Promise<AttemptRecord | null> {
    const rows = await this.em.execute<AttemptRecord[]>(
      `select ${ATTEMPT_COLUMNS} from quiz_attempts where user_id = ? and subject_id = ? and kind = ? and status = 'open'`,
      [userId, subjectId, kind],
    );
    return rows[0] ?? null;
  }

  async attempt(id: string): Promise<AttemptRecord | null> {
    const rows = await this.em.execute<AttemptRecord[]>(`select ${ATTEMPT_COLUMNS} from quiz_attempts where id = ?`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async lockAttempt(em: EntityManager, id: string): Promise<AttemptRecord | null> {
    const rows = await em.execute<AttemptRecord[]>(
      `select ${ATTEMPT_COLUMNS} from quiz_attempts where id = ? for update`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Keeps an open attempt's served questions and answers so far. */
  async saveProgress(em: EntityManager, id: string, questionIds: string[], answers: LoggedAnswer[]) {
    await em.execute(`update quiz_attempts set question_ids = ?::jsonb, answers = ?::jsonb where id = ?`, [
      ids(questionIds),
      JSON.stringify(answers),
      id,
    ]);
  }

  async finishAttempt(em: EntityManager, id: string, answers: LoggedAnswer[], result: unknown) {
    await em.execute(
      `update quiz_attempts set status = 'submitted', answers = ?::jsonb, result = ?::jsonb, submitted_at = now() where id = ?`,
      [JSON.stringify(answers), JSON.stringify(result), id],
    );
  }

  /**
   * The population: the share of the course that each of the latest learners of this subject and
   * kind was estimated to know (one figure per learner, their latest attempt).
   */
  async population(subjectId: string, kind: QuizKind, limit: number): Promise<number[]> {
    const rows = await this.em.execute<{ share: number }[]>(
      `select share from (
         select distinct on (user_id) (result->>'knownShare')::float8 as share, submitted_at
           from quiz_attempts
          where subject_id = ? and kind = ? and status = 'submitted' and result->>'knownShare' is not null
          order by user_id, submitted_at desc) latest
        order by submitted_at desc limit ?`,
      [subjectId, kind, limit],
    );
    return rows.map((r) => Number(r.share)).filter((x) => Number.isFinite(x));
  }

  /** The learner's open attempts of the subject, the newest of each kind. */
  openAttempts(userId: string, subjectId: string): Promise<OpenAttemptRecord[]> {
    return this.em.execute<OpenAttemptRecord[]>(
      `select * from (
         select distinct on (kind) id as "attemptId", kind, jsonb_array_length(answers)::int + 1 as question,
                created_at as "createdAt"
           from quiz_attempts where user_id = ? and subject_id = ? and status = 'open'
          order by kind, created_at desc) o
        order by "createdAt" desc`,
      [userId, subjectId],
    );
  }
}
