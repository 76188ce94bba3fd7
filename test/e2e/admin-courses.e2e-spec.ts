import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness } from '../support/harness';

/** The Studio's course-visibility list as a react-admin resource (ra-data-simple-rest dialect). */

interface Course {
  id: string;
  subjectId: string;
  title: string;
  published: boolean;
}

let h: Harness;
let studio: string;

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  studio = await h.demoToken('studio');
});
afterAll(() => h.close());

const q = (params: Record<string, unknown>) =>
  '/api/admin/courses?' +
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

async function list(params: Record<string, unknown> = {}) {
  const res = await h.get<Course[]>(q(params), { token: studio });
  expect(res.status).toBe(200);
  return { courses: res.body, range: res.headers['content-range'] as string };
}

/** Every course, sorted by id: the reference the paged answers are compared with. */
async function all(): Promise<Course[]> {
  const { courses, range } = await list({ sort: ['id', 'ASC'], range: [0, 99] });
  expect(courses.length).toBeGreaterThanOrEqual(3);
  expect(range).toBe(`courses 0-${courses.length - 1}/${courses.length}`);
  return courses;
}

/** Sets a course's visibility and restores what it was once `body` has run. */
async function withPublished(id: string, published: boolean, body: () => Promise<void>) {
  const before = (await h.get<Course>(`/api/admin/courses/${id}`, { token: studio })).body.published;
  try {
    const res = await h.request<Course>('PUT', `/api/admin/courses/${id}`, { token: studio, body: { published } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, subjectId: id, published });
    await body();
  } finally {
    await h.request('PUT', `/api/admin/courses/${id}`, { token: studio, body: { published: before } });
  }
}

describe('GET /api/admin/courses', () => {
  it('answers an array of {id, subjectId, published} with a Content-Range header', async () => {
    const courses = await all();
    for (const course of courses) {
      expect(course).toEqual({
        id: course.subjectId,
        subjectId: course.subjectId,
        title: expect.any(String),
        published: expect.any(Boolean),
      });
    }
    expect(courses.map((c) => c.id)).toEqual(expect.arrayContaining(['ai-user', 'vagus-nerve']));
    // Without parameters: the shop's order and the first full page.
    const plain = await list();
    expect(plain.range).toBe(`courses 0-${courses.length - 1}/${courses.length}`);
    expect(plain.courses[0].id).toBe('vagus-nerve');
  });

  it('sorts by a known field, both ways', async () => {
    const ids = (await all()).map((c) => c.id);
    expect(ids).toEqual([...ids].sort());
    const desc = await list({ sort: ['subjectId', 'DESC'], range: [0, 99] });
    expect(desc.courses.map((c) => c.id)).toEqual([...ids].reverse());
    const byTitle = (await list({ sort: ['title', 'ASC'], range: [0, 99] })).courses.map((c) => c.title);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('pages with range, the header naming the page and the total', async () => {
    const everything = await all();
    const page = await list({ sort: ['id', 'ASC'], range: [1, 2] });
    expect(page.courses).toEqual(everything.slice(1, 3));
    expect(page.range).toBe(`courses 1-2/${everything.length}`);
    const past = await list({ sort: ['id', 'ASC'], range: [500, 509] });
    expect(past.courses).toEqual([]);
    expect(past.range).toBe(`courses */${everything.length}`);
  });

  it('filters by published, by search text and by a list of ids', async () => {
    const everything = await all();
    await withPublished('ai-user', false, async () => {
      const published = await list({ sort: ['id', 'ASC'], range: [0, 99], filter: { published: true } });
      expect(published.courses.map((c) => c.id)).not.toContain('ai-user');
      expect(published.courses.every((c) => c.published)).toBe(true);
      const hidden = await list({ sort: ['id', 'ASC'], range: [0, 99], filter: { published: false } });
      expect(hidden.courses.map((c) => c.id)).toContain('ai-user');
      expect(published.courses.length + hidden.courses.length).toBe(everything.length);
      expect(published.range).toBe(`courses 0-${published.courses.length - 1}/${published.courses.length}`);
    });
    const search = await list({ filter: { q: 'VAGUS' } });
    expect(search.courses.map((c) => c.id)).toEqual(['vagus-nerve']);
    expect(search.range).toBe('courses 0-0/1');
    // LIKE wildcards in the search text are matched literally.
    expect((await list({ filter: { q: '%' } })).courses).toEqual([]);
    const many = await list({ filter: { id: ['metabolic', 'ai-user', 'no-such-subject'] }, sort: ['id', 'ASC'] });
    expect(many.courses.map((c) => c.id)).toEqual(['ai-user', 'metabolic']);
    expect((await list({ filter: { id: [] } })).courses).toEqual([]);
  });

  it('refuses bad sort, range and filter with a 400 that says what is wrong', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ sort: '["id","ASC"' }, /^sort must be a JSON array/],
      [{ sort: ['password', 'ASC'] }, /^sort field must be one of: /],
      [{ sort: ['id', 'sideways'] }, /^sort order must be ASC or DESC$/],
      [{ range: 'first page' }, /^range must be a JSON array/],
      [{ range: [-1, 5] }, /^range bounds must be whole numbers/],
      [{ range: [5, 1] }, /^range end must not be before its start$/],
      [{ range: [0, 10_000] }, /^range may span at most 100 records$/],
      [{ filter: '{"published":' }, /^filter must be a JSON object$/],
      [{ filter: [] }, /^filter must be a JSON object$/],
      [{ filter: { owner: 'me' } }, /^filter.owner is not a known filter/],
      [{ filter: { published: 'yes' } }, /^filter.published must be true or false$/],
      [{ embed: ['prices'] }, /embed should not exist/],
    ];
    for (const [params, message] of cases) {
      const res = await h.get<ApiError>(q(params), { token: studio });
      expect({ params, status: res.status }).toEqual({ params, status: 400 });
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message).toMatch(message);
    }
  });

  it('needs a token and the studio role', async () => {
    expect((await h.get('/api/admin/courses')).status).toBe(401);
    expect((await h.get('/api/admin/courses/ai-user')).status).toBe(401);
    expect((await h.request('PUT', '/api/admin/courses/ai-user', { body: { published: false } })).status).toBe(401);
    const learner = await h.demoToken('learner');
    expect((await h.get('/api/admin/courses', { token: learner })).status).toBe(403);
    expect((await h.get('/api/admin/courses/ai-user', { token: learner })).status).toBe(403);
    expect(
      (await h.request('PUT', '/api/admin/courses/ai-user', { token: learner, body: { published: false } })).status,
    ).toBe(403);
    expect((await h.get<Course>('/api/admin/courses/ai-user', { token: studio })).body.published).toBe(true);
  });
});

describe('GET /api/admin/courses/:id', () => {
  it('answers one course, or 404', async () => {
    const res = await h.get<Course>('/api/admin/courses/metabolic', { token: studio });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'metabolic', subjectId: 'metabolic', published: expect.any(Boolean) });
    const missing = await h.get('/api/admin/courses/no-such-subject', { token: studio });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, message: 'Subject not found' });
  });
});

describe('PUT /api/admin/courses/:id', () => {
  it('changes what the public shop lists, then restores it', async () => {
    const shop = async () => (await h.get<string[]>('/api/subjects')).body;
    const prices = async () =>
      (await h.get<{ prices: { subjectId: string }[] }>('/api/marketplace/prices')).body.prices.map(
        (p: { subjectId: string }) => p.subjectId,
      );
    expect(await shop()).toContain('metabolic');
    await withPublished('metabolic', false, async () => {
      expect(await shop()).not.toContain('metabolic');
      expect(await prices()).not.toContain('metabolic');
      expect((await h.get<Course>('/api/admin/courses/metabolic', { token: studio })).body.published).toBe(false);
      // The spec's own call still works beside the resource.
      const again = await h.post(
        '/api/admin/courses/publish',
        { subjectId: 'metabolic', published: true },
        { token: studio },
      );
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ subjectId: 'metabolic', published: true });
      expect(await shop()).toContain('metabolic');
    });
    expect(await shop()).toContain('metabolic');
  });

  it('accepts the whole record back, as a react-admin form sends it', async () => {
    const course = (await h.get<Course>('/api/admin/courses/ai-for-ceos', { token: studio })).body;
    const res = await h.request<Course>('PUT', '/api/admin/courses/ai-for-ceos', { token: studio, body: course });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(course);
  });

  it('answers 404 for an unknown subject and 400 for a bad body', async () => {
    const put = (id: string, body: unknown) => h.request('PUT', `/api/admin/courses/${id}`, { token: studio, body });
    const missing = await put('no-such-subject', { published: true });
    expect(missing.status).toBe(404);
    for (const [body, message] of [
      [{}, /published must be true or false/],
      [{ published: 'yes' }, /published must be true or false/],
      [{ published: true, extra: 1 }, /property extra should not exist/],
      [{ published: true, id: 'metabolic' }, /id must match the course in the path/],
      [{ published: true, subjectId: 'metabolic' }, /subjectId must match the course in the path/],
    ] as const) {
      const res = await put('ai-user', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect((res.body as ApiError).message).toMatch(message);
    }
    expect((await h.get<Course>('/api/admin/courses/ai-user', { token: studio })).body.published).toBe(true);
  });
});

interface OpenApiPaths {
  paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
}

describe('OpenAPI document', () => {
  it('lists the course routes with their list parameters', async () => {
    const doc = (await h.get<OpenApiPaths>('/api/docs/json')).body;
    const listRoute = doc.paths['/api/admin/courses'].get;
    expect(listRoute.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:sort', 'query:range', 'query:filter']),
    );
    expect(Object.keys(doc.paths['/api/admin/courses/{id}'])).toEqual(expect.arrayContaining(['get', 'put']));
    expect(doc.paths['/api/admin/courses/publish'].post).toBeDefined();
  });
});
