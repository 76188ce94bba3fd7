import type { CoursePreview, Entitlement, Price, Purchase, Subject } from '../api';
import type { Handler } from './fetch-mock';

/*
 * Answers of the catalog API, typed from the OpenAPI document (@lp/api-types); ids follow
 * src/modules/catalog (catalog.service.ts), which decides what the server really sends.
 */

/** The id the server gives a subject's price (catalog's `priceIdFor`): `price_` and the id in snake case. */
export function priceIdFor(subjectId: string): string {
  return `price_${subjectId.replace(/-/g, '_')}`;
}

/** A published subject as GET /api/subjects?detailed=true lists it. */
export function subject(id: string, name: string, title = name): Subject {
  return { id, name, title, description: '', is_published: true, created_at: '2026-01-01T00:00:00.000Z' };
}

/**
 * Published subjects as GET /api/subjects?detailed=true answers them (shop order): the server's
 * own subject ids, with shorter titles.
 */
export const SUBJECTS: Subject[] = [
  {
    id: 'metabolic',
    name: 'Metabolic Health',
    title: 'Metabolic Health Essentials',
    description: 'How your body turns food into energy.',
    is_published: true,
    created_at: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 'vagus-nerve',
    name: 'Vagus Nerve',
    title: 'The Vagus Nerve',
    description: "Your body's built-in calm switch.",
    is_published: true,
    created_at: '2026-01-02T00:00:00.000Z',
  },
  {
    id: 'ai-user',
    name: 'AI User',
    title: 'Working with AI',
    description: 'Use AI assistants well.',
    is_published: true,
    created_at: '2026-01-03T00:00:00.000Z',
  },
  {
    id: 'ai-for-founders',
    name: 'AI for Founders',
    title: 'Building a Company with AI',
    description: 'Build, sell and run a company with AI.',
    is_published: true,
    created_at: '2026-01-04T00:00:00.000Z',
  },
];

/** GET /api/marketplace/prices: every price has its id (the one checkout takes). */
export const PRICES = {
  prices: [
    { subjectId: 'vagus-nerve', currency: 'usd', amount: 4900, priceId: 'price_vagus_nerve' },
    { subjectId: 'metabolic', currency: 'usd', amount: 2900, priceId: 'price_metabolic' },
    { subjectId: 'ai-user', currency: 'usd', amount: 2900, priceId: 'price_ai_user' },
    // A price the Studio changed from the default 2900: the shop shows cents.
    { subjectId: 'ai-for-founders', currency: 'usd', amount: 2950, priceId: 'price_ai_for_founders' },
  ],
} satisfies { prices: Price[] };

export const catalogHandlers: Record<string, Handler> = {
  'GET /api/subjects': { body: SUBJECTS },
  'GET /api/marketplace/prices': { body: PRICES },
};

export function entitlement(subjectId: string, status: Entitlement['status'] = 'active'): Entitlement {
  return { subjectId, status, createdAt: '2026-02-01T00:00:00.000Z' };
}

export function purchase(i: number, subjectId: string, title: string): Purchase {
  return {
    id: `pur-${i}`,
    subjects: { id: subjectId, name: title, title },
    amount: 2900,
    currency: 'usd',
    created_at: `2026-02-${String(10 - i).padStart(2, '0')}T00:00:00.000Z`,
  };
}

/** Lessons for GET /api/preview modules: ids a1..aN, titles 'A lesson 1'..; `samples` are free. */
export function previewLessons(
  prefix: string,
  n: number,
  samples: number[] = [],
): CoursePreview['modules'][number]['lessons'] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i + 1}`,
    title: `${prefix.toUpperCase()} lesson ${i + 1}`,
    preview: samples.includes(i + 1),
  }));
}

export const PREVIEW = {
  subject: { id: 'vagus-nerve', name: 'Vagus Nerve', title: 'The Vagus Nerve', description: 'Calm, trained.' },
  price: { amount: 4900, currency: 'usd', priceId: 'price_vagus_nerve' },
  modules: [
    { id: 'm1', title: 'Foundations', lessonCount: 6, lessons: previewLessons('a', 6, [1, 2]) },
    { id: 'm2', title: 'Techniques', lessonCount: 10, lessons: previewLessons('b', 6) },
  ],
  samples: [
    { id: 'a1', title: 'A lesson 1' },
    { id: 'a2', title: 'A lesson 2' },
  ],
} satisfies CoursePreview;
