import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness, type TestUser } from '../support/harness';

interface Note {
  id: string;
  subjectId: string;
  nodeId: string | null;
  nodeName: string | null;
  title: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}
interface Bookmark {
  id: string;
  subjectId: string;
  nodeId: string;
  nodeTitle: string;
  nodeCategory: string;
  createdAt: string;
}

let h: Harness;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
});
afterAll(() => h.close());
// Every test starts with people who have no notes or bookmarks yet.
beforeEach(async () => {
  [alice, bob, outsider] = await Promise.all([
    h.learnerWith(['vagus-nerve', 'metabolic'], 'notes-alice'),
    h.learnerWith('vagus-nerve', 'notes-bob'),
    h.newUser('notes-outsider'),
  ]);
});

const put = (url: string, body: unknown, token: string) => h.put<Note>(url, body, { token });
const del = (url: string, token?: string) => h.delete(url, { token });

describe('notes', () => {
  it('needs a token; creating needs an entitlement and valid input', async () => {
    expect((await h.get<Note[]>('/api/notes')).status).toBe(401);
    expect((await h.post<Note>('/api/notes', { subjectId: 'vagus-nerve', text: 'x' })).status).toBe(401);
    const denied = await h.post<ApiError>(
      '/api/notes',
      { subjectId: 'vagus-nerve', text: 'Mine' },
      { token: outsider.token },
    );
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You do not have access to this course. Buy access to continue.');
    expect(
      (await h.post<Note>('/api/notes', { subjectId: 'no-such-subject', text: 'x' }, { token: alice.token })).status,
    ).toBe(404);
    expect(
      (await h.post<Note>('/api/notes', { subjectId: 'vagus-nerve', text: '   \n  ' }, { token: alice.token })).status,
    ).toBe(400);
    expect((await h.post<Note>('/api/notes', { subjectId: 'vagus-nerve' }, { token: alice.token })).status).toBe(400);
    expect((await h.post<Note>('/api/notes', { text: 'x' }, { token: alice.token })).status).toBe(400);
    expect(
      (
        await h.post<Note>(
          '/api/notes',
          { subjectId: 'vagus-nerve', text: 'x', userId: bob.id },
          { token: alice.token },
        )
      ).status,
    ).toBe(400);
    const badNode = await h.post<Note>(
      '/api/notes',
      { subjectId: 'vagus-nerve', nodeId: 'no-such-node', text: 'x' },
      { token: alice.token },
    );
    expect(badNode.status).toBe(404);
    // a topic of another subject does not count
    expect(
      (
        await h.post<Note>(
          '/api/notes',
          { subjectId: 'metabolic', nodeId: 'vn-anatomy', text: 'x' },
          { token: alice.token },
        )
      ).status,
    ).toBe(404);
    expect(
      (await h.sql<{ n: number }>(`select count(*)::int as n from notes where user_id = ?`, [alice.id]))[0].n,
    ).toBe(0);
    // listing needs no entitlement
    const empty = await h.get<Note[]>('/api/notes', { token: outsider.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
  });

  it('stores title and content as one text and lists the caller’s notes newest first', async () => {
    const first = await h.post<Note>(
      '/api/notes',
      {
        subjectId: 'vagus-nerve',
        nodeId: 'vn-anatomy',
        text: 'Anatomy recap\n\nLeft vagus for implants.\nRight for the SA node.',
      },
      { token: alice.token },
    );
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      subjectId: 'vagus-nerve',
      nodeId: 'vn-anatomy',
      nodeName: 'Anatomy: From Brainstem to Abdomen',
      archived: false,
      title: 'Anatomy recap',
      content: 'Left vagus for implants.\nRight for the SA node.',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [stored] = await h.sql<{ user_id: string; text: string }>(`select user_id, text from notes where id = ?`, [
      first.body.id,
    ]);
    expect(stored).toEqual({
      user_id: alice.id,
      text: 'Anatomy recap\n\nLeft vagus for implants.\nRight for the SA node.',
    });

    const second = await h.post<Note>(
      '/api/notes',
      { subjectId: 'Vagus Nerve', text: 'Just a title' },
      { token: alice.token },
    );
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      subjectId: 'vagus-nerve',
      nodeId: null,
      nodeName: null,
      title: 'Just a title',
      content: '',
    });
    const third = await h.post<Note>(
      '/api/notes',
      { subjectId: 'metabolic', text: 'Metabolic\n\nGlucose.' },
      { token: alice.token },
    );
    expect(third.status).toBe(201);
    await h.post<Note>('/api/notes', { subjectId: 'vagus-nerve', text: 'Bob’s\n\nsecret' }, { token: bob.token });

    const all = await h.get<Note[]>('/api/notes', { token: alice.token });
    expect(all.status).toBe(200);
    expect(all.body.map((n) => n.id)).toEqual([third.body.id, second.body.id, first.body.id]);
    const vagus = await h.get<Note[]>('/api/notes?subjectId=vagus-nerve', { token: alice.token });
    expect(vagus.body.map((n) => n.id)).toEqual([second.body.id, first.body.id]);
    const bobs = await h.get<Note[]>('/api/notes?subjectId=vagus-nerve', { token: bob.token });
    expect(bobs.body.map((n) => n.title)).toEqual(['Bob’s']);
    expect((await h.get<Note[]>('/api/notes?subjectId=', { token: alice.token })).status).toBe(400);
  });

  it('edits and deletes only the caller’s own notes', async () => {
    const note = (
      await h.post<Note>('/api/notes', { subjectId: 'vagus-nerve', text: 'Editable\n\nbefore' }, { token: alice.token })
    ).body;
    expect((await put(`/api/notes/${note.id}`, { text: 'Hijacked\n\nby bob' }, bob.token)).status).toBe(404);
    expect((await del(`/api/notes/${note.id}`, bob.token)).status).toBe(404);
    expect((await h.sql<{ text: string }>(`select text from notes where id = ?`, [note.id]))[0].text).toBe(
      'Editable\n\nbefore',
    );

    expect((await put(`/api/notes/${note.id}`, { text: '' }, alice.token)).status).toBe(400);
    expect((await put(`/api/notes/not-a-uuid`, { text: 'x' }, alice.token)).status).toBe(400);
    expect((await put(`/api/notes/00000000-0000-4000-8000-000000000000`, { text: 'x' }, alice.token)).status).toBe(404);
    const edited = await put(`/api/notes/${note.id}`, { text: 'Edited\n\nafter' }, alice.token);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: note.id, title: 'Edited', content: 'after', createdAt: note.createdAt });
    expect(new Date(edited.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(note.updatedAt).getTime());

    expect((await del(`/api/notes/${note.id}`)).status).toBe(401);
    const gone = await del(`/api/notes/${note.id}`, alice.token);
    expect(gone.status).toBe(204);
    expect(await h.sql(`select id from notes where id = ?`, [note.id])).toEqual([]);
    expect((await del(`/api/notes/${note.id}`, alice.token)).status).toBe(404);
  });
});

describe('bookmarks', () => {
  it('needs a token; adding needs an entitlement and an existing topic', async () => {
    expect((await h.get<Bookmark[]>('/api/bookmarks')).status).toBe(401);
    expect(
      (
        await h.post<Bookmark>(
          '/api/bookmarks',
          { subjectId: 'vagus-nerve', nodeId: 'vn-anatomy' },
          { token: outsider.token },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await h.post<Bookmark>(
          '/api/bookmarks',
          { subjectId: 'vagus-nerve', nodeId: 'no-such-node' },
          { token: alice.token },
        )
      ).status,
    ).toBe(404);
    expect(
      (await h.post<Bookmark>('/api/bookmarks', { subjectId: 'vagus-nerve' }, { token: alice.token })).status,
    ).toBe(400);
    expect(
      (
        await h.post<Bookmark>(
          '/api/bookmarks',
          { subjectId: 'vagus-nerve', nodeId: 'vn-anatomy', extra: 1 },
          { token: alice.token },
        )
      ).status,
    ).toBe(400);
    expect((await del('/api/bookmarks?subjectId=vagus-nerve', alice.token)).status).toBe(400);
    expect((await h.get<Bookmark[]>('/api/bookmarks', { token: outsider.token })).body).toEqual([]);
  });

  it('adds once (201, then 200 with the same bookmark) and lists newest first', async () => {
    const first = await h.post<Bookmark>(
      '/api/bookmarks',
      { subjectId: 'vagus-nerve', nodeId: 'vn-anatomy' },
      { token: alice.token },
    );
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      subjectId: 'vagus-nerve',
      nodeId: 'vn-anatomy',
      nodeTitle: 'Anatomy: From Brainstem to Abdomen',
      nodeCategory: 'Anatomy & Foundations',
      archived: false,
      createdAt: expect.any(String),
    });
    const again = await h.post<Bookmark>(
      '/api/bookmarks',
      { subjectId: 'vagus-nerve', nodeId: 'vn-anatomy' },
      { token: alice.token },
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const both = await Promise.all(
      [1, 2].map(() =>
        h.post<Bookmark>(
          '/api/bookmarks',
          { subjectId: 'vagus-nerve', nodeId: 'vn-slow-breathing' },
          { token: alice.token },
        ),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(
      (
        await h.sql<{ n: number }>(
          `select count(*)::int as n from bookmarks where user_id = ? and node_id in ('vn-anatomy', 'vn-slow-breathing')`,
          [alice.id],
        )
      )[0].n,
    ).toBe(2);

    const list = await h.get<Bookmark[]>('/api/bookmarks?subjectId=vagus-nerve', { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body.map((b) => b.nodeId)).toEqual(['vn-slow-breathing', 'vn-anatomy']);
    expect((await h.get<Bookmark[]>('/api/bookmarks?subjectId=metabolic', { token: alice.token })).body).toEqual([]);
    expect((await h.get<Bookmark[]>('/api/bookmarks', { token: bob.token })).body).toEqual([]);
    expect(
      (await h.get<{ bookmarked: boolean }>('/api/graph/nodes/vn-anatomy?subject=vagus-nerve', { token: alice.token }))
        .body.bookmarked,
    ).toBe(true);
    expect(
      (await h.get<{ bookmarked: boolean }>('/api/graph/nodes/vn-anatomy?subject=vagus-nerve', { token: bob.token }))
        .body.bookmarked,
    ).toBe(false);
  });

  it('removes only the caller’s own bookmark', async () => {
    await h.post<Bookmark>(
      '/api/bookmarks',
      { subjectId: 'vagus-nerve', nodeId: 'vn-gut-brain' },
      { token: alice.token },
    );
    expect((await del('/api/bookmarks?subjectId=vagus-nerve&nodeId=vn-gut-brain')).status).toBe(401);
    expect((await del('/api/bookmarks?subjectId=vagus-nerve&nodeId=vn-gut-brain', bob.token)).status).toBe(204);
    expect((await h.get<Bookmark[]>('/api/bookmarks', { token: alice.token })).body.map((b) => b.nodeId)).toContain(
      'vn-gut-brain',
    );

    expect((await del('/api/bookmarks?subjectId=vagus-nerve&nodeId=vn-gut-brain', alice.token)).status).toBe(204);
    expect((await h.get<Bookmark[]>('/api/bookmarks', { token: alice.token })).body.map((b) => b.nodeId)).not.toContain(
      'vn-gut-brain',
    );
    expect(await h.sql(`select id from bookmarks where user_id = ? and node_id = 'vn-gut-brain'`, [alice.id])).toEqual(
      [],
    );
    // removing what is not there is the same outcome
    expect((await del('/api/bookmarks?subjectId=vagus-nerve&nodeId=vn-gut-brain', alice.token)).status).toBe(204);
  });
});

describe('across courses', () => {
  it("a list without subjectId holds every course's notes and bookmarks, only the caller's; a note needs a course the caller owns", async () => {
    const notes = [
      { subjectId: 'vagus-nerve', nodeId: 'vn-anatomy', text: 'Vagus\n\nWanders.' },
      { subjectId: 'metabolic', text: 'Metabolic\n\nGlucose.' },
    ];
    for (const body of notes) expect((await h.post<Note>('/api/notes', body, { token: alice.token })).status).toBe(201);
    for (const body of [
      { subjectId: 'vagus-nerve', nodeId: 'vn-anatomy' },
      { subjectId: 'metabolic', nodeId: 'met-metabolic-health-basics' },
    ])
      expect((await h.post<Bookmark>('/api/bookmarks', body, { token: alice.token })).status).toBe(201);
    await h.post<Note>('/api/notes', { subjectId: 'vagus-nerve', text: 'Bob\n\nhis own' }, { token: bob.token });

    const allNotes = await h.get<Note[]>('/api/notes', { token: alice.token });
    expect(allNotes.status).toBe(200);
    expect(allNotes.body.map((n) => [n.subjectId, n.title])).toEqual([
      ['metabolic', 'Metabolic'],
      ['vagus-nerve', 'Vagus'],
    ]);
    const allBookmarks = await h.get<Bookmark[]>('/api/bookmarks', { token: alice.token });
    expect(allBookmarks.status).toBe(200);
    expect(allBookmarks.body.map((b) => [b.subjectId, b.nodeId])).toEqual([
      ['metabolic', 'met-metabolic-health-basics'],
      ['vagus-nerve', 'vn-anatomy'],
    ]);
    // one course when it is named
    expect(
      (await h.get<Bookmark[]>('/api/bookmarks?subjectId=metabolic', { token: alice.token })).body.map((b) => b.nodeId),
    ).toEqual(['met-metabolic-health-basics']);

    // Bob owns vagus-nerve only: a note on metabolic is refused, and nothing is stored
    const refused = await h.post<ApiError>(
      '/api/notes',
      { subjectId: 'metabolic', text: 'Sneaky' },
      { token: bob.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have access to this course. Buy access to continue.');
    expect((await h.get<Note[]>('/api/notes', { token: bob.token })).body.map((n) => n.subjectId)).toEqual([
      'vagus-nerve',
    ]);
  });
});
