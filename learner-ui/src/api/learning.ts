import { api } from './client';
import type { Schema } from '@lp/api-types';
import type { TopicNode } from './graph';

/**
 * The learning loop (docs/learning-loop-api.md, issue 26): a topic's check items, the caller's path through
 * the course (complete, ready, next, soft locks) and practice's graded answer.
 *
 * Until the OpenAPI types have them: the response types below are written from the contract's JSON, not
 * generated. Once the server declares them, replace each with its `Schema<'…'>` / `OkResponse<…>` type:
 *   CheckAnswered        → Schema<'MicroQuizAnsweredResponse'>
 *   CheckProgress        → Schema<'TopicCheckResponse'> (the check answer's `check` too)
 *   CheckItem            → Schema<'MicroQuizItemResponse'> (with `answered`)
 *   TopicWithCheck       → TopicNode (once it has `micro_quiz[].answered`, `check` and `complete`)
 *   CheckAnswerResult    → OkResponse<'/api/checks/{nodeId}/answers', 'post'>
 *   LearningPath         → OkResponse<'/api/users/me/path', 'get'>
 *   PracticeAnswerResult → OkResponse<'/api/practice/answer', 'post'>
 */

// ---------------------------------------------------------------------------------------------
// Topic check (until the OpenAPI types have them)

/** The caller's first answer of a check item and the key it revealed (the explanation is sanitised html). */
export interface CheckAnswered {
  answer: string;
  correct: boolean;
  correctAnswer: string;
  explanation: string;
}

/** A check item as the topic page serves it: its answer only once the caller has answered it. */
export type CheckItem = Schema<'MicroQuizItemResponse'> & { answered?: CheckAnswered | null };

/** Where the caller stands on a topic's check: first answers only. */
export interface CheckProgress {
  total: number;
  answered: number;
  correct: number;
  /** more than half of the check items right the first time */
  passed: boolean;
}

/** The topic page with the check fields of issue 26 (optional here: the published server may not send them yet). */
export type TopicWithCheck = Omit<TopicNode, 'micro_quiz'> & {
  micro_quiz: CheckItem[];
  check?: CheckProgress;
  /** check passed, or level at least 0.7 */
  complete?: boolean;
};

/** POST /api/checks/{nodeId}/answers: the answer graded, the key revealed, the topic's check and completion. */
export interface CheckAnswerResult {
  questionId: string;
  correct: boolean;
  correctAnswer: string;
  /** sanitised html */
  explanation: string;
  /** whether the answer moved mastery (the first answer of each item only) */
  counted: boolean;
  mastery: number | null;
  check: CheckProgress;
  complete: boolean;
}

export interface CheckAnswerInput {
  subjectId: string;
  questionId: string;
  answer: string;
}

// ---------------------------------------------------------------------------------------------
// Learning path (until the OpenAPI types have them)

export interface PathTopic {
  id: string;
  title?: string;
  moduleId: string;
  level: number;
  complete: boolean;
  ready: boolean;
}

export interface PathModule {
  id: string;
  title: string;
  locked: boolean;
  /** why it is locked, e.g. 'Master “Anatomy & Foundations” to open this module'; null when open */
  reason: string | null;
  openedBy: 'first' | 'mastery' | 'unlock' | null;
}

/** What "Complete and continue" leads to. */
export type PathNext =
  | { type: 'topic'; topic: { id: string; title: string } }
  | { type: 'post_test'; quiz: 'q_final' }
  | { type: 'practice'; reason: string };

export interface OpenAttempt {
  attemptId: string;
  kind: 'q_diag' | 'q_final' | 'q_diag_clinician';
  /** the number of answers given + 1 */
  question: number;
  createdAt: string;
}

/** GET /api/users/me/path?subjectId=&after=. */
export interface LearningPath {
  subjectId: string;
  complete: number;
  total: number;
  topics: PathTopic[];
  modules: PathModule[];
  next: PathNext;
  openAttempts: OpenAttempt[];
}

// ---------------------------------------------------------------------------------------------
// Practice's graded answer (until the OpenAPI types have them)

/** The next review for one rating, as FSRS would schedule it now. */
export interface PracticeInterval {
  rating: 0 | 1 | 3 | 5;
  label: 'Again' | 'Hard' | 'Good' | 'Easy';
  scheduledDays: number;
  due: string;
}

/** POST /api/practice/answer: right or wrong, the key, the explanation and the interval of each rating. */
export interface PracticeAnswerResult {
  nodeId: string;
  questionId: string;
  correct: boolean;
  correctAnswer: string;
  explanation: string;
  counted: boolean;
  mastery: number | null;
  intervals: PracticeInterval[];
}

export interface PracticeAnswerInput {
  subjectId: string;
  nodeId: string;
  questionId: string;
  answer: string;
}

// ---------------------------------------------------------------------------------------------

export const learningApi = {
  /**
   * POST /api/checks/{nodeId}/answers { subjectId, questionId, answer } → graded with the key. A repeat
   * answer is graded again with `counted: false`. 400 for an item that is not a check item of the topic or
   * an answer that is not a choice, 403 without access, 404 unknown topic.
   */
  answerCheck: (nodeId: string, input: CheckAnswerInput) =>
    api.post<CheckAnswerResult>(`/api/checks/${encodeURIComponent(nodeId)}/answers`, {
      subjectId: input.subjectId,
      questionId: input.questionId,
      answer: input.answer,
    }),
  /** GET /api/users/me/path?subjectId=&after=: complete and ready topics, module locks and the next step. */
  path: (subjectId: string, after?: string | null) =>
    api.get<LearningPath>('/api/users/me/path', { query: { subjectId, after: after || undefined } }),
  /**
   * POST /api/practice/answer { subjectId, nodeId, questionId, answer } → graded, with the key and the
   * intervals. 404 without a card, 409 for a card not served, another question or an answer already graded.
   */
  answerPractice: (input: PracticeAnswerInput) =>
    api.post<PracticeAnswerResult>('/api/practice/answer', {
      subjectId: input.subjectId,
      nodeId: input.nodeId,
      questionId: input.questionId,
      answer: input.answer,
    }),
};
