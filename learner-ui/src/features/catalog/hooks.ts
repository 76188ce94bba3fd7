import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { catalogApi, previewApi, type Price } from '../../api';
import { useAuth } from '../auth/auth-context';
import { useEntitlements } from '../subjects/hooks/useSubjects';

export const catalogKeys = {
  prices: ['marketplace', 'prices'] as const,
  preview: (subject: string) => ['preview', subject] as const,
  previewNode: (subject: string, nodeId: string) => ['preview', subject, 'node', nodeId] as const,
  /** Per user: dropped with the rest of ['user'] when the signed-in account changes. */
  purchases: (email: string | undefined) => ['user', email ?? 'anonymous', 'purchases'] as const,
  devCheckout: (email: string | undefined, sessionId: string) =>
    ['user', email ?? 'anonymous', 'checkout', 'dev', sessionId] as const,
};

/** GET /api/marketplace/prices. Errors stay errors: callers decide whether to log or ignore. */
export function usePrices(enabled = true) {
  return useQuery({ queryKey: catalogKeys.prices, queryFn: catalogApi.prices, staleTime: 5 * 60_000, enabled });
}

/** Prices by subject id; `enabled` false: not asked for (yet). */
export function usePriceMap(enabled = true): { prices: Map<string, Price>; loading: boolean; error: unknown } {
  const query = usePrices(enabled);
  const prices = useMemo(() => new Map((query.data ?? []).map((p) => [p.subjectId, p])), [query.data]);
  return { prices, loading: query.isLoading, error: query.error };
}

/** Subjects the signed-in user holds an active entitlement for (empty when signed out). */
export function useOwnedSubjectIds(): { owned: Set<string>; loading: boolean } {
  const { isAuthenticated } = useAuth();
  const entitlements = useEntitlements();
  const owned = useMemo(() => {
    if (!isAuthenticated) return new Set<string>();
    return new Set((entitlements.data ?? []).filter((e) => e.status === 'active').map((e) => e.subjectId));
  }, [isAuthenticated, entitlements.data]);
  return { owned, loading: isAuthenticated && entitlements.isLoading };
}

/** GET /api/purchases for the signed-in user. */
export function usePurchases() {
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: catalogKeys.purchases(user?.email),
    queryFn: catalogApi.purchases,
    enabled: isAuthenticated,
    staleTime: 60_000,
  });
}

/** GET /api/preview?subject= (public). */
export function usePreview(subject: string | null) {
  return useQuery({
    queryKey: catalogKeys.preview(subject ?? ''),
    queryFn: () => previewApi.get(subject ?? ''),
    enabled: !!subject,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/preview/nodes/{id}?subject= (public; sample lessons only). */
export function usePreviewNode(nodeId: string | null, subject: string | null) {
  return useQuery({
    queryKey: catalogKeys.previewNode(subject ?? '', nodeId ?? ''),
    queryFn: () => previewApi.node(nodeId ?? '', subject ?? ''),
    enabled: !!subject && !!nodeId,
    staleTime: 5 * 60_000,
  });
}
