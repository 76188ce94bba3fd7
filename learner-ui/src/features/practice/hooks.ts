import { useQuery } from '@tanstack/react-query';
import { practiceApi, type PracticeReviewResult } from '../../api';
import { useAuth } from '../auth/auth-context';
import { formatDate } from '../common/dates';
import { levelPercent } from '../graph/mastery-level';

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

/** Accuracy 0..1 as a whole percentage; '—' before any answer (null) and while the stats load. */
export function formatAccuracy(accuracy: number | null | undefined): string {
  if (accuracy === null || accuracy === undefined) return '—';
  return `${levelPercent(accuracy)}%`;
}

/** Next due as words: 'later today', 'tomorrow (Mar 2, 2026)', 'in 3 days (Mar 4, 2026)'. */
export function describeDue({ due, scheduledDays: days }: Pick<PracticeReviewResult, 'due' | 'scheduledDays'>): string {
  if (days < 1) return 'later today';
  if (days === 1) return `tomorrow (${formatDate(due)})`;
  return `in ${days} days (${formatDate(due)})`;
}

/** A rating's interval on its button: 'today', '1 day', '3 days', '2 months', '1 year'. */
export function intervalWords(scheduledDays: number): string {
  if (scheduledDays < 1) return 'today';
  if (scheduledDays < 60) return scheduledDays === 1 ? '1 day' : `${scheduledDays} days`;
  if (scheduledDays < 365) return `${Math.round(scheduledDays / 30)} months`;
  const years = Math.round(scheduledDays / 365);
  return years === 1 ? '1 year' : `${years} years`;
}
