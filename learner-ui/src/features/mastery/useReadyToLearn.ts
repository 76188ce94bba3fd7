import { useQuery } from '@tanstack/react-query';
import { masteryApi, type ReadyTopic } from '../../api';
import { useAuth } from '../auth/auth-context';
import { masteryKeys } from './useMastery';

/**
 * 'Ready to learn' for a subject: the topics whose prerequisites are mastered and that are not mastered
 * yet (GET /api/users/me/mastery?subjectId=, computed by the server). Under the mastery key, so a quiz
 * or a review refreshes it. Any error reads as an empty list.
 */
export function useReadyToLearn(subject: string | null) {
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: [...masteryKeys.me(user?.email), 'ready', subject ?? ''] as const,
    queryFn: async (): Promise<ReadyTopic[]> => (await masteryApi.get(subject).catch(() => null))?.readyToLearn ?? [],
    enabled: isAuthenticated && !!subject,
    staleTime: 30_000,
  });
}
