import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookmarksApi, type Bookmark } from '../../api';
import { useAuth } from '../auth/auth-context';
import { learningKeys } from '../graph/hooks';

/** GET /api/bookmarks?subjectId= (newest first): the chosen course's, or with no course every course's. */
export function useBookmarks(subjectId: string | null) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: subjectId
      ? learningKeys.bookmarks(user?.email, subjectId)
      : [...learningKeys.bookmarksAll(user?.email), '*'],
    queryFn: () => bookmarksApi.list(subjectId),
    enabled: isAuthenticated,
  });
}

/** DELETE /api/bookmarks?subjectId=&nodeId=; refreshes every bookmark list and the topic's flag. */
export function useRemoveBookmark() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (b: Bookmark) => bookmarksApi.remove(b.subjectId, b.nodeId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: learningKeys.bookmarksAll(user?.email) });
      void queryClient.invalidateQueries({ queryKey: ['user', user?.email ?? 'anonymous', 'node'] });
    },
  });
}
