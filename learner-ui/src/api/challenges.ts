import { api } from './client';
import type { OkResponse, RequestBody, Schema } from '@lp/api-types';

/**
 * Challenges, enrolment, day content, submissions and public certificates (docs/challenges-api.md).
 * Every call is typed from the OpenAPI document (@lp/api-types): what the server declares is the contract.
 * Errors come back as ApiError (status and the server's `message`; `body` holds extras such as `unlockAt`).
 */

const q = encodeURIComponent;

// ---------------------------------------------------------------------------------------------
// Challenges

export type ChallengeListItem = Schema<'ChallengeSummaryResponse'>;

/** A challenge's syllabus: its days with title, tool and `est_minutes` (15 when the content does not say). */
export type ChallengeDetail = Schema<'ChallengeSyllabusResponse'>;

/**
 * One day's content. A locked day (not enrolled, or before its unlock time) has `lesson: null`,
 * `quiz: []`, `micro_project: null`; `unlock_at` is the unlock instant when enrolled, null when not.
 * Quiz options come in the order served to this learner (answers are positions in it); `correct_option`
 * is null until the learner passed the quiz.
 */
export type ChallengeDayContent = Schema<'DayContentResponse'>;
export type ChallengeQuizQuestion = Schema<'QuizQuestionResponse'>;
export type ChallengeMicroProject = Schema<'MicroProjectResponse'>;

// ---------------------------------------------------------------------------------------------
// Enrolment and progress

/** Enrolment, each day's state, the next unlock (null when all are, or when not enrolled) and the certificate. */
export type ChallengeProgress = Schema<'ProgressResponse'>;
export type DayProgress = Schema<'DayProgressResponse'>;
export type DayQuizProgress = Schema<'QuizProgressResponse'>;
export type DayProjectProgress = Schema<'ProjectProgressResponse'>;

/** startLocalDate 'YYYY-MM-DD' and dailyUnlockLocalTime 'HH:MM' in the learner's IANA time zone. */
export type EnrollInput = RequestBody<'/api/challenges/{cid}/enroll', 'post'>;

// ---------------------------------------------------------------------------------------------
// Submissions

/** `score` 0..1 and whether it passed (nothing per question), the day's tries left and, when none are, `retryAt`. */
export type ChallengeQuizResult = OkResponse<'/api/me/challenges/{cid}/days/{day}/quiz', 'post'>;

/** Map of expected field to the learner's text. */
export type ProjectPayload = RequestBody<'/api/me/challenges/{cid}/days/{day}/project', 'post'>['payload'];

export type BotAssessment = OkResponse<'/api/me/challenges/{cid}/days/{day}/bot/assess', 'post'>;

/** The body of a 403 on a locked day: `unlockAt` null when not enrolled. */
export interface LockedDayErrorBody {
  statusCode: 403;
  error: string;
  message: string;
  unlockAt: string | null;
}

/** The body of a 429: today's 3 tries of the quiz are used; `retryAt` is the next allowed instant. */
export type QuizLimitErrorBody = Schema<'QuizLimitResponse'>;

export function challengePaths(cid: string) {
  const base = `/api/challenges/${q(cid)}`;
  const me = `/api/me/challenges/${q(cid)}`;
  return {
    detail: base,
    enroll: `${base}/enroll`,
    day: (day: number) => `${base}/days/${day}`,
    progress: `${me}/progress`,
    quiz: (day: number) => `${me}/days/${day}/quiz`,
    project: (day: number) => `${me}/days/${day}/project`,
    botAssess: (day: number) => `${me}/days/${day}/bot/assess`,
  };
}

export const challengeApi = {
  /** GET /api/challenges → `{challenges}` in content order. */
  list: async (): Promise<ChallengeListItem[]> =>
    (await api.get<OkResponse<'/api/challenges', 'get'>>('/api/challenges')).challenges,
  /** GET /api/challenges/{cid}: 404 `Challenge not found`. */
  get: (cid: string) => api.get<ChallengeDetail>(challengePaths(cid).detail),
  /** GET /api/challenges/{cid}/days/{day}: 403 without the course, 404 `Day not found`. */
  day: (cid: string, day: number) => api.get<ChallengeDayContent>(challengePaths(cid).day(day)),
  /** GET /api/me/challenges/{cid}/progress: 403 without the course. */
  progress: (cid: string) => api.get<ChallengeProgress>(challengePaths(cid).progress),
  /** POST /api/challenges/{cid}/enroll: 201 new, 200 unchanged when already enrolled; 403 without the course. */
  enroll: (cid: string, input: EnrollInput) =>
    api.post<OkResponse<'/api/challenges/{cid}/enroll', 'post'>>(challengePaths(cid).enroll, input),
  /** POST …/days/{day}/quiz `{answers}`: one option index per question, in order. */
  submitQuiz: (cid: string, day: number, answers: number[]) =>
    api.post<ChallengeQuizResult>(challengePaths(cid).quiz(day), {
      answers,
    } satisfies RequestBody<'/api/me/challenges/{cid}/days/{day}/quiz', 'post'>),
  /** POST …/days/{day}/project `{payload}`: stores it and queues it for review. */
  submitProject: (cid: string, day: number, payload: ProjectPayload) =>
    api.post<OkResponse<'/api/me/challenges/{cid}/days/{day}/project', 'post'>>(challengePaths(cid).project(day), {
      payload,
    } satisfies RequestBody<'/api/me/challenges/{cid}/days/{day}/project', 'post'>),
  /** POST …/days/{day}/bot/assess: the given submission (stored first) or, without one, the latest stored one. */
  botAssess: (cid: string, day: number, submission?: ProjectPayload) =>
    api.post<BotAssessment>(
      challengePaths(cid).botAssess(day),
      (submission ? { submission } : {}) satisfies RequestBody<
        '/api/me/challenges/{cid}/days/{day}/bot/assess',
        'post'
      >,
    ),
};

// ---------------------------------------------------------------------------------------------
// Certificates (public, no sign-in)

/** A public certificate: its snapshot, the OpenBadgeCredential JSON and whether it still verifies. */
export type PublicCertificate = OkResponse<'/api/certificates/{id}', 'get'>;

/** `POST /api/certificates/{id}/verify`: the stored certificate checked again on the server. */
export type CertificateCheck = OkResponse<'/api/certificates/{id}/verify', 'post'>;

/** One of the signed-in learner's certificates (`GET /api/me/certificates`). */
export type MyCertificate = OkResponse<'/api/me/certificates', 'get'>['certificates'][number];

/** The signed credential (Open Badges 3.0, a VC-JWT), as a download; same origin, so relative. */
export function certificateCredentialUrl(id: string): string {
  return `/api/certificates/${q(id)}/credential`;
}

/** The printable PDF (A4 landscape), as a download. */
export function certificatePdfUrl(id: string): string {
  return `/api/certificates/${q(id)}/pdf`;
}

export const certificateApi = {
  /** GET /api/certificates/{id}: public; 404 `Certificate not found`. */
  get: (id: string) => api.get<PublicCertificate>(`/api/certificates/${q(id)}`),
  /** POST /api/certificates/{id}/verify: public; the signature and the status list bit, checked now. */
  verify: (id: string) => api.post<CertificateCheck>(`/api/certificates/${q(id)}/verify`),
  /** GET /api/me/certificates: the caller's own, newest first (401 signed out). */
  mine: async (): Promise<MyCertificate[]> =>
    (await api.get<OkResponse<'/api/me/certificates', 'get'>>('/api/me/certificates')).certificates,
};
