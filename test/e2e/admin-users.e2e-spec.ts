import { Client } from 'pg';
import { BACKFILL_TAG_SOURCES } from '../../src/database/migrations/Migration20261201010000AttemptsAndTags';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, type ApiResponse, Harness, type Method, type TestUser } from '../support/harness';

/**
 * Studio → Users for admins: the users resource, roles, tags, module unlocks and the audit trail.
 * People and access belong to the admin role: studio users and learners are refused every route.
 */

interface User {
  id: string;
  email: string;
  verified: boolean;
  roles: string[];
  createdAt: string;
}

interface AuditEntry {
  id: string;
  actorId: string;
  actorEmail: string | null;
  targetUserId: string;
  targetEmail: string | null;
  action: string;
  details: Record<string, unknown>;
  createdAt: string;
}

interface TagRow {
  tag: string;
  source: 'gating' | 'staff';
  learnerVisible: boolean;
  createdAt: string;
}

interface MeTags {
  tags: string[];
  achievements: { tag: string; label: string; subjectId: string | null; kind: string }[];
}

let h: Harness;
let admin: string;
let adminId: string;
let studio: string;
let learner: string;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  admin = await h.demoToken('admin');
  studio = await h.demoToken('studio');
  learner = await h.demoToken('learner');
  adminId = (await h.sql<{ id: string }>(`select id from users where email = 'admin@example.com'`))[0].id;
}, 60000);
afterAll(() => h.close());

const q = (path: string, params: Record<string, unknown>) =>
  `${path}?` +
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

const setRoles = (id: string, roles: unknown, token = admin) =>
  h.put<User & ApiError>(`/api/admin/users/${id}/roles`, { roles }, { token });

const auditOf = async (targetUserId: string) => {
  const res = await h.get<AuditEntry[]>(q('/api/admin/audit', { filter: { targetUserId } }), { token: admin });
  expect(res.status).toBe(200);
  return res.body;
};

const rolesInDb = async (id: string) =>
  (await h.sql<{ role: string }>(`select role from user_roles where user_id = ? order by role`, [id])).map(
    (r) => r.role,
  );

const adminsInDb = async () =>
  (await h.sql<{ n: string }>(`select count(*) as n from user_roles where role = 'admin'`)).map((r) => Number(r.n))[0];

/** Every route of the resource, with a body that would be accepted. */
function routes(id: string): [Method, string, unknown?][] {
  return [
    ['GET', '/api/admin/users'],
    ['GET', `/api/admin/users/${id}`],
    ['PUT', `/api/admin/users/${id}/roles`, { roles: ['learner', 'admin'] }],
    ['GET', `/api/admin/users/${id}/tags`],
    ['POST', `/api/admin/users/${id}/tags`, { tag: 'sneaky' }],
    ['PUT', `/api/admin/users/${id}/tags`, { tag: 'sneaky', learnerVisible: true }],
    ['DELETE', `/api/admin/users/${id}/tags`, { tag: 'sneaky' }],
    ['GET', `/api/admin/users/${id}/unlocks`],
    ['POST', `/api/admin/users/${id}/unlocks`, { subjectId: 'metabolic', moduleId: 'glucose-and-insulin' }],
    ['DELETE', `/api/admin/users/${id}/unlocks`, { subjectId: 'metabolic', moduleId: 'glucose-and-insulin' }],
    ['GET', '/api/admin/audit'],
  ];
}

describe('who may call', () => {
  it('refuses every route signed out (401), and to a learner or a studio user who is not an admin (403)', async () => {
    const target = await h.newUser('target');
    for (const [method, url, body] of routes(target.id)) {
      const anonymous = await h.request(method, url, { body });
      expect({ method, url, status: anonymous.status }).toEqual({ method, url, status: 401 });
      for (const [who, token] of [
        ['learner', learner],
        ['studio', studio],
      ] as const) {
        const res = await h.request<ApiError>(method, url, { token, body });
        expect({ who, method, url, status: res.status }).toEqual({ who, method, url, status: 403 });
      }
    }
    // Nothing changed behind the refusals.
    expect(await rolesInDb(target.id)).toEqual(['learner']);
    expect(await h.sql(`select * from user_tags where user_id = ?`, [target.id])).toEqual([]);
    expect(await h.sql(`select * from user_unlocks where user_id = ?`, [target.id])).toEqual([]);
    expect(await h.sql(`select * from admin_audit where target_user_id = ?`, [target.id])).toEqual([]);
  });
});

describe('GET /api/admin/users', () => {
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    a = await h.newUser('zeta-list');
    b = await h.newUser('alpha-list');
  });

  it('answers {id, email, verified, roles, createdAt} rows with a Content-Range header, never a password hash', async () => {
    const res = await h.get<User[]>(q('/api/admin/users', { sort: ['email', 'ASC'], range: [0, 99] }), {
      token: admin,
    });
    expect(res.status).toBe(200);
    const total = Number((await h.sql<{ n: string }>(`select count(*) as n from users`))[0].n);
    expect(res.headers['content-range']).toBe(`users 0-${res.body.length - 1}/${total}`);
    const demoAdmin = res.body.find((u) => u.email === 'admin@example.com');
    expect(demoAdmin).toEqual({
      id: adminId,
      email: 'admin@example.com',
      verified: true,
      roles: ['learner', 'studio', 'admin'],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.body.find((u) => u.email === 'clinician@example.com')?.roles).toEqual(['learner', 'clinician']);
    for (const user of res.body)
      expect(Object.keys(user).sort()).toEqual(['createdAt', 'email', 'id', 'roles', 'verified']);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
    const emails = res.body.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
  });

  it('sorts by email and by createdAt both ways, and pages with range', async () => {
    const list = async (sort: [string, string], range = [0, 99]) =>
      (await h.get<User[]>(q('/api/admin/users', { sort, range }), { token: admin })).body;
    const desc = (await list(['email', 'DESC'])).map((u) => u.email);
    expect(desc).toEqual([...desc].sort().reverse());
    const newest = await list(['createdAt', 'DESC']);
    const times = newest.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(newest.findIndex((u) => u.id === b.id)).toBeLessThan(newest.findIndex((u) => u.id === a.id));
    const oldest = (await list(['createdAt', 'ASC'])).map((u) => u.id);
    expect(oldest).toEqual(newest.map((u) => u.id).reverse());
    // Without parameters: newest first.
    const plain = await h.get<User[]>('/api/admin/users', { token: admin });
    expect(plain.body.map((u) => u.id)).toEqual(newest.map((u) => u.id));

    const page = await h.get<User[]>(q('/api/admin/users', { sort: ['email', 'ASC'], range: [1, 2] }), {
      token: admin,
    });
    const everything = await list(['email', 'ASC']);
    expect(page.body).toEqual(everything.slice(1, 3));
    expect(page.headers['content-range']).toBe(`users 1-2/${everything.length}`);
    const past = await h.get<User[]>(q('/api/admin/users', { range: [500, 509] }), { token: admin });
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toBe(`users */${everything.length}`);
  });

  it('filters by q (part of the e-mail, any case, wildcards literal) and by ids', async () => {
    const search = await h.get<User[]>(q('/api/admin/users', { filter: { q: a.email.slice(0, 14).toUpperCase() } }), {
      token: admin,
    });
    expect(search.status).toBe(200);
    expect(search.body.map((u) => u.email)).toEqual([a.email]);
    expect(search.headers['content-range']).toBe('users 0-0/1');
    const demo = await h.get<User[]>(q('/api/admin/users', { filter: { q: '@EXAMPLE.COM' }, sort: ['email', 'ASC'] }), {
      token: admin,
    });
    expect(demo.body.map((u) => u.email)).toEqual([
      'admin@example.com',
      'clinician@example.com',
      'learner@example.com',
      'studio@example.com',
    ]);
    expect((await h.get<User[]>(q('/api/admin/users', { filter: { q: '%' } }), { token: admin })).body).toEqual([]);
    expect((await h.get<User[]>(q('/api/admin/users', { filter: { q: '_' } }), { token: admin })).body).toEqual([]);
    const many = await h.get<User[]>(
      q('/api/admin/users', { filter: { id: [a.id, b.id, 'not-a-uuid', UNKNOWN_ID] }, sort: ['email', 'ASC'] }),
      { token: admin },
    );
    expect(many.body.map((u) => u.id)).toEqual([b.id, a.id]);
  });

  it('refuses bad sort, range and filter with a 400', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ sort: ['passwordHash', 'ASC'] }, /^sort field must be one of: email, createdAt$/],
      [{ sort: ['email', 'up'] }, /^sort order must be ASC or DESC$/],
      [{ range: [0, 1000] }, /^range may span at most 100 records$/],
      [{ filter: { role: 'admin' } }, /^filter.role is not a known filter/],
      [{ filter: { q: 5 } }, /^filter.q must be a string/],
      [{ filter: '{' }, /^filter must be a JSON object$/],
      [{ extra: 1 }, /extra should not exist/],
    ];
    for (const [params, message] of cases) {
      const res = await h.get<ApiError>(q('/api/admin/users', params), { token: admin });
      expect({ params, status: res.status }).toEqual({ params, status: 400 });
      expect(res.body.message).toMatch(message);
    }
  });
});

describe('GET /api/admin/users/:id', () => {
  it('answers one user, or 404 for an unknown or malformed id', async () => {
    const u = await h.newUser('one');
    const res = await h.get<User>(`/api/admin/users/${u.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: u.id,
      email: u.email,
      verified: true,
      roles: ['learner'],
      createdAt: expect.any(String),
    });
    for (const id of [UNKNOWN_ID, 'not-a-uuid', 'x'.repeat(100), "1' or '1'='1"]) {
      const missing = await h.get<ApiError>(`/api/admin/users/${encodeURIComponent(id)}`, { token: admin });
      expect({ id, status: missing.status }).toEqual({ id, status: 404 });
      expect(missing.body).toMatchObject({ statusCode: 404, message: 'User not found' });
    }
    // Longer ids are refused before they reach the database (a client error, never a 500).
    const tooLong = await h.get<ApiError>(`/api/admin/users/${'x'.repeat(101)}`, { token: admin });
    expect([400, 404, 414]).toContain(tooLong.status);
  });

  it('tells an unverified account from a verified one', async () => {
    const email = `unverified-${Date.now()}@example.test`;
    expect((await h.post('/api/auth/register', { email, password: 'a-long-enough-secret' })).status).toBe(201);
    const [row] = await h.sql<{ id: string }>(`select id from users where email = ?`, [email]);
    const res = await h.get<User>(`/api/admin/users/${row.id}`, { token: admin });
    expect(res.body).toMatchObject({ email, verified: false, roles: ['learner'] });
  });
});

describe('PUT /api/admin/users/:id/roles', () => {
  it('a granted role works on the very next request with the same access token; a removed one is refused', async () => {
    const u = await h.newUser('promoted');
    const studioRoute = () => h.get('/api/admin/courses', { token: u.token });
    expect((await studioRoute()).status).toBe(403);

    const granted = await setRoles(u.id, ['learner', 'studio', 'clinician']);
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      id: u.id,
      email: u.email,
      verified: true,
      roles: ['learner', 'studio', 'clinician'],
      createdAt: expect.any(String),
    });
    expect(await rolesInDb(u.id)).toEqual(['clinician', 'learner', 'studio']);
    expect((await studioRoute()).status).toBe(200);
    // Not signed out: the same token's session still answers, now with the new roles.
    const session = await h.get<{ user: { roles: string[] } }>('/api/auth/session', { token: u.token });
    expect(session.status).toBe(200);
    expect([...session.body.user.roles].sort()).toEqual(['clinician', 'learner', 'studio']);

    const removed = await setRoles(u.id, ['learner']);
    expect(removed.status).toBe(200);
    expect(removed.body.roles).toEqual(['learner']);
    expect((await studioRoute()).status).toBe(403);
    expect((await h.get('/api/auth/session', { token: u.token })).status).toBe(200);

    // An admin may grant admin: the user's next request may manage users.
    expect((await h.get('/api/admin/users', { token: u.token })).status).toBe(403);
    expect((await setRoles(u.id, ['learner', 'admin'])).status).toBe(200);
    expect((await h.get('/api/admin/users', { token: u.token })).status).toBe(200);
    expect((await setRoles(u.id, ['learner'])).status).toBe(200);
    expect((await h.get('/api/admin/users', { token: u.token })).status).toBe(403);

    const trail = await auditOf(u.id);
    expect(trail.map((e) => [e.action, e.details])).toEqual([
      ['roles.set', { before: ['learner', 'admin'], after: ['learner'] }],
      ['roles.set', { before: ['learner'], after: ['learner', 'admin'] }],
      ['roles.set', { before: ['learner', 'studio', 'clinician'], after: ['learner'] }],
      ['roles.set', { before: ['learner'], after: ['learner', 'studio', 'clinician'] }],
    ]);
    expect(trail.every((e) => e.actorId === adminId && e.actorEmail === 'admin@example.com')).toBe(true);
    expect(trail.every((e) => e.targetUserId === u.id && e.targetEmail === u.email)).toBe(true);
  });

  it('setting the roles a user has changes nothing and writes no audit entry', async () => {
    const u = await h.newUser('same');
    const res = await setRoles(u.id, ['learner']);
    expect(res.status).toBe(200);
    expect(await auditOf(u.id)).toEqual([]);
  });

  it('refuses bad bodies with a 400 and changes nothing', async () => {
    const u = await h.newUser('badroles');
    const cases: [unknown, RegExp][] = [
      [{ roles: ['learner', 'superuser'] }, /each role must be one of: learner, studio, admin, clinician/],
      [{ roles: [] }, /roles must name at least one role/],
      [{ roles: ['learner', 'learner'] }, /roles must not name a role twice/],
      [{ roles: 'admin' }, /roles must be a list of roles/],
      [{ roles: [1] }, /each role must be one of/],
      [{}, /roles must be a list of roles/],
      [{ roles: ['learner'], userId: u.id }, /property userId should not exist/],
      [{ roles: ['Admin'] }, /each role must be one of/],
    ];
    for (const [body, message] of cases) {
      const res = await h.put<ApiError>(`/api/admin/users/${u.id}/roles`, body, { token: admin });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    expect(await rolesInDb(u.id)).toEqual(['learner']);
    expect(await auditOf(u.id)).toEqual([]);
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const res = await setRoles(id, ['learner']);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
      expect(res.body.message).toBe('User not found');
    }
  });

  it('the last admin cannot lose the admin role (409), and nothing changes', async () => {
    expect(await adminsInDb()).toBe(1);
    const res = await setRoles(adminId, ['learner', 'studio']);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(res.body.message).toMatch(/^The last admin cannot lose the admin role/);
    expect(await rolesInDb(adminId)).toEqual(['admin', 'learner', 'studio']);
    expect((await h.get('/api/admin/users', { token: admin })).status).toBe(200);
    // Changing the last admin's other roles is fine.
    expect((await setRoles(adminId, ['learner', 'studio', 'admin', 'clinician'])).status).toBe(200);
    expect((await setRoles(adminId, ['learner', 'studio', 'admin'])).status).toBe(200);
  });

  it('two admins demoting at the same moment: exactly one succeeds (the other gets 409), one admin remains', async () => {
    const other = await h.newUser('second-admin');
    for (let round = 0; round < 6; round++) {
      expect((await setRoles(other.id, ['learner', 'admin'])).status).toBe(200);
      expect(await adminsInDb()).toBe(2);
      // Even rounds: each admin demotes the other; odd rounds: each demotes itself. Either way, run
      // one after the other the second change would find no other admin left.
      const [toOther, toAdmin] = round % 2 === 0 ? [admin, other.token] : [other.token, admin];
      const results = await Promise.all([
        setRoles(other.id, ['learner'], toOther),
        setRoles(adminId, ['learner', 'studio'], toAdmin),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect({ round, statuses }).toEqual({ round, statuses: [200, 409] });
      expect(await adminsInDb()).toBe(1);
      // Put things back: the demo admin is the admin again, the other user a learner.
      const [survivor] = await h.sql<{ user_id: string }>(`select user_id from user_roles where role = 'admin'`);
      if (survivor.user_id === other.id) {
        expect((await setRoles(adminId, ['learner', 'studio', 'admin'], other.token)).status).toBe(200);
        expect((await setRoles(other.id, ['learner'], admin)).status).toBe(200);
      }
      expect(await rolesInDb(adminId)).toEqual(['admin', 'learner', 'studio']);
      expect(await adminsInDb()).toBe(1);
    }
  });
});

describe('tags', () => {
  it('lists, adds (trimmed, idempotent) and removes a tag; staff tags stay hidden from the learner; each change is audited', async () => {
    const u = await h.newUser('tagged');
    const url = `/api/admin/users/${u.id}/tags`;
    expect((await h.get(url, { token: admin })).body).toEqual([]);

    const added = await h.post<TagRow>(url, { tag: '  vip-cohort  ' }, { token: admin });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      tag: 'vip-cohort',
      source: 'staff',
      learnerVisible: false,
      createdAt: expect.any(String),
    });
    const again = await h.post(url, { tag: 'vip-cohort' }, { token: admin });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(added.body);
    expect((await h.post(url, { tag: 'second' }, { token: admin })).status).toBe(201);

    const list = await h.get<TagRow[]>(url, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.map((t) => [t.tag, t.source, t.learnerVisible])).toEqual([
      ['vip-cohort', 'staff', false],
      ['second', 'staff', false],
    ]);
    // staff tags are about the learner: the learner does not see them
    expect((await h.get('/api/me/tags', { token: u.token })).body).toEqual({ tags: [], achievements: [] });

    const removed = await h.request('DELETE', url, { token: admin, body: { tag: ' vip-cohort ' } });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual(added.body);
    const missing = await h.request<ApiError>('DELETE', url, { token: admin, body: { tag: 'vip-cohort' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('The user has no tag "vip-cohort"');
    expect((await h.get<TagRow[]>(url, { token: admin })).body.map((t) => t.tag)).toEqual(['second']);

    const trail = await auditOf(u.id);
    expect(trail.map((e) => [e.action, e.details])).toEqual([
      ['tag.remove', { tag: 'vip-cohort' }],
      ['tag.add', { tag: 'second', learnerVisible: false }],
      ['tag.add', { tag: 'vip-cohort', learnerVisible: false }],
    ]);
    const rows = await h.sql<{ actor_id: string; action: string }>(
      `select actor_id, action from admin_audit where target_user_id = ? order by created_at`,
      [u.id],
    );
    expect(rows).toEqual([
      { actor_id: adminId, action: 'tag.add' },
      { actor_id: adminId, action: 'tag.add' },
      { actor_id: adminId, action: 'tag.remove' },
    ]);
  });

  it('a staff tag is absent from /api/me/tags until marked learner-visible (PUT, audited as tag.visibility)', async () => {
    const u = await h.newUser('visible');
    const url = `/api/admin/users/${u.id}/tags`;
    const mine = async () => (await h.get<MeTags>('/api/me/tags', { token: u.token })).body;
    expect((await h.post(url, { tag: 'refund-risk' }, { token: admin })).status).toBe(201);
    expect((await h.post(url, { tag: 'cohort-nov-2026' }, { token: admin })).status).toBe(201);
    expect(await mine()).toEqual({ tags: [], achievements: [] });

    const shown = await h.put<TagRow>(url, { tag: ' cohort-nov-2026 ', learnerVisible: true }, { token: admin });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      tag: 'cohort-nov-2026',
      source: 'staff',
      learnerVisible: true,
      createdAt: expect.any(String),
    });
    // as staff wrote it; the other staff tag stays hidden
    expect(await mine()).toEqual({
      tags: ['cohort-nov-2026'],
      achievements: [{ tag: 'cohort-nov-2026', label: 'cohort-nov-2026', subjectId: null, kind: 'staff' }],
    });
    // setting it as it is: the same answer, no second audit entry
    expect((await h.put<TagRow>(url, { tag: 'cohort-nov-2026', learnerVisible: true }, { token: admin })).body).toEqual(
      shown.body,
    );
    // added visible from the start
    const welcome = await h.post<TagRow>(url, { tag: 'welcome-pack', learnerVisible: true }, { token: admin });
    expect(welcome.body).toMatchObject({ tag: 'welcome-pack', source: 'staff', learnerVisible: true });
    expect((await mine()).tags).toEqual(['cohort-nov-2026', 'welcome-pack']);

    const hidden = await h.put<TagRow>(url, { tag: 'cohort-nov-2026', learnerVisible: false }, { token: admin });
    expect(hidden.body.learnerVisible).toBe(false);
    expect((await mine()).tags).toEqual(['welcome-pack']);

    const missing = await h.put<ApiError>(url, { tag: 'nope', learnerVisible: true }, { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('The user has no tag "nope"');
    expect(
      (await h.put(`/api/admin/users/${UNKNOWN_ID}/tags`, { tag: 'x', learnerVisible: true }, { token: admin })).status,
    ).toBe(404);
    for (const body of [
      { tag: 'refund-risk' },
      { tag: 'refund-risk', learnerVisible: 'yes' },
      { tag: '', learnerVisible: true },
    ]) {
      const bad = await h.put<ApiError>(url, body, { token: admin });
      expect({ body, status: bad.status }).toEqual({ body, status: 400 });
    }
    expect((await h.put(url, { tag: 'refund-risk', learnerVisible: true }, { token: learner })).status).toBe(403);
    expect((await mine()).tags).toEqual(['welcome-pack']);

    const trail = await auditOf(u.id);
    expect(trail.filter((e) => e.action === 'tag.visibility').map((e) => e.details)).toEqual([
      { tag: 'cohort-nov-2026', learnerVisible: false },
      { tag: 'cohort-nov-2026', learnerVisible: true },
    ]);
  });

  it("gating's tags: achievements reach the learner with readable labels, bookkeeping tags stay staff-only", async () => {
    const u = await h.learnerWith('vagus-nerve');
    const items = await h.sql<{ id: string; correct: string }>(
      `select id, correct from quiz_items where subject_id = 'vagus-nerve'`,
    );
    const key = new Map(items.map((r) => [r.id, r.correct]));
    // a diagnostic and a post test answered all right: every module mastered, the post test passed
    for (const kind of ['q_diag', 'q_final']) {
      const start = await h.post<{ attemptId: string; question: { id: string } }>(
        `/api/quizzes/${kind}/attempts`,
        { subject: 'vagus-nerve' },
        { token: u.token },
      );
      expect(start.status).toBe(201);
      let q: { id: string } | undefined = start.body.question;
      while (q) {
        const step: ApiResponse<{ done: boolean; question?: { id: string } }> = await h.post(
          `/api/attempts/${start.body.attemptId}/answer`,
          { questionId: q.id, answer: key.get(q.id) },
          { token: u.token },
        );
        expect(step.status).toBe(200);
        q = step.body.done ? undefined : step.body.question;
      }
    }
    const modules = await h.sql<{ id: string; title: string }>(
      `select id, title from subject_modules where subject_id = 'vagus-nerve' order by position, id`,
    );
    const rows = (await h.get<TagRow[]>(`/api/admin/users/${u.id}/tags`, { token: admin })).body;
    const byTag = new Map(rows.map((r) => [r.tag, r]));
    expect(byTag.get('vagus-nerve:diagnostic-done')).toMatchObject({ source: 'gating', learnerVisible: false });
    expect(byTag.get('vagus-nerve:diagnostic-passed')).toMatchObject({ source: 'gating', learnerVisible: false });
    expect(byTag.get('vagus-nerve:post-test-passed')).toMatchObject({ source: 'gating', learnerVisible: true });
    for (const m of modules)
      expect(byTag.get(`vagus-nerve:${m.id}-mastered`)).toMatchObject({ source: 'gating', learnerVisible: true });

    const me = (await h.get<MeTags>('/api/me/tags', { token: u.token })).body;
    const [subject] = await h.sql<{ name: string }>(`select name from subjects where id = 'vagus-nerve'`);
    expect(new Set(me.tags)).toEqual(
      new Set([...modules.map((m) => `${m.title} mastered`), `${subject.name} post test passed`]),
    );
    expect(me.achievements).toContainEqual({
      tag: 'vagus-nerve:post-test-passed',
      label: `${subject.name} post test passed`,
      subjectId: 'vagus-nerve',
      kind: 'post_test_passed',
    });
    expect(me.achievements).toContainEqual({
      tag: `vagus-nerve:${modules[0].id}-mastered`,
      label: `${modules[0].title} mastered`,
      subjectId: 'vagus-nerve',
      kind: 'module_mastered',
    });
    expect(JSON.stringify(me)).not.toMatch(/diagnostic/);
  });

  it('the migration backfills who wrote each tag and what the learner sees', async () => {
    const u = await h.newUser('backfill');
    const tags = [
      'vagus-nerve:diagnostic-done',
      'vagus-nerve:diagnostic-passed',
      'vagus-nerve:clinician-diagnostic-done',
      'vagus-nerve:post-test-taken',
      'vagus-nerve:post-test-passed',
      'vagus-nerve:foundations-mastered',
      'metabolic:glucose-and-insulin-mastered',
      // staff's: another form, an unknown course, a module of another course
      'cohort-nov-2026',
      'refund-risk',
      'nowhere:post-test-passed',
      'vagus-nerve:glucose-and-insulin-mastered',
      'vagus-nerve:diagnostic-done-early',
    ];
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      // as the rows were before the migration: no source, nothing visible
      await client.query('begin');
      await client.query(
        `insert into user_tags (user_id, tag, source, learner_visible) select $1, t, 'staff', false from unnest($2::text[]) t`,
        [u.id, tags],
      );
      for (const sql of BACKFILL_TAG_SOURCES) await client.query(sql);
      const { rows } = await client.query<{ tag: string; source: string; learner_visible: boolean }>(
        `select tag, source, learner_visible from user_tags where user_id = $1`,
        [u.id],
      );
      const got = Object.fromEntries(rows.map((r) => [r.tag, `${r.source}${r.learner_visible ? ' visible' : ''}`]));
      expect(got).toEqual({
        'vagus-nerve:diagnostic-done': 'gating',
        'vagus-nerve:diagnostic-passed': 'gating',
        'vagus-nerve:clinician-diagnostic-done': 'gating',
        'vagus-nerve:post-test-taken': 'gating',
        'vagus-nerve:post-test-passed': 'gating visible',
        'vagus-nerve:foundations-mastered': 'gating visible',
        'metabolic:glucose-and-insulin-mastered': 'gating visible',
        'cohort-nov-2026': 'staff',
        'refund-risk': 'staff',
        'nowhere:post-test-passed': 'staff',
        'vagus-nerve:glucose-and-insulin-mastered': 'staff',
        'vagus-nerve:diagnostic-done-early': 'staff',
      });
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });

  it('refuses blank, long and malformed tags (400), and unknown users (404)', async () => {
    const u = await h.newUser('badtags');
    const url = `/api/admin/users/${u.id}/tags`;
    const cases: [unknown, RegExp][] = [
      [{ tag: '' }, /tag must not be blank/],
      [{ tag: '   ' }, /tag must not be blank/],
      [{ tag: 'x'.repeat(65) }, /tag must be at most 64 characters/],
      [{ tag: 7 }, /tag must be a string/],
      [{}, /tag must be a string/],
      [{ tag: 'a\u0007b' }, /control characters/],
      [{ tag: 'a\nb' }, /control characters/],
      [{ tag: 'ok', colour: 'red' }, /property colour should not exist/],
    ];
    for (const [body, message] of cases) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await h.request<ApiError>(method, url, { token: admin, body });
        expect({ method, body, status: res.status }).toEqual({ method, body, status: 400 });
        expect(res.body.message).toMatch(message);
      }
    }
    expect((await h.post(url, { tag: 'x'.repeat(64) }, { token: admin })).status).toBe(201);
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const base = `/api/admin/users/${id}/tags`;
      expect((await h.get(base, { token: admin })).status).toBe(404);
      expect((await h.post(base, { tag: 'ok' }, { token: admin })).status).toBe(404);
      expect((await h.request('DELETE', base, { token: admin, body: { tag: 'ok' } })).status).toBe(404);
    }
    expect(await h.sql(`select * from admin_audit where target_user_id = ?`, [UNKNOWN_ID])).toEqual([]);
  });
});

describe('module unlocks', () => {
  it('lists, adds (idempotent) and removes an unlock; the owner sees it; each change is audited', async () => {
    const u = await h.learnerWith('metabolic', 'unlocked');
    const url = `/api/admin/users/${u.id}/unlocks`;
    expect((await h.get(url, { token: admin })).body).toEqual([]);
    const body = { subjectId: 'metabolic', moduleId: 'glucose-and-insulin' };
    const added = await h.post<{ subjectId: string; moduleId: string; createdAt: string }>(url, body, { token: admin });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ ...body, createdAt: expect.any(String) });
    expect((await h.post(url, body, { token: admin })).body).toEqual(added.body);
    const vagus = { subjectId: 'vagus-nerve', moduleId: 'foundations' };
    expect((await h.post(url, vagus, { token: admin })).status).toBe(201);

    const all = await h.get<{ subjectId: string; moduleId: string }[]>(url, { token: admin });
    expect(all.body.map((x) => `${x.subjectId}/${x.moduleId}`)).toEqual([
      'metabolic/glucose-and-insulin',
      'vagus-nerve/foundations',
    ]);
    const filtered = await h.get<{ subjectId: string }[]>(`${url}?subjectId=vagus-nerve`, { token: admin });
    expect(filtered.body).toEqual([{ ...vagus, createdAt: expect.any(String) }]);
    expect((await h.get(`${url}?subjectId=ai-user`, { token: admin })).body).toEqual([]);
    const mine = await h.get<{ modules: string[] }>('/api/me/unlocks?subjectId=metabolic', { token: u.token });
    expect(mine.body.modules).toEqual(['glucose-and-insulin']);

    const removed = await h.request('DELETE', url, { token: admin, body });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual(added.body);
    const gone = await h.request<ApiError>('DELETE', url, { token: admin, body });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Module glucose-and-insulin of metabolic is not unlocked for the user');
    expect(
      (await h.get<{ modules: string[] }>('/api/me/unlocks?subjectId=metabolic', { token: u.token })).body.modules,
    ).toEqual([]);

    const trail = await auditOf(u.id);
    expect(trail.map((e) => [e.action, e.details])).toEqual([
      ['unlock.remove', body],
      ['unlock.add', vagus],
      ['unlock.add', body],
    ]);
  });

  it('refuses an unknown subject, a module of another subject and bad bodies (400), unknown users (404)', async () => {
    const u = await h.newUser('badunlocks');
    const url = `/api/admin/users/${u.id}/unlocks`;
    const cases: [unknown, RegExp][] = [
      [{ subjectId: 'no-such-subject', moduleId: 'foundations' }, /^Unknown subject: no-such-subject$/],
      [
        { subjectId: 'metabolic', moduleId: 'foundations' },
        /^Unknown module foundations of metabolic \(its modules: markers-and-measurement, glucose-and-insulin/,
      ],
      [{ subjectId: 'metabolic', moduleId: '' }, /moduleId is required/],
      [{ subjectId: 'metabolic', moduleId: '   ' }, /moduleId is required/],
      [{ subjectId: '', moduleId: 'foundations' }, /subjectId is required/],
      [{ subjectId: 'metabolic' }, /moduleId must be a string/],
      [{ subjectId: 'metabolic', moduleId: 5 }, /moduleId must be a string/],
      [{ subjectId: 'metabolic', moduleId: 'glucose-and-insulin', userId: u.id }, /property userId should not exist/],
      [{ subjectId: 'metabolic', moduleId: 'x'.repeat(201) }, /moduleId must be at most 200 characters/],
    ];
    for (const [body, message] of cases) {
      const res = await h.post<ApiError>(url, body, { token: admin });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    expect(await h.sql(`select * from user_unlocks where user_id = ?`, [u.id])).toEqual([]);
    expect((await h.get<ApiError>(`${url}?subjectId=`, { token: admin })).status).toBe(400);
    expect((await h.get<ApiError>(`${url}?other=1`, { token: admin })).status).toBe(400);
    const body = { subjectId: 'metabolic', moduleId: 'glucose-and-insulin' };
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const base = `/api/admin/users/${id}/unlocks`;
      expect((await h.get(base, { token: admin })).status).toBe(404);
      expect((await h.post(base, body, { token: admin })).status).toBe(404);
      expect((await h.request('DELETE', base, { token: admin, body })).status).toBe(404);
    }
    expect(await auditOf(u.id)).toEqual([]);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists every change newest first with a Content-Range header, filtered by target, actor or action', async () => {
    const u = await h.newUser('audited');
    await h.post(`/api/admin/users/${u.id}/tags`, { tag: 'one' }, { token: admin });
    await setRoles(u.id, ['learner', 'clinician']);
    await h.post(
      `/api/admin/users/${u.id}/unlocks`,
      { subjectId: 'vagus-nerve', moduleId: 'foundations' },
      { token: admin },
    );

    const res = await h.get<AuditEntry[]>(
      q('/api/admin/audit', { filter: { targetUserId: u.id }, sort: ['createdAt', 'DESC'], range: [0, 9] }),
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('audit 0-2/3');
    expect(res.body.map((e) => e.action)).toEqual(['unlock.add', 'roles.set', 'tag.add']);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      actorId: adminId,
      actorEmail: 'admin@example.com',
      targetUserId: u.id,
      targetEmail: u.email,
      action: 'unlock.add',
      details: { subjectId: 'vagus-nerve', moduleId: 'foundations' },
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
    const asc = await h.get<AuditEntry[]>(
      q('/api/admin/audit', { filter: { targetUserId: u.id }, sort: ['createdAt', 'ASC'] }),
      { token: admin },
    );
    expect(asc.body.map((e) => e.action)).toEqual(['tag.add', 'roles.set', 'unlock.add']);
    const page = await h.get<AuditEntry[]>(q('/api/admin/audit', { filter: { targetUserId: u.id }, range: [1, 1] }), {
      token: admin,
    });
    expect(page.body.map((e) => e.action)).toEqual(['roles.set']);
    expect(page.headers['content-range']).toBe('audit 1-1/3');
    const roles = await h.get<AuditEntry[]>(
      q('/api/admin/audit', { filter: { targetUserId: u.id, action: 'roles.set' } }),
      { token: admin },
    );
    expect(roles.body.map((e) => e.details)).toEqual([{ before: ['learner'], after: ['learner', 'clinician'] }]);

    // Unfiltered: the whole trail, newest first, its total the table's.
    const everything = await h.get<AuditEntry[]>('/api/admin/audit', { token: admin });
    const total = Number((await h.sql<{ n: string }>(`select count(*) as n from admin_audit`))[0].n);
    expect(everything.headers['content-range']).toBe(`audit 0-${everything.body.length - 1}/${total}`);
    expect(everything.body[0].id).toBe(res.body[0].id);
    const byActor = await h.get<AuditEntry[]>(q('/api/admin/audit', { filter: { actorId: adminId }, range: [0, 0] }), {
      token: admin,
    });
    expect(byActor.body[0].actorId).toBe(adminId);
  });

  it('refuses bad filters with a 400', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ filter: { targetUserId: 'not-a-uuid' } }, /^filter.targetUserId must be a user id/],
      [{ filter: { actorId: "' or 1=1" } }, /^filter.actorId must be a user id/],
      [{ filter: { action: 'user.delete' } }, /^filter.action must be one of: roles.set, tag.add/],
      [{ filter: { email: 'x' } }, /^filter.email is not a known filter/],
      [{ sort: ['action', 'ASC'] }, /^sort field must be one of: createdAt$/],
    ];
    for (const [params, message] of cases) {
      const res = await h.get<ApiError>(q('/api/admin/audit', params), { token: admin });
      expect({ params, status: res.status }).toEqual({ params, status: 400 });
      expect(res.body.message).toMatch(message);
    }
  });
});

interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; security?: unknown[] }>>;
}

describe('OpenAPI document', () => {
  it('lists every users, roles, tags, unlocks and audit route', async () => {
    const doc = (await h.get<OpenApiDoc>('/api/docs/json')).body;
    const methods = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
    expect(methods('/api/admin/users')).toEqual(['get']);
    expect(methods('/api/admin/users/{id}')).toEqual(['get']);
    expect(methods('/api/admin/users/{id}/roles')).toEqual(['put']);
    expect(methods('/api/admin/users/{id}/tags')).toEqual(['delete', 'get', 'post', 'put']);
    expect(methods('/api/admin/users/{id}/unlocks')).toEqual(['delete', 'get', 'post']);
    expect(methods('/api/admin/audit')).toEqual(['get']);
    const listParams = doc.paths['/api/admin/users'].get.parameters!.map((p) => `${p.in}:${p.name}`);
    expect(listParams).toEqual(expect.arrayContaining(['query:sort', 'query:range', 'query:filter']));
  });
});
