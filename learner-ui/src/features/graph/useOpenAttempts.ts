import { useQuery } from '@tanstack/react-query';
import { api, isApiError, type QuizId } from '../../api';
import { useAuth } from '../auth/auth-context';

/**
 * An open attempt as `GET /api/users/me/path` lists it (docs/learning-loop-api.md §2 and §4):
 * `question` is the number of answers given + 1.
 */
export interface OpenAttempt {
  attemptId: string;
  kind: QuizId;
  question: number;
  createdAt: string;
}

/** The part of the learning path this page reads. */
interface PathWithAttempts {
  openAttempts?: OpenAttempt[];
}

/** Per-user key of the learning path of a subject (`GET /api/users/me/path?subjectId=`). */
export const pathKey = (email: string | undefined, subjectId: string) =>
  ['user', email ?? 'anonymous', 'path', subjectId] as const;
/** Every subject's path: invalidated when a test starts or ends. */
export const pathKeyRoot = (email: string | undefined) => ['user', email ?? 'anonymous', 'path'] as const;

/**
 * The caller's open tests of a subject, from the learning path. A server without the path (404), or any
 * failure, reads as none: the graph then offers the spec's "Take …" buttons, which resume anyway.
 */
export function useOpenAttempts(subjectId: string | null) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: [...pathKey(user?.email, subjectId ?? ''), 'open-attempts'] as const,
    queryFn: async (): Promise<OpenAttempt[]> => {
      try {
        const path = await api.get<PathWithAttempts>('/api/users/me/path', { query: { subjectId } });
        return Array.isArray(path.openAttempts) ? path.openAttempts : [];
      } catch (err) {
        if (isApiError(err)) return [];
        throw err;
      }
    },
    enabled: isAuthenticated && !!subjectId,
  });
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
