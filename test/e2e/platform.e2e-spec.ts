import { QUEUES } from '../../src/queues/queues';
import { Controller, Get } from '@nestjs/common';
import { AuthUser, CurrentUser } from '../../src/common/decorators/current-user.decorator';
import { Public } from '../../src/common/decorators/public.decorator';
import { Roles } from '../../src/common/decorators/roles.decorator';
import { type ApiError, Harness } from '../support/harness';

/** Probe routes mounted only in this test, to exercise the global guards and filter. */
@Controller('probe')
class ProbeController {
  @Roles('studio')
  @Get('studio')
  studio(@CurrentUser() user: AuthUser) {
    return { ok: true, roles: user.roles };
  }

  @Roles('admin')
  @Get('admin')
  admin() {
    return { ok: true };
  }

  @Get('signed-in')
  signedIn() {
    return { ok: true };
  }

  @Public()
  @Get('boom')
  boom() {
    throw new Error('database password is hunter2');
  }
}

let h: Harness;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  h = await Harness.boot({ controllers: [ProbeController], worker: false });
  for (const who of ['learner', 'studio', 'admin', 'clinician'] as const) tokens[who] = await h.demoToken(who);
});
afterAll(() => h.close());

describe('role guards', () => {
  it('lets the studio role through @Roles("studio") and refuses a learner with 403', async () => {
    expect((await h.get('/api/probe/studio', { token: tokens.studio })).body).toEqual({
      ok: true,
      roles: ['learner', 'studio'],
    });
    expect((await h.get('/api/probe/studio', { token: tokens.admin })).status).toBe(200);
    const refused = await h.get('/api/probe/studio', { token: tokens.learner });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Forbidden resource' });
    expect((await h.get('/api/probe/studio', { token: tokens.clinician })).status).toBe(403);
  });

  it('refuses studio staff on admin-only routes', async () => {
    expect((await h.get('/api/probe/admin', { token: tokens.studio })).status).toBe(403);
    expect((await h.get('/api/probe/admin', { token: tokens.admin })).status).toBe(200);
  });

  it('answers 401 (not 403) without a token', async () => {
    expect((await h.get('/api/probe/studio')).status).toBe(401);
    expect((await h.get('/api/probe/signed-in')).status).toBe(401);
    expect((await h.get('/api/probe/signed-in', { token: tokens.learner })).status).toBe(200);
  });

  it('applies a role change on the next request, without a new sign-in', async () => {
    const [user] = await h.sql<{ id: string }>(`select id from users where email = 'clinician@example.com'`);
    await h.sql(`insert into user_roles (user_id, role, created_at) values (?, 'studio', now())`, [user.id]);
    try {
      expect((await h.get('/api/probe/studio', { token: tokens.clinician })).status).toBe(200);
    } finally {
      await h.sql(`delete from user_roles where user_id = ? and role = 'studio'`, [user.id]);
    }
    expect((await h.get('/api/probe/studio', { token: tokens.clinician })).status).toBe(403);
  });
});

describe('errors', () => {
  it('turns an unexpected error into a 500 with an error id and no internals', async () => {
    const res = await h.get<ApiError & { errorId: string }>('/api/probe/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: `Something went wrong on our side. Error id: ${res.body.errorId}`,
      errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await h.request(method, '/api/does-not-exist');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });
});

describe('health and docs', () => {
  it('reports the database and Redis', async () => {
    const res = await h.get<{ status: string; info: unknown }>('/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    const info = res.body.info as Record<string, Record<string, unknown>>;
    expect(info.database).toEqual({ status: 'up' });
    expect(info.redis).toEqual({ status: 'up' });
    // every queue with its live workers (the harness runs a worker) and job counts
    expect(info.queues.status).toBe('up');
    for (const name of Object.values(QUEUES))
      expect(info.queues[name]).toEqual({
        workers: expect.any(Number),
        waiting: expect.any(Number),
        active: expect.any(Number),
        failed: expect.any(Number),
      });
    if (h.worker) expect((info.queues[QUEUES.email] as { workers: number }).workers).toBeGreaterThanOrEqual(1);
    expect(info.queues.redisEvictionPolicy).toEqual(expect.any(String));
  });

  it('serves the OpenAPI document with the auth endpoints', async () => {
    const res = await h.get<{ paths: Record<string, unknown> }>('/api/docs/json');
    expect(res.status).toBe(200);
    for (const path of [
      'register',
      'login',
      'refresh',
      'logout',
      'request-reset',
      'reset',
      'request-verify',
      'verify',
      'session',
    ]) {
      expect(Object.keys(res.body.paths)).toContain(`/api/auth/${path}`);
    }
    expect((await h.get('/api/docs')).status).toBe(200);
  });
});
