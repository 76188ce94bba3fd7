import { describe, expect, it } from 'vitest';
import { callsTo, errorBody, installFetch } from '../test/fetch-mock';
import { catalogApi, checkoutApi, normalizePrices, normalizePurchases, previewApi } from './catalog';
import { ApiError } from './errors';
import { normalizeMastery } from './mastery';
import { subjectsApi } from './subjects';

describe('normalizePrices', () => {
  it('reads { prices }, defaults the currency to usd and drops incomplete entries', () => {
    expect(
      normalizePrices({
        prices: [
          { subjectId: 'vagus-nerve', currency: 'USD', amount: 4900, priceId: 'price_vagus_nerve' },
          { subjectId: 'metabolic', amount: 2900 },
          { subjectId: 'x' },
          { amount: 100 },
        ],
      }),
    ).toEqual([
      { subjectId: 'vagus-nerve', currency: 'usd', amount: 4900, priceId: 'price_vagus_nerve' },
      { subjectId: 'metabolic', currency: 'usd', amount: 2900, priceId: undefined },
    ]);
    expect(normalizePrices(null)).toEqual([]);
  });
});

describe('normalizePurchases', () => {
  it('accepts the joined subject as an object or a one-element array', () => {
    const out = normalizePurchases([
      {
        id: 'p1',
        subjects: { id: 'a', name: 'A', title: 'Course A' },
        amount: 2900,
        currency: 'usd',
        created_at: 'd1',
      },
      { id: 'p2', subjects: [{ id: 'b', name: 'B' }] },
      { id: 'p3', subjects: null },
    ]);
    expect(out.map((p) => [p.id, p.subjects.id, p.subjects.title ?? p.subjects.name])).toEqual([
      ['p1', 'a', 'Course A'],
      ['p2', 'b', 'B'],
    ]);
  });
});

describe('normalizeMastery', () => {
  it('reads { mastery }, a bare map or skill rows, keeping numbers only', () => {
    expect(normalizeMastery({ mastery: { hrv: 0.5, breath: 'x' } })).toEqual({ hrv: 0.5 });
    expect(normalizeMastery({ hrv: 0.25 })).toEqual({ hrv: 0.25 });
    expect(normalizeMastery([{ skill_name: 'tone', mastery_score: 0.9 }])).toEqual({ tone: 0.9 });
    expect(normalizeMastery({ mastery: {} })).toEqual({});
    expect(normalizeMastery(undefined)).toEqual({});
  });
});

describe('catalog calls', () => {
  it('hit the documented paths with the documented bodies', async () => {
    const fetchMock = installFetch({
      'GET /api/subjects': { body: ['vagus-nerve', 'metabolic'] },
      'GET /api/marketplace/prices': { body: { prices: [] } },
      'GET /api/purchases': { body: [] },
      'POST /api/checkout/create': { body: { url: '/checkout/dev/cs 1', sessionId: 'cs 1' } },
      'POST /api/checkout/verify': { body: { sessionId: 'cs_1', status: 'paid', subjectId: 'a', entitled: true } },
      'GET /api/checkout/dev/cs%201': { body: { sessionId: 'cs 1' } },
      'POST /api/checkout/dev/cs%201/complete': { body: { redirectUrl: '/dashboard' } },
      'POST /api/checkout/dev/cs%201/cancel': { body: { redirectUrl: '/shop' } },
      'GET /api/preview': { body: { subject: { id: 'a' } } },
      'GET /api/preview/nodes/n1': {
        status: 403,
        body: errorBody(403, 'This lesson is part of the full course. Buy access to read it.'),
      },
    });

    expect(await subjectsApi.ids()).toEqual(['vagus-nerve', 'metabolic']);
    await catalogApi.prices();
    await catalogApi.purchases();
    expect(await checkoutApi.create('vagus-nerve', 'price_vagus_nerve')).toEqual({
      url: '/checkout/dev/cs 1',
      sessionId: 'cs 1',
    });
    expect(callsTo(fetchMock, 'POST /api/checkout/create')[0].body).toEqual({
      subjectId: 'vagus-nerve',
      priceId: 'price_vagus_nerve',
    });
    await checkoutApi.verify('cs_1');
    expect(callsTo(fetchMock, 'POST /api/checkout/verify')[0].body).toEqual({ session_id: 'cs_1' });
    await checkoutApi.devSession('cs 1');
    expect(await checkoutApi.devComplete('cs 1')).toEqual({ redirectUrl: '/dashboard' });
    expect(await checkoutApi.devCancel('cs 1')).toEqual({ redirectUrl: '/shop' });
    await previewApi.get('Vagus Nerve');
    expect(callsTo(fetchMock, 'GET /api/preview')[0].url.searchParams.get('subject')).toBe('Vagus Nerve');
    const err = await previewApi.node('n1', 'a').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect(callsTo(fetchMock, 'GET /api/preview/nodes/n1')[0].url.search).toBe('?subject=a');
  });
});
