import { api } from './client';

/**
 * Challenges, enrolment, day content, submissions and public certificates (docs/challenges-api.md).
 * The OpenAPI document does not describe these routes yet, so the types are written by hand from the
 * contract; once `npm run api:types` knows them they can be swapped for the generated ones.
 * Errors come back as ApiError (status and the server's `message`; `body` holds extras such as `unlockAt`).
 */

const q = encodeURIComponent;

// ---------------------------------------------------------------------------------------------
// Challenges

export interface ChallengeListItem {
  id: string;
  name: string;
  tagline: string;
  subjectId: string;
  daysCount: number;
}

export interface ChallengeDaySummary {
  day: number;
  title: string;
  tool: string;
  /** 15 when the content does not say. */
  est_minutes: number;
}

export interface ChallengeDetail {
  id: string;
  name: string;
  tagline: string;
  subjectId: string;
  daysCount: number;
  days: ChallengeDaySummary[];
}

export interface ChallengeLesson {
  summary: string;
  steps: string[];
}

/** A quiz question as the learner sees it: never the answer. */
export interface ChallengeQuizQuestion {
  q: string;
  options: string[];
}

export interface ChallengeMicroProject {
  desc: string;
  expected_fields: string[];
}

/**
 * One day's content. A locked day (not enrolled, or before its unlock time) has `lesson: null`,
 * `quiz: []`, `micro_project: null`; `unlock_at` is the unlock instant when enrolled, null when not.
 */
export interface ChallengeDayContent extends ChallengeDaySummary {
  locked: boolean;
  unlock_at: string | null;
  lesson: ChallengeLesson | null;
  quiz: ChallengeQuizQuestion[];
  micro_project: ChallengeMicroProject | null;
}

// ---------------------------------------------------------------------------------------------
// Enrolment and progress

export interface ChallengeEnrollment {
  timezone: string;
  /** 'HH:MM' */
  daily_unlock_local_time: string;
  /** 'YYYY-MM-DD' */
  start_local_date: string;
  enrolledAt: string;
}

export type ProjectStatus = 'pending' | 'passed' | 'failed';

export interface DayQuizProgress {
  score: number;
  passed: boolean;
}

export interface DayProjectProgress {
  status: ProjectStatus;
  score: number | null;
  feedback: string | null;
  gradedBy: 'bot' | 'reviewer' | null;
}

export interface DayProgress {
  day: number;
  is_unlocked: boolean;
  unlock_at: string | null;
  quiz: DayQuizProgress | null;
  project: DayProjectProgress | null;
  passed: boolean;
}

export interface NextUnlock {
  day: number;
  is_unlocked: boolean;
  unlock_at: string | null;
}

export interface ChallengeProgress {
  /** null when not enrolled. */
  enrollment: ChallengeEnrollment | null;
  days: DayProgress[];
  /** The first day not unlocked yet; null when all are (or when not enrolled). */
  nextUnlock: NextUnlock | null;
  /** Every day passed. */
  completed: boolean;
  certificateId: string | null;
}

export interface EnrollInput {
  /** 'YYYY-MM-DD' in the learner's time zone. */
  startLocalDate: string;
  /** An IANA zone, e.g. 'Europe/Berlin'. */
  timezone: string;
  /** 'HH:MM'. */
  dailyUnlockLocalTime: string;
}

// ---------------------------------------------------------------------------------------------
// Submissions

export interface ChallengeQuizResult {
  /** correct / total, 0..1. */
  score: number;
  passed: boolean;
  correct: number;
  total: number;
}

/** Map of expected field to the learner's text. */
export type ProjectPayload = Record<string, string>;

export interface ProjectSubmissionResult {
  submissionId: string;
  status: 'pending';
}

export interface BotAssessment {
  passed: boolean;
  score: number;
  feedback: string;
}

/** The body of a 403 on a locked day: `unlockAt` null when not enrolled. */
export interface LockedDayErrorBody {
  statusCode: 403;
  error: string;
  message: string;
  unlockAt: string | null;
}

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
  list: async (): Promise<ChallengeListItem[]> => {
    const data = await api.get<{ challenges?: ChallengeListItem[] }>('/api/challenges');
    return Array.isArray(data?.challenges) ? data.challenges : [];
  },
  /** GET /api/challenges/{cid}: 404 `Challenge not found`. */
  get: (cid: string) => api.get<ChallengeDetail>(challengePaths(cid).detail),
  /** GET /api/challenges/{cid}/days/{day}: 403 without the course, 404 `Day not found`. */
  day: (cid: string, day: number) => api.get<ChallengeDayContent>(challengePaths(cid).day(day)),
  /** GET /api/me/challenges/{cid}/progress: 403 without the course. */
  progress: (cid: string) => api.get<ChallengeProgress>(challengePaths(cid).progress),
  /** POST /api/challenges/{cid}/enroll: 201 new, 200 unchanged when already enrolled; 403 without the course. */
  enroll: (cid: string, input: EnrollInput) => api.post<ChallengeProgress>(challengePaths(cid).enroll, input),
  /** POST …/days/{day}/quiz `{answers}`: one option index per question, in order. */
  submitQuiz: (cid: string, day: number, answers: number[]) =>
    api.post<ChallengeQuizResult>(challengePaths(cid).quiz(day), { answers }),
  /** POST …/days/{day}/project `{payload}`: stores it and queues it for review. */
  submitProject: (cid: string, day: number, payload: ProjectPayload) =>
    api.post<ProjectSubmissionResult>(challengePaths(cid).project(day), { payload }),
  /** POST …/days/{day}/bot/assess: the given submission (stored first) or, without one, the latest stored one. */
  botAssess: (cid: string, day: number, submission?: ProjectPayload) =>
    api.post<BotAssessment>(challengePaths(cid).botAssess(day), submission ? { submission } : {}),
};

// ---------------------------------------------------------------------------------------------
// Certificates (public, no sign-in)

export interface CertificateSnapshot {
  learnerName: string;
  challengeId: string;
  challengeName: string;
  subjectId: string;
  subjectTitle: string;
  days: number;
  issuedAt: string;
  contentVersion: number;
}

export interface CertificateVerification {
  signatureValid: boolean;
  revoked: boolean;
  revokedAt: string | null;
  reason: string | null;
}

export interface PublicCertificate {
  id: string;
  snapshot: CertificateSnapshot;
  /** The OpenBadgeCredential JSON. */
  credential: Record<string, unknown>;
  verification: CertificateVerification;
}

export function certificateCredentialUrl(id: string): string {
  return `/api/certificates/${q(id)}/credential`;
}

export const certificateApi = {
  /** GET /api/certificates/{id}: public; 404 `Certificate not found`. */
  get: (id: string) => api.get<PublicCertificate>(`/api/certificates/${q(id)}`),
};
