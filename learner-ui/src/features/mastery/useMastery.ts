import { useQuery } from '@tanstack/react-query';
import { masteryApi, type MasteryMap } from '../../api';
import { useAuth } from '../auth/auth-context';

export const masteryKeys = {
  /** Per user: dropped with the rest of ['user'] when the signed-in account changes. */
  me: (email: string | undefined) => ['user', email ?? 'anonymous', 'mastery'] as const,
};

/** GET /api/users/me/mastery → skill → 0..1. Any error reads as no data. */
export function useMastery() {
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: masteryKeys.me(user?.email),
    queryFn: () => masteryApi.me().catch((): MasteryMap => ({})),
    enabled: isAuthenticated,
    staleTime: 60_000,
  });
}
