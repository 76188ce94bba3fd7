import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness, type Method } from '../support/harness';

interface StudioNode {
  id: string;
  subjectId: string;
  title: string;
  summary_html: string;
  lesson_html: string;
  variants: Record<string, string>;
  sources: { title: string; url: string; type: string }[];
  moduleId: string;
  prerequisites: string[];
  quiz: unknown[];
  hasOverlay: boolean;
  etag: string;
}
interface VersionList {
  versions: { id: string; version: number; published: boolean; createdAt: string; changedNodes: string[] }[];
  hasOverlay: boolean;
}
interface Published {
  version: number;
  changedNodes: string[];
}

let h: Harness;
let studio: string;

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  studio = await h.demoToken('studio');
});
afterAll(() => h.close());
// Every test starts without drafts (a test that fails half-way may leave one behind).
beforeEach(async () => {
  await h.sql(`delete from node_overlays`);
  await h.sql(`delete from quiz_item_drafts`);
});

const variants = (tag: string) => ({
  beginner: `<p>beginner ${tag}</p>`,
  advanced: `<p>advanced ${tag}</p>`,
  practical: `<p>practical ${tag}</p>`,
  theoretical: `<p>theoretical ${tag}</p>`,
});

function draft(tag: string, extra: Record<string, unknown> = {}) {
  return {
    title: `Edited ${tag}`,
    summary_html: `<p>summary ${tag}</p>`,
    variants: variants(tag),
    sources: [{ title: `Source ${tag}`, url: 'https://example.org/a', type: 'article' }],
    ...extra,
  };
}

/**
 * Saves a draft as the editor does (issue 25): the fields the test gives over the node as read, against the ETag
 * it was read with.
 */
async function put(subject: string, nodeId: string, body: Record<string, unknown>, token = studio) {
  const url = `/api/studio/nodes/${nodeId}?subject=${subject}`;
  const read = await h.get<StudioNode>(url, { token: studio });
  // a node that cannot be read still gets a well-formed body, so the refusal is about the node, not the body
  const base: Record<string, unknown> = { lesson_html: '', moduleId: 'none', prerequisites: [], quiz: [] };
  if (read.status === 200) {
    const { lesson_html, moduleId, prerequisites, quiz } = read.body;
    Object.assign(base, { lesson_html, moduleId, prerequisites, quiz });
  }
  return h.put<StudioNode>(
    url,
    { ...base, ...body },
    { token, headers: { 'if-match': read.status === 200 ? read.body.etag : '"none"' } },
  );
}

async function published(subject: string, nodeId: string) {
  const [row] = await h.sql<{
    title: string;
    summary_html: string;
    variants: unknown;
    sources: unknown;
    content_hash: string;
  }>(
    `select title, summary_html, variants, sources, content_hash, updated_at from topic_nodes where subject_id = ? and id = ?`,
    [subject, nodeId],
  );
  return row;
}

async function overlayCount(subject: string): Promise<number> {
  const [row] = await h.sql<{ n: number }>(`select count(*)::int as n from node_overlays where subject_id = ?`, [
    subject,
  ]);
  return row.n;
}

async function firstNodes(subject: string, n: number): Promise<string[]> {
  const rows = await h.sql<{ id: string }>(
    `select id from topic_nodes where subject_id = ? and archived_at is null order by position, id limit ?`,
    [subject, n],
  );
  return rows.map((r) => r.id);
}

async function versionCount(subject: string): Promise<number> {
  const [row] = await h.sql<{ n: number }>(`select count(*)::int as n from subject_versions where subject_id = ?`, [
    subject,
  ]);
  return row.n;
}

describe('refusals', () => {
  it('401 without a token, 403 for a learner, on every route', async () => {
    const learner = (await h.newUser('versions-learner')).token;
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/studio/nodes/vn-anatomy?subject=vagus-nerve'],
      ['PUT', '/api/studio/nodes/vn-anatomy?subject=vagus-nerve', draft('x')],
      ['GET', '/api/studio/versions?subject=vagus-nerve'],
      ['POST', '/api/studio/versions/publish', { subjectId: 'vagus-nerve' }],
      ['POST', '/api/studio/versions/reset', { subjectId: 'vagus-nerve' }],
      ['POST', '/api/graph/publish-draft', { subjectId: 'vagus-nerve' }],
    ];
    for (const [method, url, body] of routes) {
      expect([method, url, (await h.request(method as Method, url, { body })).status]).toEqual([method, url, 401]);
      expect([method, url, (await h.request(method as Method, url, { body, token: learner })).status]).toEqual([
        method,
        url,
        403,
      ]);
    }
    expect(await overlayCount('vagus-nerve')).toBe(0);
  });

  it('404 for an unknown subject or node', async () => {
    expect((await h.get('/api/studio/nodes/vn-anatomy?subject=no-such-subject', { token: studio })).status).toBe(404);
    expect((await h.get('/api/studio/nodes/no-such-node?subject=vagus-nerve', { token: studio })).status).toBe(404);
    expect((await put('no-such-subject', 'vn-anatomy', draft('x'))).status).toBe(404);
    expect((await put('vagus-nerve', 'no-such-node', draft('x'))).status).toBe(404);
    expect((await h.get<VersionList>('/api/studio/versions?subject=no-such-subject', { token: studio })).status).toBe(
      404,
    );
    for (const url of ['/api/studio/versions/publish', '/api/studio/versions/reset', '/api/graph/publish-draft']) {
      expect([url, (await h.post(url, { subjectId: 'no-such-subject' }, { token: studio })).status]).toEqual([
        url,
        404,
      ]);
    }
  });

  it('400 for a missing subject or an invalid draft, and nothing is stored', async () => {
    expect((await h.get('/api/studio/nodes/vn-anatomy', { token: studio })).status).toBe(400);
    expect(await put('', 'vn-anatomy', draft('x')).then((r) => r.status)).toBe(400);
    expect((await h.get('/api/studio/versions', { token: studio })).status).toBe(400);
    for (const url of ['/api/studio/versions/publish', '/api/studio/versions/reset', '/api/graph/publish-draft']) {
      expect([url, (await h.post(url, {}, { token: studio })).status]).toEqual([url, 400]);
      expect([url, (await h.post(url, { subjectId: 'vagus-nerve', extra: 1 }, { token: studio })).status]).toEqual([
        url,
        400,
      ]);
    }
    const { beginner: _b, ...threeVariants } = variants('x');
    const invalid: [string, Record<string, unknown>][] = [
      ['empty title', draft('x', { title: '' })],
      ['blank title', draft('x', { title: '   ' })],
      ['long title', draft('x', { title: 't'.repeat(201) })],
      ['no summary', { ...draft('x'), summary_html: undefined }],
      ['summary not a string', draft('x', { summary_html: 5 })],
      ['summary over 100 kB', draft('x', { summary_html: 'é'.repeat(60 * 1024) })],
      ['no variants', { ...draft('x'), variants: undefined }],
      ['variants not an object', draft('x', { variants: 'text' })],
      ['a variant missing', draft('x', { variants: threeVariants })],
      ['an extra variant', draft('x', { variants: { ...variants('x'), expert: 'x' } })],
      ['a variant not a string', draft('x', { variants: { ...variants('x'), practical: 1 } })],
      ['no sources', { ...draft('x'), sources: undefined }],
      ['sources not an array', draft('x', { sources: { title: 'a' } })],
      [
        '21 sources',
        draft('x', {
          sources: Array.from({ length: 21 }, (_, i) => ({
            title: `s${i}`,
            url: 'https://example.org',
            type: 'article',
          })),
        }),
      ],
      ['a javascript: url', draft('x', { sources: [{ title: 'a', url: 'javascript:alert(1)', type: 'article' }] })],
      ['an ftp url', draft('x', { sources: [{ title: 'a', url: 'ftp://example.org/a', type: 'article' }] })],
      ['a source without a type', draft('x', { sources: [{ title: 'a', url: 'https://example.org' }] })],
      [
        'a source with an extra field',
        draft('x', { sources: [{ title: 'a', url: 'https://example.org', type: 'article', x: 1 }] }),
      ],
      ['a source not an object', draft('x', { sources: ['https://example.org'] })],
      ['an unknown field', draft('x', { lesson: '<p>x</p>' })],
      ['html the sanitiser would change', draft('x', { summary_html: '<p>x</p><script>alert(1)</script>' })],
    ];
    for (const [what, body] of invalid) {
      expect([what, (await put('vagus-nerve', 'vn-anatomy', body)).status]).toEqual([what, 400]);
    }
    expect(await overlayCount('vagus-nerve')).toBe(0);
  });
});

describe('draft, publish and reset', () => {
  const subject = 'vagus-nerve';
  const nodeId = 'vn-anatomy';

  it('saves a draft to the overlay only, then publishes it as version 1', async () => {
    const before = await published(subject, nodeId);
    const initial = await h.get<StudioNode>(`/api/studio/nodes/${nodeId}?subject=${subject}`, { token: studio });
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ id: nodeId, subjectId: subject, title: before.title, hasOverlay: false });
    expect(Object.keys(initial.body.variants).sort()).toEqual(['advanced', 'beginner', 'practical', 'theoretical']);
    expect((await h.get<VersionList>(`/api/studio/versions?subject=${subject}`, { token: studio })).body).toEqual({
      versions: [],
      hasOverlay: false,
      etag: expect.any(String),
    });

    // html the sanitiser would change is refused (issue 25), naming what learners would lose
    const unsafe = await put(subject, nodeId, draft('one', { summary_html: '<p>one</p><img src=x onerror=alert(1)>' }));
    expect(unsafe.status).toBe(400);
    expect((unsafe.body as unknown as ApiError).message).toBe(
      'summary_html: would be removed when shown to learners: the <img> tag',
    );
    const body = draft('one', { summary_html: '<p>summary one</p>' });
    const saved = await put(subject, nodeId, body);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      id: nodeId,
      subjectId: subject,
      title: 'Edited one',
      summary_html: '<p>summary one</p>',
      variants: variants('one'),
      hasOverlay: true,
    });
    expect(saved.body.sources).toEqual(body.sources);

    const read = await h.get<StudioNode>(`/api/studio/nodes/${nodeId}?subject=Vagus%20Nerve`, { token: studio });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(saved.body);

    // stored by this user; learners still read the published node
    const [overlay] = await h.sql<{ content: { summary_html: string }; updated_by: string }>(
      `select content, updated_by from node_overlays where subject_id = ? and node_id = ?`,
      [subject, nodeId],
    );
    expect(overlay.content.summary_html).toBe('<p>summary one</p>');
    const [me] = await h.sql<{ id: string }>(`select id from users where email = 'studio@example.com'`);
    expect(overlay.updated_by).toBe(me.id);
    expect(await published(subject, nodeId)).toEqual(before);
    expect((await h.get<{ title: string }>(`/api/preview/nodes/${nodeId}?subject=${subject}`)).body.title).toBe(
      before.title,
    );
    expect((await h.get<VersionList>(`/api/studio/versions?subject=${subject}`, { token: studio })).body).toEqual({
      versions: [],
      hasOverlay: true,
      etag: expect.any(String),
    });

    // a second save of the same node replaces the draft
    const again = await put(subject, nodeId, { ...draft('two'), title: 'Edited one' });
    expect(again.status).toBe(200);
    expect(again.body.title).toBe('Edited one');
    expect(again.body.summary_html).toBe('<p>summary two</p>');
    expect(await overlayCount(subject)).toBe(1);

    const pub = await h.post<Published & ApiError>(
      '/api/studio/versions/publish',
      { subjectId: subject },
      { token: studio },
    );
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({ version: 1, changedNodes: [nodeId] });

    const after = await published(subject, nodeId);
    expect(after).toMatchObject({
      title: 'Edited one',
      summary_html: '<p>summary two</p>',
      variants: variants('two'),
      sources: draft('two').sources,
    });
    expect(after.content_hash).not.toBe(before.content_hash);
    expect(after.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await overlayCount(subject)).toBe(0);

    const snaps = await h.sql<{ before: unknown; after: unknown }>(
      `select version, node_id, before, after from node_version_snapshots where subject_id = ?`,
      [subject],
    );
    expect(snaps).toHaveLength(1);
    expect(snaps[0]).toMatchObject({ version: 1, node_id: nodeId });
    expect(snaps[0].before).toMatchObject({
      title: before.title,
      summary_html: before.summary_html,
      sources: before.sources,
    });
    expect(snaps[0].after).toMatchObject({
      title: 'Edited one',
      summary_html: '<p>summary two</p>',
      variants: variants('two'),
      sources: draft('two').sources,
    });

    // learners see the change now
    const learnerView = await h.get<{ title: string }>(`/api/preview/nodes/${nodeId}?subject=${subject}`);
    expect(learnerView.body.title).toBe('Edited one');

    const list = await h.get<VersionList>(`/api/studio/versions?subject=${subject}`, { token: studio });
    expect(list.body).toEqual({
      versions: [
        { id: `${subject}@1`, version: 1, published: true, createdAt: expect.any(String), changedNodes: [nodeId] },
      ],
      hasOverlay: false,
      etag: expect.any(String),
    });
    expect(new Date(list.body.versions[0].createdAt).toISOString()).toBe(list.body.versions[0].createdAt);
    const [ver] = await h.sql<{ created_by: string }>(
      `select created_by from subject_versions where subject_id = ? and version = 1`,
      [subject],
    );
    expect(ver.created_by).toBe(me.id);

    const read2 = await h.get<StudioNode>(`/api/studio/nodes/${nodeId}?subject=${subject}`, { token: studio });
    expect(read2.body).toMatchObject({ title: 'Edited one', summary_html: '<p>summary two</p>', hasOverlay: false });
  });

  it('refuses a publish with nothing in the overlay (409)', async () => {
    const versions = await versionCount(subject);
    const res = await h.post<Published & ApiError>(
      '/api/studio/versions/publish',
      { subjectId: subject },
      { token: studio },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('There are no unpublished changes');
    expect(
      (await h.post<Published & ApiError>('/api/graph/publish-draft', { subjectId: subject }, { token: studio }))
        .status,
    ).toBe(409);
    expect(await versionCount(subject)).toBe(versions);
  });

  it('reset discards the overlay and leaves the published node alone', async () => {
    const before = await published(subject, nodeId);
    const [other] = (await firstNodes(subject, 3)).filter((id) => id !== nodeId);
    expect((await put(subject, nodeId, draft('three'))).status).toBe(200);
    expect((await put(subject, other, draft('four'))).status).toBe(200);
    expect(await overlayCount(subject)).toBe(2);

    const res = await h.post<{ discarded: number }>(
      '/api/studio/versions/reset',
      { subjectId: subject },
      { token: studio },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ discarded: 2 });
    expect(await overlayCount(subject)).toBe(0);
    expect(await published(subject, nodeId)).toEqual(before);
    expect(
      (await h.get<StudioNode>(`/api/studio/nodes/${nodeId}?subject=${subject}`, { token: studio })).body,
    ).toMatchObject({ title: before.title, hasOverlay: false });
    expect(
      (await h.post<{ discarded: number }>('/api/studio/versions/reset', { subjectId: subject }, { token: studio }))
        .body,
    ).toEqual({ discarded: 0 });
    expect(
      (await h.post<Published & ApiError>('/api/studio/versions/publish', { subjectId: subject }, { token: studio }))
        .status,
    ).toBe(409);
  });

  it('a draft identical to the published content is no change: 409, and the stale draft is dropped', async () => {
    const versions = await versionCount(subject);
    const current = (await h.get<StudioNode>(`/api/studio/nodes/${nodeId}?subject=${subject}`, { token: studio })).body;
    const { id: _id, subjectId: _s, hasOverlay: _o, etag: _e, ...same } = current;
    for (const k of ['created', 'retired']) delete (same as Record<string, unknown>)[k];
    expect((await put(subject, nodeId, same)).status).toBe(200);
    expect(await overlayCount(subject)).toBe(1);
    expect(
      (await h.post<Published & ApiError>('/api/studio/versions/publish', { subjectId: subject }, { token: studio }))
        .status,
    ).toBe(409);
    expect(await overlayCount(subject)).toBe(0);
    expect(await versionCount(subject)).toBe(versions);
  });
});

describe('publish-draft, version order and concurrency', () => {
  it('POST /api/graph/publish-draft publishes like the Versions screen; versions come newest first', async () => {
    const subject = 'metabolic';
    const [a, b] = await firstNodes(subject, 2);
    expect((await put(subject, a, draft('m1'))).status).toBe(200);
    const first = await h.post<Published & ApiError>(
      '/api/graph/publish-draft',
      { subjectId: subject },
      { token: studio },
    );
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ version: 1, changedNodes: [a] });
    expect((await published(subject, a)).title).toBe('Edited m1');
    expect(await overlayCount(subject)).toBe(0);

    expect((await put(subject, a, draft('m2'))).status).toBe(200);
    expect((await put(subject, b, draft('m2'))).status).toBe(200);
    const second = await h.post<Published & ApiError>(
      '/api/studio/versions/publish',
      { subjectId: subject },
      { token: studio },
    );
    expect(second.body).toEqual({ version: 2, changedNodes: [a, b].sort() });

    expect((await put(subject, b, draft('m3'))).status).toBe(200);
    expect(
      (await h.post<Published & ApiError>('/api/graph/publish-draft', { subjectId: subject }, { token: studio })).body,
    ).toEqual({ version: 3, changedNodes: [b] });

    const list = await h.get<VersionList>(`/api/studio/versions?subject=${subject}`, { token: studio });
    expect(list.body.versions.map((v) => v.id)).toEqual([`${subject}@3`, `${subject}@2`, `${subject}@1`]);
    expect(list.body.versions.map((v) => v.changedNodes)).toEqual([[b], [a, b].sort(), [a]]);
    expect(list.body.hasOverlay).toBe(false);
    // versions of one subject are not another's
    expect(
      (await h.get<VersionList>('/api/studio/versions?subject=ai-for-ceos', { token: studio })).body.versions,
    ).toEqual([]);
  });

  it('two concurrent publishes of the same overlay make exactly one new version', async () => {
    const subject = 'ai-user';
    const nodes = await firstNodes(subject, 3);
    for (const n of nodes) expect((await put(subject, n, draft(`c-${n}`))).status).toBe(200);
    const results = await Promise.all([
      h.post<Published & ApiError>('/api/studio/versions/publish', { subjectId: subject }, { token: studio }),
      h.post<Published & ApiError>('/api/graph/publish-draft', { subjectId: subject }, { token: studio }),
      h.post<Published & ApiError>('/api/studio/versions/publish', { subjectId: subject }, { token: studio }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const ok = results.find((r) => r.status === 200)!;
    expect(ok.body).toEqual({ version: 1, changedNodes: [...nodes].sort() });
    expect(await h.sql(`select version from subject_versions where subject_id = ?`, [subject])).toEqual([
      { version: 1 },
    ]);
    expect(
      (await h.sql(`select node_id from node_version_snapshots where subject_id = ? order by node_id`, [subject])).map(
        (r) => r.node_id,
      ),
    ).toEqual([...nodes].sort());
    expect(await overlayCount(subject)).toBe(0);
  });
});
