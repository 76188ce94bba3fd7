import { useQuery } from '@tanstack/react-query';
import { practiceApi, type PracticeReviewResult } from '../../api';
import { useAuth } from '../auth/auth-context';
import { formatDate } from '../common/dates';

export const practiceKeys = {
  all: (email: string | undefined) => ['user', email ?? 'anonymous', 'practice'] as const,
  stats: (email: string | undefined, subjectId: string) =>
    ['user', email ?? 'anonymous', 'practice', 'stats', subjectId] as const,
};

/** GET /api/practice/stats?subjectId=. */
export function usePracticeStats(subjectId: string) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: practiceKeys.stats(user?.email, subjectId),
    queryFn: () => practiceApi.stats(subjectId),
    enabled: isAuthenticated && !!subjectId,
  });
}

/** Session streak rule (spec §4, §9): +1 on a rating of 3 or more, back to 0 below. */
export function nextStreak(streak: number, rating: number): number {
  return rating >= 3 ? streak + 1 : 0;
}

/** Accuracy 0..1 as a whole percentage; '—' before any answer. */
export function formatAccuracy(accuracy: number | null | undefined): string {
  if (typeof accuracy !== 'number' || !Number.isFinite(accuracy)) return '—';
  const pct = accuracy > 1 ? accuracy : accuracy * 100;
  return `${Math.round(Math.max(0, Math.min(100, pct)))}%`;
}

/** Next due as words: 'later today', 'tomorrow', 'in 3 days (Mar 4, 2026)'. */
export function describeDue(result: Pick<PracticeReviewResult, 'due' | 'scheduledDays'>): string {
  const days = result.scheduledDays;
  const date = formatDate(result.due);
  if (typeof days === 'number') {
    if (days < 1) return 'later today';
    if (days === 1) return date ? `tomorrow (${date})` : 'tomorrow';
    return date ? `in ${days} days (${date})` : `in ${days} days`;
  }
  return date || 'soon';
}
