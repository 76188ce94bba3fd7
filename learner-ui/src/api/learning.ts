import { api } from './client';
import type { OkResponse, RequestBody, Schema } from '@lp/api-types';

/**
 * The learning loop (docs/learning-loop-api.md, issue 26): a topic's check items, the caller's path through
 * the course (complete, ready, next, soft locks) and practice's graded answer. The types are the server's
 * (OpenAPI), except `PathNext`, narrowed to its three shapes.
 */

// ---------------------------------------------------------------------------------------------
// Topic check

/** The caller's first answer of a check item and the key it revealed (the explanation is sanitised html). */
export type CheckAnswered = Schema<'MicroQuizAnsweredResponse'>;

/** A check item as the topic page serves it: its answer only once the caller has answered it. */
export type CheckItem = Schema<'MicroQuizItemResponse'>;

/** Where the caller stands on a topic's check: first answers only. */
export type CheckProgress = Schema<'TopicCheckResponse'>;

/** POST /api/checks/{nodeId}/answers: the answer graded, the key revealed, the topic's check and completion. */
export type CheckAnswerResult = OkResponse<'/api/checks/{nodeId}/answers', 'post'>;

export type CheckAnswerInput = RequestBody<'/api/checks/{nodeId}/answers', 'post'>;

// ---------------------------------------------------------------------------------------------
// Learning path

export type PathTopic = Schema<'PathTopicResponse'>;

export type PathModule = Schema<'PathModuleResponse'>;

/** What "Complete and continue" leads to. */
export type PathNext =
  | { type: 'topic'; topic: { id: string; title: string } }
  | { type: 'post_test'; quiz: 'q_final' }
  | { type: 'practice'; reason: string };

export type OpenAttempt = Schema<'OpenAttemptResponse'>;

/** GET /api/users/me/path?subjectId=&after=. */
export type LearningPath = Omit<OkResponse<'/api/users/me/path', 'get'>, 'next'> & { next: PathNext };

// ---------------------------------------------------------------------------------------------
// Practice's graded answer

/** The next review for one rating, as FSRS would schedule it now. */
export type PracticeInterval = Schema<'PracticeIntervalResponse'>;

/** POST /api/practice/answer: right or wrong, the key, the explanation and the interval of each rating. */
export type PracticeAnswerResult = OkResponse<'/api/practice/answer', 'post'>;

export type PracticeAnswerInput = RequestBody<'/api/practice/answer', 'post'>;

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
