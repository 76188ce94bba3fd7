import { describe, expect, it } from 'vitest';
import { callsTo, installFetch } from '../../test/fetch-mock';
import { createQueryClient } from '../../query-client';
import type { AuthSnapshot } from '../auth/session-controller';
import { learningKeys } from './hooks';
import { prefetchSignedInPage } from './prefetch';

const learner: AuthSnapshot = {
  status: 'authenticated',
  user: { email: 'l@example.com', roles: ['learner'] },
  expiresAt: Date.now() + 60_000,
};
const at = (href: string) => new URL(href, 'http://localhost') as unknown as Location;
const NODE = { id: 'vn-anatomy', title: 'Vagus Anatomy' };

describe("prefetchSignedInPage: a first page's own data as soon as the session is known", () => {
  it("a learner's topic page: the topic, under the key the page reads", async () => {
    const fetchMock = installFetch({ 'GET /api/graph/nodes/vn-anatomy': { body: NODE } });
    const client = createQueryClient();
    prefetchSignedInPage(client, learner, at('/node/vn-anatomy?subject=vagus-nerve'));
    await expect
      .poll(() => client.getQueryData(learningKeys.node('l@example.com', 'vagus-nerve', 'vn-anatomy')))
      .toEqual(NODE);
    expect(callsTo(fetchMock, 'GET /api/graph/nodes/vn-anatomy')[0].url.searchParams.get('subject')).toBe(
      'vagus-nerve',
    );
  });

  it('nothing for a visitor, a staff member (a draft preview), a page without a subject or a malformed address', () => {
    const fetchMock = installFetch({});
    const client = createQueryClient();
    prefetchSignedInPage(client, { status: 'anonymous', user: null, expiresAt: null }, at('/node/a?subject=s'));
    prefetchSignedInPage(
      client,
      { ...learner, user: { email: 's@example.com', roles: ['learner', 'studio'] } },
      at('/node/a?subject=s'),
    );
    prefetchSignedInPage(client, learner, at('/node/a'));
    prefetchSignedInPage(client, learner, at('/node/%E0%A4%A?subject=s'));
    prefetchSignedInPage(client, learner, at('/dashboard?subject=s'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the graph page: the graph with the levels', () => {
    const fetchMock = installFetch({});
    prefetchSignedInPage(createQueryClient(), learner, at('/graph?subject=vagus-nerve'));
    expect(callsTo(fetchMock, 'GET /api/graph')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/graph/mastery')).toHaveLength(1);
  });
});
