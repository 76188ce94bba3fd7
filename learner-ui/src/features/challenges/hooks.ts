import { useQuery } from '@tanstack/react-query';
import { challengeApi } from '../../api/challenges';
import { useAuth } from '../auth/auth-context';

/** Day content and progress depend on the user's enrolment: per-user keys, dropped on sign-out. */
export const challengeKeys = {
  all: (email: string | undefined) => ['user', email ?? 'anonymous', 'challenge'] as const,
  list: (email: string | undefined) => ['user', email ?? 'anonymous', 'challenge', 'list'] as const,
  detail: (email: string | undefined, cid: string) => ['user', email ?? 'anonymous', 'challenge', cid] as const,
  progress: (email: string | undefined, cid: string) =>
    ['user', email ?? 'anonymous', 'challenge', cid, 'progress'] as const,
  day: (email: string | undefined, cid: string, day: number) =>
    ['user', email ?? 'anonymous', 'challenge', cid, 'day', day] as const,
};

/** GET /api/challenges. */
export function useChallengeList() {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: challengeKeys.list(user?.email),
    queryFn: challengeApi.list,
    enabled: isAuthenticated,
  });
}

/** GET /api/challenges/{cid}: the syllabus. */
export function useChallenge(cid: string) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: challengeKeys.detail(user?.email, cid),
    queryFn: () => challengeApi.get(cid),
    enabled: isAuthenticated && !!cid,
  });
}

/** GET /api/me/challenges/{cid}/progress (403 without the course). */
export function useChallengeProgress(cid: string) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: challengeKeys.progress(user?.email, cid),
    queryFn: () => challengeApi.progress(cid),
    enabled: isAuthenticated && !!cid,
    staleTime: 0,
  });
}

/** GET /api/challenges/{cid}/days/{day} (403 without the course, 404 outside the challenge). */
export function useChallengeDay(cid: string, day: number) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: challengeKeys.day(user?.email, cid, day),
    queryFn: () => challengeApi.day(cid, day),
    enabled: isAuthenticated && !!cid && day > 0,
    staleTime: 0,
  });
}
