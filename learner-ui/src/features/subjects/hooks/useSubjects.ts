import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { entitlementsApi, subjectsApi, type Subject } from '../../../api';
import { useAuth } from '../../auth/auth-context';

export interface SubjectOption {
  id: string;
  name: string;
}

export const subjectKeys = {
  all: ['subjects'] as const,
  detailed: ['subjects', 'detailed'] as const,
  entitlements: (email: string | undefined) => ['user', email ?? 'anonymous', 'entitlements'] as const,
};

/**
 * Published subjects (GET /api/subjects?detailed=true), in shop order. A failure stays an error so
 * the shop can log it; everyone else reads `data ?? []` and so treats it as an empty list.
 */
export function usePublishedSubjects() {
  return useQuery<Subject[]>({
    queryKey: subjectKeys.detailed,
    queryFn: subjectsApi.list,
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's entitlements (GET /api/entitlements); an error is an empty list. */
export function useEntitlements() {
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: subjectKeys.entitlements(user?.email),
    queryFn: () => entitlementsApi.list().catch(() => []),
    enabled: isAuthenticated,
    staleTime: 60_000,
  });
}

/**
 * What the subject selector offers: signed in, the subjects with an active entitlement
 * (names joined from the subject list); signed out, the published subjects.
 */
export function useSubjectOptions(): { options: SubjectOption[]; loading: boolean } {
  const { isAuthenticated } = useAuth();
  const subjects = usePublishedSubjects();
  const entitlements = useEntitlements();

  const options = useMemo<SubjectOption[]>(() => {
    const list = subjects.data ?? [];
    if (!isAuthenticated) {
      return list.map((s) => ({ id: s.id, name: s.name }));
    }
    const byId = new Map(list.map((s) => [s.id, s]));
    const seen = new Set<string>();
    const out: SubjectOption[] = [];
    for (const e of entitlements.data ?? []) {
      if (e.status !== 'active') continue;
      if (seen.has(e.subjectId)) continue;
      seen.add(e.subjectId);
      out.push({ id: e.subjectId, name: byId.get(e.subjectId)?.name ?? e.subjectId });
    }
    return out;
  }, [isAuthenticated, subjects.data, entitlements.data]);

  return { options, loading: subjects.isLoading || (isAuthenticated && entitlements.isLoading) };
}

/** Display name of a subject id, falling back to the id itself. */
export function useSubjectName(subjectId: string | null): string | null {
  const subjects = usePublishedSubjects();
  if (!subjectId) return null;
  return subjects.data?.find((s) => s.id === subjectId)?.name ?? subjectId;
}
