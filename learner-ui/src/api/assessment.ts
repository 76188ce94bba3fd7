import { api } from './client';
import type { QueryParams, RequestBody } from '@lp/api-types';

/**
 * Quizzes, mastery detail and spaced-repetition practice (docs/assessment-api.md).
 * Everything except the caller's own mastery needs an entitlement for the subject (403 otherwise).
 * What these calls send is checked against the OpenAPI document (./openapi.ts); the document does
 * not describe their answers yet, so the response types below are written by hand.
 */

// ---------------------------------------------------------------------------------------------
// Quizzes

/** The `kind` query parameter of /quiz. */
export type QuizPageKind = 'diag' | 'final' | 'diag-clinician';
/** The server's quiz ids. */
export type QuizId = 'q_diag' | 'q_final' | 'q_diag_clinician';

export const QUIZ_IDS: Record<QuizPageKind, QuizId> = {
  diag: 'q_diag',
  final: 'q_final',
  'diag-clinician': 'q_diag_clinician',
};

export interface QuizChoice {
  id: string;
  /** Sanitised html. */
  textHtml: string;
}

export interface QuizQuestion {
  id: string;
  /** Sanitised html. */
  stemHtml: string;
  choices: QuizChoice[];
}

/** Where an adaptive attempt stands. */
export interface QuizProgress {
  /** questions answered so far */
  answered: number;
  /** about how many remain (0 once done) */
  remaining: number;
  /** the length cap */
  cap: number;
  /** expected share of topics classified right, 0..1 */
  confidence?: number;
}

/** An attempt as it starts: its first question (an adaptive test serves one at a time). */
export interface QuizAttempt {
  attemptId: string;
  kind: QuizId;
  subjectId: string;
  question?: QuizQuestion | null;
  /** the questions served so far (the first one) */
  questions: QuizQuestion[];
  progress?: QuizProgress | null;
}

/** The answer to one question: the next question, or done with the result. */
export interface QuizStep {
  attemptId: string;
  done: boolean;
  question?: QuizQuestion | null;
  progress?: QuizProgress | null;
  result?: QuizResult | null;
}

export interface QuizResponse {
  questionId: string;
  /** The chosen choice id. */
  answer: string;
}

export interface GradedQuestion {
  questionId: string;
  correct: boolean;
  correctAnswer?: string | null;
  explanation?: string | null;
}

export type NextStepType = 'practice' | 'review' | 'advance' | 'post_test';

export interface QuizGating {
  passed: boolean;
  unlockModules?: string[];
  tagUser?: string[];
  recommendReview?: string[];
  cooldownHours?: number | null;
}

/** A topic the attempt classified, with its calibrated level and the spec's label. */
export interface QuizTopicResult {
  id: string;
  title: string;
  moduleId?: string;
  /** 0..1. */
  level: number;
  label?: string;
  mastered?: boolean;
  /** questions asked on it (0: inferred over the graph) */
  asked?: number;
}

export interface QuizResult {
  attemptId: string;
  /** 0..1. */
  score: number;
  graded: GradedQuestion[];
  nextStep?: { type: NextStepType; skills?: string[] } | null;
  gating?: QuizGating | null;
  mastery?: Record<string, number>;
  topics?: QuizTopicResult[];
  questionsAsked?: number;
  /** expected share of topics classified right, 0..1 */
  confidence?: number;
}

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
// Mastery (with the per-skill rows)

export interface SkillMastery {
  subjectId: string;
  skillId: string;
  name: string;
  kind: 'topic' | 'category';
  /** 0..1. */
  score: number;
  attempts?: number;
  correct?: number;
  updatedAt?: string;
}

/** A topic on the outer fringe of the learner's knowledge: prerequisites mastered, itself not yet. */
export interface ReadyTopic {
  id: string;
  title: string;
  moduleId?: string;
  moduleTitle?: string;
  /** 0..1. */
  level: number;
}

export interface MasteryDetail {
  mastery: Record<string, number>;
  skills: SkillMastery[];
  /** only when asked for one subject */
  readyToLearn?: ReadyTopic[];
}

export const masteryDetailApi = {
  /** GET /api/users/me/mastery?subjectId= → `{ mastery, skills }` (the caller's own data). */
  get: async (subjectId?: string | null): Promise<MasteryDetail> => {
    const data = await api.get<Partial<MasteryDetail> | null>('/api/users/me/mastery', {
      query: { subjectId: subjectId || undefined } satisfies QueryParams<'/api/users/me/mastery', 'get'>,
    });
    const mastery: Record<string, number> = {};
    if (data?.mastery && typeof data.mastery === 'object') {
      for (const [k, v] of Object.entries(data.mastery))
        if (typeof v === 'number' && Number.isFinite(v)) mastery[k] = v;
    }
    const skills = Array.isArray(data?.skills)
      ? data.skills.filter((s): s is SkillMastery => !!s && typeof s.name === 'string' && typeof s.score === 'number')
      : [];
    const readyToLearn = Array.isArray(data?.readyToLearn)
      ? data.readyToLearn.filter((t): t is ReadyTopic => !!t && typeof t.id === 'string' && typeof t.title === 'string')
      : undefined;
    return readyToLearn ? { mastery, skills, readyToLearn } : { mastery, skills };
  },
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

export interface PracticeCard {
  nodeId: string;
  title: string;
  questionId?: string | null;
  question: string;
  options: { id: string; text: string }[];
  type: 'multiple_choice';
  due?: string;
}

export type PracticeReviewInput = Omit<RequestBody<'/api/practice/review', 'post'>, 'questionId' | 'answer'> & {
  questionId?: string | null;
  answer?: string | null;
};

export interface PracticeReviewResult {
  nodeId: string;
  rating: number;
  correct: boolean | null;
  due: string;
  scheduledDays?: number;
  state?: string;
  mastery?: number;
}

export interface PracticeStats {
  due: number;
  completedToday: number;
  /** 0..1, null before any answer. */
  accuracy: number | null;
  /** Consecutive days up to today with at least one review. */
  streak: number;
  totalReviews: number;
}

export const practiceApi = {
  /** GET /api/practice/next?subjectId=&limit= → due cards, most overdue first. */
  next: async (subjectId: string, limit?: number): Promise<PracticeCard[]> => {
    const data = await api.get<unknown>('/api/practice/next', {
      query: { subjectId, limit } satisfies QueryParams<'/api/practice/next', 'get'>,
    });
    return Array.isArray(data) ? (data as PracticeCard[]) : [];
  },
  /** POST /api/practice/seed { subjectId } → { created } (only when the learner has no cards). */
  seed: (subjectId: string) =>
    api.post<{ created: number }>('/api/practice/seed', { subjectId } satisfies RequestBody<
      '/api/practice/seed',
      'post'
    >),
  /** POST /api/practice/review { subjectId, nodeId, rating, questionId?, answer? }. */
  review: (input: PracticeReviewInput) => {
    const body: RequestBody<'/api/practice/review', 'post'> = {
      subjectId: input.subjectId,
      nodeId: input.nodeId,
      rating: input.rating,
    };
    if (input.questionId) body.questionId = input.questionId;
    if (input.answer) body.answer = input.answer;
    return api.post<PracticeReviewResult>('/api/practice/review', body);
  },
  /** GET /api/practice/stats?subjectId= → { due, completedToday, accuracy, streak, totalReviews }. */
  stats: async (subjectId: string): Promise<PracticeStats> => {
    const d =
      (await api.get<Partial<PracticeStats> | null>('/api/practice/stats', {
        query: { subjectId } satisfies QueryParams<'/api/practice/stats', 'get'>,
      })) ?? {};
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
    return {
      due: num(d.due),
      completedToday: num(d.completedToday),
      accuracy: typeof d.accuracy === 'number' && Number.isFinite(d.accuracy) ? d.accuracy : null,
      streak: num(d.streak),
      totalReviews: num(d.totalReviews),
    };
  },
};
