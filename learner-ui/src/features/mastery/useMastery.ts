import { useQuery } from '@tanstack/react-query';
import { masteryApi, type MasteryMap } from '../../api';
import { useAuth } from '../auth/auth-context';

export const masteryKeys = {
  /** Per user: dropped with the rest of ['user'] when the signed-in account changes. */
  me: (email: string | undefined) => ['user', email ?? 'anonymous', 'mastery'] as const,
};

/** GET /api/users/me/mastery → skill → 0..1. A missing endpoint (404) or any error reads as no data. */
export function useMastery() {
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: masteryKeys.me(user?.email),
    queryFn: () => masteryApi.me().catch((): MasteryMap => ({})),
    enabled: isAuthenticated,
    staleTime: 60_000,
  });
}

/** A 0..1 score as a whole percentage (scores already given in percent are kept), clamped to 0..100. */
export function masteryPercent(score: number): number {
  const pct = score > 1 ? score : score * 100;
  return Math.max(0, Math.min(100, Math.round(pct)));
}
