import { api } from './client';
import type { OkResponse, QueryParams, RequestBody, Schema } from '@lp/api-types';

/**
 * Quizzes and spaced-repetition practice (docs/assessment-api.md); the mastery detail is in ./mastery.ts.
 * Everything needs an entitlement for the subject (403 otherwise).
 * Every call is typed from the OpenAPI document (@lp/api-types): what the server declares is the contract.
 */

// ---------------------------------------------------------------------------------------------
// Quizzes

/** The `kind` query parameter of /quiz. */
export type QuizPageKind = 'diag' | 'final' | 'diag-clinician';

/** An attempt as it starts: its first question (an adaptive test serves one at a time) and its progress. */
export type QuizAttempt = OkResponse<'/api/quizzes/{kind}/attempts', 'post'>;

/** The server's quiz ids. */
export type QuizId = QuizAttempt['kind'];

export const QUIZ_IDS: Record<QuizPageKind, QuizId> = {
  diag: 'q_diag',
  final: 'q_final',
  'diag-clinician': 'q_diag_clinician',
};

/** A question as served: stem and choices as sanitised html, never the answer. */
export type QuizQuestion = Schema<'AttemptQuestionResponse'>;

/** Where an adaptive attempt stands: answered, about how many remain, the cap and the confidence. */
export type QuizProgress = Schema<'AttemptProgressResponse'>;

/** The answer to one question: the next question (`done: false`), or done with the result. */
export type QuizStep = OkResponse<'/api/attempts/{id}/answer', 'post'>;

/** One answer: the question and the chosen choice id. */
export type QuizResponse = RequestBody<'/api/attempts/{id}/answer', 'post'>;

/** The graded attempt: score, graded answers, next step, gating and each classified topic's level. */
export type QuizResult = OkResponse<'/api/attempts/submit', 'post'>;

export type GradedQuestion = Schema<'GradedAnswerResponse'>;
export type NextStepType = Schema<'NextStepResponse'>['type'];
export type QuizGating = Schema<'GatingResponse'>;
/** A topic the attempt classified, with its calibrated level and the spec's label. */
export type QuizTopicResult = Schema<'AssessedTopicResponse'>;

export const quizApi = {
  /**
   * POST /api/quizzes/{kind}/attempts { subject, clinician? } → 201 the attempt.
   * 403 without access (or without the clinician role), 400, 429 during the retake cooldown.
   */
  start: (kind: QuizPageKind, subject: string) => {
    const body: RequestBody<'/api/quizzes/{kind}/attempts', 'post'> = { subject };
    if (kind === 'diag-clinician') body.clinician = true;
    return api.post<QuizAttempt>(`/api/quizzes/${QUIZ_IDS[kind]}/attempts`, body);
  },
  /**
   * POST /api/attempts/{id}/answer { questionId, answer } → the next question, or done with the result.
   * 400 for a question not served or a choice it does not have, 409 when answered twice or after done.
   */
  answer: (attemptId: string, response: QuizResponse) =>
    api.post<QuizStep>(`/api/attempts/${encodeURIComponent(attemptId)}/answer`, response),
  /**
   * POST /api/attempts/submit { attemptId, responses } → finishes the attempt with what has been
   * answered (and these responses) and returns the graded result (409 when submitted twice).
   */
  submit: (attemptId: string, responses: QuizResponse[]) =>
    api.post<QuizResult>('/api/attempts/submit', {
      attemptId,
      responses,
    } satisfies RequestBody<'/api/attempts/submit', 'post'>),
};

// ---------------------------------------------------------------------------------------------
// Practice (FSRS)

export type PracticeRating = RequestBody<'/api/practice/review', 'post'>['rating'];

export const PRACTICE_RATINGS: { label: 'Again' | 'Hard' | 'Good' | 'Easy'; value: PracticeRating }[] = [
  { label: 'Again', value: 0 },
  { label: 'Hard', value: 1 },
  { label: 'Good', value: 3 },
  { label: 'Easy', value: 5 },
];

/** A due card: its topic and, when the topic has quiz items, a question with its options. */
export type PracticeCard = Schema<'PracticeQuestionResponse'>;

/** The spec's rating payload: the answer went to POST /api/practice/answer before (issue 26). */
export type PracticeReviewInput = Pick<RequestBody<'/api/practice/review', 'post'>, 'subjectId' | 'nodeId' | 'rating'>;

export type PracticeReviewResult = OkResponse<'/api/practice/review', 'post'>;

/** Due now, reviews today, accuracy (null before any graded answer), streak in days and all reviews. */
export type PracticeStats = OkResponse<'/api/practice/stats', 'get'>;

export const practiceApi = {
  /** GET /api/practice/next?subjectId=&limit= → due cards, most overdue first. */
  next: (subjectId: string, limit?: number) =>
    api.get<OkResponse<'/api/practice/next', 'get'>>('/api/practice/next', {
      query: { subjectId, limit } satisfies QueryParams<'/api/practice/next', 'get'>,
    }),
  /** POST /api/practice/seed { subjectId } → { created } (only when the learner has no cards). */
  seed: (subjectId: string) =>
    api.post<OkResponse<'/api/practice/seed', 'post'>>('/api/practice/seed', {
      subjectId,
    } satisfies RequestBody<'/api/practice/seed', 'post'>),
  /**
   * POST /api/practice/review { subjectId, nodeId, rating } (the spec's row): rates the card whose answer
   * POST /api/practice/answer graded (409 before that).
   */
  review: (input: PracticeReviewInput) =>
    api.post<PracticeReviewResult>('/api/practice/review', {
      subjectId: input.subjectId,
      nodeId: input.nodeId,
      rating: input.rating,
    } satisfies RequestBody<'/api/practice/review', 'post'>),
  /** GET /api/practice/stats?subjectId= → { due, completedToday, accuracy, streak, totalReviews }. */
  stats: (subjectId: string) =>
    api.get<PracticeStats>('/api/practice/stats', {
      query: { subjectId } satisfies QueryParams<'/api/practice/stats', 'get'>,
    }),
};
