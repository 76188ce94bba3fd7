import type { OpenAttempt, QuizId } from '../../api';
import { usePath } from './hooks';

/**
 * The caller's open tests of a subject, from the learning path (the same query as the cards' marks, so
 * one request). Any failure reads as none: the graph then offers the spec's "Take …" buttons, which
 * resume anyway.
 */
export function useOpenAttempts(subjectId: string | null): { data: OpenAttempt[] } {
  const path = usePath(subjectId);
  return { data: path.data?.openAttempts ?? [] };
}

const RESUME_LABELS: Record<QuizId, string> = {
  q_diag: 'Resume diagnostic',
  q_final: 'Resume post test',
  q_diag_clinician: 'Resume clinician diagnostic',
};

/** "Resume diagnostic (question 5)" while an attempt of that test is open, else null. */
export function resumeLabel(open: OpenAttempt[] | undefined, kind: QuizId): string | null {
  const attempt = open?.find((a) => a.kind === kind);
  if (!attempt) return null;
  return `${RESUME_LABELS[kind]} (question ${Math.max(1, attempt.question)})`;
}
