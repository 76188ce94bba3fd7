import { useQuery } from '@tanstack/react-query';
import {
  graphApi,
  isApiError,
  learningApi,
  meApi,
  type LearningPath,
  type MyAchievement,
  type ReadyTopic,
  withMastery,
} from '../../api';
import { useAuth } from '../auth/auth-context';
import type { TopicStatus } from './components/GraphMap';
import { masteryKeys } from '../mastery/useMastery';

/** Per-user keys live under ['user', email, ...] and are dropped when the account changes. */
export const learningKeys = {
  graph: (email: string | undefined, subject: string) => ['user', email ?? 'anonymous', 'graph', subject] as const,
  node: (email: string | undefined, subject: string, nodeId: string) =>
    ['user', email ?? 'anonymous', 'node', subject, nodeId] as const,
  /**
   * The draft preview of a topic: its own key root, so no read, update or invalidation of the published
   * topic (`node`) or graph (`graph`) keys ever sees a draft, nor the preview a published answer.
   */
  lecture: (email: string | undefined, subject: string, nodeId: string) =>
    ['user', email ?? 'anonymous', 'lecture', subject, nodeId] as const,
  nodePreview: (email: string | undefined, subject: string, nodeId: string) =>
    ['user', email ?? 'anonymous', 'draft-preview', subject, nodeId] as const,
  notesAll: (email: string | undefined) => ['user', email ?? 'anonymous', 'notes'] as const,
  notes: (email: string | undefined, subjectId: string) => ['user', email ?? 'anonymous', 'notes', subjectId] as const,
  bookmarksAll: (email: string | undefined) => ['user', email ?? 'anonymous', 'bookmarks'] as const,
  bookmarks: (email: string | undefined, subjectId: string) =>
    ['user', email ?? 'anonymous', 'bookmarks', subjectId] as const,
  tags: (email: string | undefined) => ['user', email ?? 'anonymous', 'tags'] as const,
};

/**
 * GET /api/graph?subject= (shared by every learner, revalidated by the browser with its ETag) and
 * GET /api/graph/mastery?subject= (the caller's own), merged into the nodes' `mastery_level`.
 * 403 for non-owners stays an error: the page shows the buy banner.
 */
export function useGraph(subject: string | null) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: learningKeys.graph(user?.email, subject ?? ''),
    queryFn: () => graphWithMastery(subject ?? ''),
    enabled: isAuthenticated && !!subject,
  });
}

/** The graph and the caller's levels, asked for together. */
export async function graphWithMastery(subject: string) {
  const mastery = graphApi.mastery(subject);
  void mastery.catch(() => undefined); // awaited below; the graph's own error (403: the buy banner) comes first
  const graph = await graphApi.get(subject);
  return withMastery(graph, await mastery);
}

/** GET /api/graph/nodes/{id}?subject=. */
export function useTopic(nodeId: string, subject: string | null) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: learningKeys.node(user?.email, subject ?? '', nodeId),
    queryFn: () => graphApi.node(nodeId, subject ?? ''),
    enabled: isAuthenticated && !!subject && !!nodeId,
  });
}

/**
 * GET /api/graph/nodes/{id}/lecture?subject=, only once the Video tab asks for it (`enabled`). A 404 (no
 * lecture) reads as null. Its URLs are signed for a while: refetched after five minutes.
 */
export function useTopicLecture(nodeId: string, subject: string, enabled: boolean) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: learningKeys.lecture(user?.email, subject, nodeId),
    queryFn: async () => {
      try {
        return await graphApi.lecture(nodeId, subject);
      } catch (e) {
        if (isApiError(e) && e.status === 404) return null;
        throw e;
      }
    },
    enabled: enabled && isAuthenticated && !!subject && !!nodeId,
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /api/graph/nodes/{id}?subject=&preview=overlay, for studio staff only (`enabled` false for anyone
 * else). Always fetched afresh, again when the tab regains focus (the editor saves in the Studio's tab and
 * comes back), and forgotten as soon as the page closes.
 */
export function useTopicPreview(nodeId: string, subject: string, enabled: boolean) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: learningKeys.nodePreview(user?.email, subject, nodeId),
    queryFn: () => graphApi.previewNode(nodeId, subject),
    enabled: enabled && isAuthenticated && !!subject && !!nodeId,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** GET /api/me/tags; any failure reads as no tags. */
export function useMyTags() {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: learningKeys.tags(user?.email),
    queryFn: () => meApi.tags().catch((): MyAchievement[] => []),
    enabled: isAuthenticated,
    staleTime: 60_000,
  });
}

/**
 * The caller's path through a course (GET /api/users/me/path?subjectId=): complete and ready topics, the
 * modules' soft locks and the next step. Under the mastery key, so an answer, a quiz or a review refreshes it.
 */
export function usePath(subjectId: string | null) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: pathKey(user?.email, subjectId ?? ''),
    queryFn: () => learningApi.path(subjectId ?? ''),
    enabled: isAuthenticated && !!subjectId,
  });
}

/** Every subject's learning path (`GET /api/users/me/path`): under the mastery keys, so evidence refreshes it. */
export function pathKeyRoot(email: string | undefined) {
  return [...masteryKeys.me(email), 'path'] as const;
}

export function pathKey(email: string | undefined, subjectId: string) {
  return [...pathKeyRoot(email), subjectId] as const;
}

/**
 * 'Ready to learn' from the path (the server's `readyToLearn` is the same list): the graph page reads the path once
 * rather than asking the server to work it out three times (path, mastery, unlocks).
 */
export function readyOf(path: LearningPath | undefined): ReadyTopic[] {
  if (!path) return [];
  const moduleTitle = new Map(path.modules.map((m) => [m.id, m.title]));
  return path.topics
    .filter((t) => t.ready)
    .map((t) => ({
      id: t.id,
      title: t.title,
      moduleId: t.moduleId,
      moduleTitle: moduleTitle.get(t.moduleId) ?? t.moduleId,
      level: t.level,
    }));
}

/** The modules opened beyond the first (by mastery or an unlock), as `GET /api/me/unlocks` lists them. */
export function unlockedOf(path: LearningPath | undefined): string[] {
  return (path?.modules ?? []).filter((m) => m.openedBy === 'mastery' || m.openedBy === 'unlock').map((m) => m.id);
}

const NO_STATUS: TopicStatus = { complete: new Set(), lockedModules: new Map() };

/** The cards' and the map's marks from the path: complete topics, and locked modules with their reason. */
export function topicStatusOf(path: LearningPath | undefined): TopicStatus {
  if (!path) return NO_STATUS;
  return {
    complete: new Set(path.topics.filter((t) => t.complete).map((t) => t.id)),
    lockedModules: new Map(
      path.modules.filter((m) => m.locked).map((m) => [m.id, m.reason ?? 'Opens when the previous module is mastered']),
    ),
  };
}
