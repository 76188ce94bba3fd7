import { describe, expect, it } from 'vitest';

import { apiError, json, listReply, loadProviders, makeSession, mockFetch, stubLocation } from '../test/browser';

const STUDIO_ROLES = ['learner', 'studio'];
const usersPage = () => json([{ id: 'u1', email: 'a@example.com' }], { headers: { 'Content-Range': 'users 0-0/1' } });

describe('dataProvider', () => {
  it('refreshes first when no token is in memory, then sends it as a Bearer header to /api/admin', async () => {
    stubLocation('/studio/users');
    const server = mockFetch({
      'POST /api/auth/refresh': json(makeSession(STUDIO_ROLES, { token: 'token-a' })),
      'GET /api/admin/users': usersPage,
    });
    const { dataProvider } = await loadProviders();

    const result = await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'email', order: 'ASC' },
      filter: {},
    });

    expect(result).toEqual({ data: [{ id: 'u1', email: 'a@example.com' }], total: 1 });
    const [request] = server.callsTo('GET', '/api/admin/users');
    expect(request.headers.get('Authorization')).toBe('Bearer token-a');
    expect(server.calls.map((call) => call.method + ' ' + call.path.split('?')[0])).toEqual([
      'POST /api/auth/refresh',
      'GET /api/admin/users',
    ]);
  });

  it('httpClient renews the token once after a 401 and retries with the new one', async () => {
    stubLocation('/studio/users');
    const server = mockFetch({
      'POST /api/auth/refresh': [
        json(makeSession(STUDIO_ROLES, { token: 'stale' })),
        json(makeSession(STUDIO_ROLES, { token: 'fresh' })),
      ],
      'GET /api/admin/users/u1': [apiError(401, 'Unauthorized'), json({ id: 'u1' })],
    });
    const { httpClient } = await loadProviders();

    const { json: body } = await httpClient('/api/admin/users/u1');

    expect(body).toEqual({ id: 'u1' });
    const attempts = server.callsTo('GET', '/api/admin/users/u1');
    expect(attempts.map((call) => call.headers.get('Authorization'))).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('passes a 403 on to react-admin with the server message, without retrying', async () => {
    stubLocation('/studio/users');
    const server = mockFetch({
      'POST /api/auth/refresh': json(makeSession(STUDIO_ROLES)),
      'GET /api/admin/users/u1': apiError(403, 'Forbidden resource'),
    });
    const { httpClient } = await loadProviders();

    await expect(httpClient('/api/admin/users/u1')).rejects.toMatchObject({
      status: 403,
      message: 'Forbidden resource',
    });
    expect(server.callsTo('GET', '/api/admin/users/u1')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('tries a 502, 503 or 504 again by the shared retry rule, and answers the first success', async () => {
    stubLocation('/studio/users');
    const server = mockFetch({
      'POST /api/auth/refresh': json(makeSession(STUDIO_ROLES)),
      'GET /api/admin/users/u1': [apiError(503, 'Restarting'), apiError(502, 'Bad gateway'), json({ id: 'u1' })],
    });
    const { httpClient } = await loadProviders();

    const { json: body } = await httpClient('/api/admin/users/u1');

    expect(body).toEqual({ id: 'u1' });
    expect(server.callsTo('GET', '/api/admin/users/u1')).toHaveLength(3);
  });

  it('lists courses in the ra-data-simple-rest dialect and reads the total from Content-Range', async () => {
    stubLocation('/studio/subjects');
    const course = { id: 'ai-user', subjectId: 'ai-user', title: 'AI for Everyday Users', published: true };
    const server = mockFetch({
      'POST /api/auth/refresh': json(makeSession(STUDIO_ROLES)),
      'GET /api/admin/courses': listReply('courses', [course], 7),
      'PUT /api/admin/courses/ai-user': json({ ...course, published: false }),
    });
    const { dataProvider } = await loadProviders();

    const page = await dataProvider.getList('courses', {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'subjectId', order: 'DESC' },
      filter: { published: true },
    });
    expect(page).toEqual({ data: [course], total: 7 });
    const query = new URL(server.callsTo('GET', '/api/admin/courses')[0].path, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      sort: '["subjectId","DESC"]',
      range: '[5,9]',
      filter: '{"published":true}',
    });

    const updated = await dataProvider.update('courses', {
      id: 'ai-user',
      data: { published: false },
      previousData: course,
    });
    expect(updated.data).toEqual({ ...course, published: false });
    const [put] = server.callsTo('PUT', '/api/admin/courses/ai-user');
    expect(JSON.parse(put.body ?? 'null')).toEqual({ published: false });
  });

  it("custom methods fill the document's path template (encoded) and query, send the JSON body, and answer the JSON", async () => {
    stubLocation('/studio/users');
    const unlock = { subjectId: 'metabolic', moduleId: 'glucose', createdAt: '2026-03-03T10:00:00.000Z' };
    const server = mockFetch({
      'POST /api/auth/refresh': json(makeSession(STUDIO_ROLES, { token: 'token-a' })),
      'GET /api/admin/users/u%201%2Fx/unlocks': json([unlock]),
      'DELETE /api/admin/users/u-1/unlocks': json(unlock),
      'POST /api/admin/jobs/tts-1/retry': json({ id: 'tts-1', status: 'queued' }),
    });
    const { dataProvider } = await loadProviders();

    await expect(dataProvider.unlocks('u 1/x', 'metabolic')).resolves.toEqual([unlock]);
    const [list] = server.callsTo('GET', '/api/admin/users/u%201%2Fx/unlocks');
    expect(list.path).toBe('/api/admin/users/u%201%2Fx/unlocks?subjectId=metabolic');
    expect(list.headers.get('Authorization')).toBe('Bearer token-a');
    expect(list.body).toBeUndefined();

    await expect(dataProvider.removeUnlock('u-1', { subjectId: 'metabolic', moduleId: 'glucose' })).resolves.toEqual(
      unlock,
    );
    const [remove] = server.callsTo('DELETE', '/api/admin/users/u-1/unlocks');
    expect(remove.path).toBe('/api/admin/users/u-1/unlocks');
    expect(remove.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(remove.body ?? 'null')).toEqual({ subjectId: 'metabolic', moduleId: 'glucose' });

    // no body at all for an operation that takes none
    await dataProvider.retryJob('tts-1');
    expect(server.callsTo('POST', '/api/admin/jobs/tts-1/retry')[0].body).toBeUndefined();
  });

  it('custom methods reject with the HttpError react-admin hands to authProvider.checkError', async () => {
    stubLocation('/studio/jobs');
    mockFetch({
      'POST /api/auth/refresh': json(makeSession(STUDIO_ROLES)),
      'POST /api/admin/jobs/tts-1/cancel': apiError(409, 'The job has already ended (completed)'),
    });
    const { dataProvider } = await loadProviders();

    await expect(dataProvider.cancelJob('tts-1')).rejects.toMatchObject({
      status: 409,
      message: 'The job has already ended (completed)',
    });
  });
});
