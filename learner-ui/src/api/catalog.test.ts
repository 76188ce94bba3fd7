import { describe, expect, it } from 'vitest';
import { callsTo, errorBody, installFetch } from '../test/fetch-mock';
import { PREVIEW, PRICES, purchase, SUBJECTS } from '../test/catalog-fixtures';
import { catalogApi, checkoutApi, previewApi } from './catalog';
import { ApiError } from './errors';
import { subjectsApi } from './subjects';

describe('catalog calls', () => {
  it('hit the documented paths with the documented bodies', async () => {
    const fetchMock = installFetch({
      'GET /api/subjects': { body: SUBJECTS },
      'GET /api/marketplace/prices': { body: PRICES },
      'GET /api/purchases': { body: [purchase(1, 'vagus-nerve', 'The Vagus Nerve')] },
      'POST /api/checkout/create': { body: { url: '/checkout/dev/cs 1', sessionId: 'cs 1' } },
      'POST /api/checkout/verify': { body: { sessionId: 'cs_1', status: 'paid', subjectId: 'a', entitled: true } },
      'GET /api/checkout/dev/cs%201': {
        body: {
          sessionId: 'cs 1',
          status: 'open',
          subject: { id: 'vagus-nerve', name: 'Vagus Nerve', title: 'The Vagus Nerve' },
          amount: 4900,
          currency: 'usd',
        },
      },
      'POST /api/checkout/dev/cs%201/complete': { body: { redirectUrl: '/dashboard' } },
      'POST /api/checkout/dev/cs%201/cancel': { body: { redirectUrl: '/shop' } },
      'GET /api/preview': { body: PREVIEW },
      'GET /api/preview/nodes/n1': {
        status: 403,
        body: errorBody(403, 'This lesson is part of the full course. Buy access to read it.'),
      },
    });

    expect(await subjectsApi.list()).toEqual(SUBJECTS);
    expect(callsTo(fetchMock, 'GET /api/subjects')[0].url.search).toBe('?detailed=true');
    expect(await catalogApi.prices()).toEqual(PRICES.prices);
    expect((await catalogApi.purchases()).map((p) => p.subjects.id)).toEqual(['vagus-nerve']);
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
    expect(await previewApi.get('Vagus Nerve')).toEqual(PREVIEW);
    expect(callsTo(fetchMock, 'GET /api/preview')[0].url.searchParams.get('subject')).toBe('Vagus Nerve');
    const err = await previewApi.node('n1', 'a').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect(callsTo(fetchMock, 'GET /api/preview/nodes/n1')[0].url.search).toBe('?subject=a');
  });
});
