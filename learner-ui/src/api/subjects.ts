import { api } from './client';
import type { QueryParams } from '@lp/api-types';

export interface Subject {
  id: string;
  name: string;
  title?: string;
  description?: string;
  published: boolean;
}

export interface Entitlement {
  subjectId: string;
  status?: string;
  createdAt?: string;
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A list that comes as an array or wrapped as `{ [key]: [...] }`; anything else is empty. */
export function pickList(data: unknown, key: string): unknown[] {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object') {
    const inner = (data as Record<string, unknown>)[key];
    if (Array.isArray(inner)) return inner;
  }
  return [];
}

/**
 * Subject lists hold plain strings or objects (id/subjectId/slug, name/title), and come as an
 * array or as `{ subjects: [...] }`.
 */
export function normalizeSubjects(data: unknown): Subject[] {
  const out: Subject[] = [];
  const seen = new Set<string>();
  for (const item of pickList(data, 'subjects')) {
    let subject: Subject | null = null;
    if (typeof item === 'string') {
      if (item.trim()) subject = { id: item, name: item, published: true };
    } else if (item && typeof item === 'object') {
      const o = item as Record<string, unknown>;
      const id = asString(o.id) ?? asString(o.subjectId) ?? asString(o.subject_id) ?? asString(o.slug);
      if (id) {
        const published = o.is_published ?? o.isPublished ?? o.published;
        subject = {
          id,
          name: asString(o.name) ?? asString(o.title) ?? id,
          title: asString(o.title),
          description: asString(o.description),
          published: published === undefined ? true : Boolean(published),
        };
      }
    }
    if (subject && !seen.has(subject.id)) {
      seen.add(subject.id);
      out.push(subject);
    }
  }
  return out;
}

export function normalizeEntitlements(data: unknown): Entitlement[] {
  const out: Entitlement[] = [];
  for (const item of pickList(data, 'entitlements')) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const subjectId = asString(o.subjectId) ?? asString(o.subject_id);
    if (!subjectId) continue;
    out.push({ subjectId, status: asString(o.status), createdAt: asString(o.createdAt) ?? asString(o.created_at) });
  }
  return out;
}

export const subjectsApi = {
  /** GET /api/subjects?detailed=true: published subjects in shop order (the featured one first). */
  list: async (): Promise<Subject[]> =>
    normalizeSubjects(
      await api.get<unknown>('/api/subjects', {
        query: { detailed: 'true' } satisfies QueryParams<'/api/subjects', 'get'>,
      }),
    ),
  /** GET /api/subjects: the published subject ids only. */
  ids: async (): Promise<string[]> => normalizeSubjects(await api.get<unknown>('/api/subjects')).map((s) => s.id),
};

export const entitlementsApi = {
  /** GET /api/entitlements (signed in): the caller's active entitlements. */
  list: async (): Promise<Entitlement[]> => normalizeEntitlements(await api.get<unknown>('/api/entitlements')),
};
