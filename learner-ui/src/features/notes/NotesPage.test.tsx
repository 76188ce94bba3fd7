import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, deferred, errorBody, installFetch, type MockReply } from '../../test/fetch-mock';
import { catalogHandlers, entitlement } from '../../test/catalog-fixtures';
import { signedIn, toast } from '../../test/helpers';
import { renderApp } from '../../test/render';
import type { Note } from '../../api';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY).toISOString();

function note(
  id: string,
  title: string,
  content: string,
  createdDaysAgo: number,
  nodeId: string | null = null,
  nodeName: string | null = null,
  archived = false,
  subjectId = 'metabolic',
): Note {
  return {
    id,
    subjectId,
    nodeId,
    nodeName,
    archived,
    title,
    content,
    createdAt: daysAgo(createdDaysAgo),
    updatedAt: daysAgo(createdDaysAgo),
  };
}

const NOTES = [
  note('n1', 'Insulin basics', 'Insulin moves glucose into cells.', 1, 'm-insulin', 'Insulin'),
  note('n2', 'Fasting', 'Autophagy after long fasts.', 6.5),
  note('n3', 'Old idea', 'From last month.', 30, 'm-liver', 'The Liver'),
];

function stat(label: string) {
  return screen.getByRole('group', { name: label });
}

describe('/notes', () => {
  it("without a course in the header, lists every course's notes with stats, topic names and search", async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch({ ...signedIn(), ...catalogHandlers, 'GET /api/notes': { body: NOTES } });
    renderApp({ route: '/notes' });

    expect(await screen.findByRole('heading', { level: 1, name: 'My Notes' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Insulin basics' });
    // no course is named, none is assumed: the spec's hard-coded default is gone
    expect(callsTo(fetchMock, 'GET /api/notes')[0].url.searchParams.has('subjectId')).toBe(false);
    expect(screen.getByRole('heading', { level: 2, name: 'Metabolic Health' })).toBeInTheDocument();
    // one course: nothing to filter
    expect(screen.queryByRole('group', { name: 'Filter by course' })).not.toBeInTheDocument();

    expect(within(stat('Total Notes')).getByText('3')).toBeInTheDocument();
    expect(within(stat('Linked to Topics')).getByText('2')).toBeInTheDocument();
    // Created within the last 7 days: 1 and 6.5 days ago, not 30.
    expect(within(stat('This Week')).getByText('2')).toBeInTheDocument();

    const card = screen.getByRole('article', { name: 'Insulin basics' });
    expect(within(card).getByTestId('note-summary')).toHaveTextContent('Insulin moves glucose into cells.');
    expect(within(card).getByText('Insulin')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit Insulin basics' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete Insulin basics' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Fasting' })).queryByTestId('note-topic'),
    ).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search notes' }), 'autoph');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['note-n2-title']);
    await user.clear(screen.getByRole('textbox', { name: 'Search notes' }));
    await user.type(screen.getByRole('textbox', { name: 'Search notes' }), 'zzz');
    expect(screen.getByRole('heading', { name: 'No notes found' })).toBeInTheDocument();
  });

  it('keeps a note on a retired topic, its topic labelled Archived topic and not a link', async () => {
    const notes = [
      note('n1', 'Insulin basics', 'Insulin moves glucose into cells.', 1, 'm-insulin', 'Insulin'),
      note('n4', 'Ketones', 'Made in the liver.', 2, 'm-old', 'Ketone Bodies', true),
    ];
    installFetch({ ...signedIn(), ...catalogHandlers, 'GET /api/notes': { body: notes } });
    renderApp({ route: '/notes' });
    const card = await screen.findByRole('article', { name: 'Ketones' });
    expect(within(card).getByTestId('note-summary')).toHaveTextContent('Made in the liver.');
    expect(within(card).getByTestId('note-topic')).toHaveTextContent('Ketone Bodies');
    expect(within(card).getByTestId('archived-topic')).toHaveTextContent('Archived topic');
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit Ketones' })).toBeEnabled();
    // still a note linked to a topic
    expect(within(stat('Linked to Topics')).getByText('2')).toBeInTheDocument();
    // a live topic stays a link, unlabelled
    const live = screen.getByRole('article', { name: 'Insulin basics' });
    expect(within(live).getByRole('link', { name: 'Insulin' })).toHaveAttribute(
      'href',
      '/node/m-insulin?subject=metabolic',
    );
    expect(within(live).queryByTestId('archived-topic')).not.toBeInTheDocument();
  });

  it('uses the subject from the address', async () => {
    const fetchMock = installFetch({ ...signedIn(), ...catalogHandlers, 'GET /api/notes': { body: [] } });
    renderApp({ route: '/notes?subject=vagus-nerve' });
    expect(await screen.findByRole('heading', { name: 'No notes yet' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/notes')[0].url.searchParams.get('subjectId')).toBe('vagus-nerve');
    expect(within(stat('Total Notes')).getByText('0')).toBeInTheDocument();
  });

  it('New Note sends title, a blank line and content, then shows the new note', async () => {
    const user = userEvent.setup();
    let notes = [...NOTES];
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/entitlements': { body: [entitlement('metabolic')] },
      'GET /api/notes': () => ({ body: notes }),
      'POST /api/notes': ({ body }) => {
        const text = (body as { text: string }).text;
        const [title, ...rest] = text.split('\n');
        const created = { ...note('n9', title, rest.join('\n').trim(), 0) };
        notes = [created, ...notes];
        return { status: 201, body: created };
      },
    });
    renderApp({ route: '/notes' });
    await screen.findByRole('article', { name: 'Insulin basics' });

    await user.click(screen.getByRole('button', { name: 'New Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Note' });
    // no course chosen in the header: the dialog asks for one of the learner's, the first preselected
    expect(await within(dialog).findByRole('combobox', { name: 'Course' })).toHaveValue('metabolic');
    await user.click(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.paste('Glycogen');
    await user.click(within(dialog).getByRole('textbox', { name: 'Content' }));
    await user.paste('Stored in liver and muscle.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/notes')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/notes')[0].body).toEqual({
      subjectId: 'metabolic',
      text: 'Glycogen\n\nStored in liver and muscle.',
    });
    expect(await toast()).toHaveTextContent('Note saved');
    expect(await screen.findByRole('article', { name: 'Glycogen' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(stat('Total Notes')).getByText('4')).toBeInTheDocument();
    expect(within(stat('This Week')).getByText('3')).toBeInTheDocument();
  });

  it('New Note has no validation: empty fields are sent as they are', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/entitlements': { body: [entitlement('metabolic')] },
      'GET /api/notes': { body: [] },
      'POST /api/notes': { status: 400, body: errorBody(400, 'Note text is required') },
    });
    renderApp({ route: '/notes?subject=metabolic' });
    await screen.findByRole('heading', { name: 'No notes yet' });
    await user.click(screen.getByRole('button', { name: 'New Note' }));
    const dialog = await screen.findByRole('dialog');
    // the header's course is one the learner owns: no Course select
    expect(within(dialog).queryByRole('combobox', { name: 'Course' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await toast()).toHaveTextContent('Note text is required');
    expect(callsTo(fetchMock, 'POST /api/notes')[0].body).toEqual({ subjectId: 'metabolic', text: '\n\n' });
  });

  it('edits with PUT and deletes with DELETE', async () => {
    const user = userEvent.setup();
    let notes = [...NOTES];
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/notes': () => ({ body: notes }),
      'PUT /api/notes/n2': ({ body }) => {
        const [title, ...rest] = (body as { text: string }).text.split('\n');
        notes = notes.map((n) => (n.id === 'n2' ? { ...n, title, content: rest.join('\n').trim() } : n));
        return { body: notes.find((n) => n.id === 'n2') };
      },
      'DELETE /api/notes/n1': () => {
        notes = notes.filter((n) => n.id !== 'n1');
        return { status: 204 };
      },
    });
    renderApp({ route: '/notes' });
    await screen.findByRole('article', { name: 'Fasting' });

    await user.click(screen.getByRole('button', { name: 'Edit Fasting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Note' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Fasting');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.paste('Fasting windows');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('article', { name: 'Fasting windows' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/notes/n2')[0].body).toEqual({
      text: 'Fasting windows\n\nAutophagy after long fasts.',
    });

    await user.click(screen.getByRole('button', { name: 'Delete Insulin basics' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Insulin basics' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE /api/notes/n1')).toHaveLength(1);
  });

  it("groups every course's notes under course headings, filters by course, and never asks for metabolic", async () => {
    const user = userEvent.setup();
    const notes = [
      ...NOTES,
      note('v1', 'Vagal tone', 'Slow breathing raises HRV.', 2, 'vn-hrv', 'HRV', false, 'vagus-nerve'),
    ];
    const fetchMock = installFetch({ ...signedIn(), ...catalogHandlers, 'GET /api/notes': { body: notes } });
    renderApp({ route: '/notes' });
    const metabolic = await screen.findByRole('region', { name: 'Metabolic Health' });
    const vagus = screen.getByRole('region', { name: 'Vagus Nerve' });
    expect(within(metabolic).getAllByRole('article')).toHaveLength(3);
    expect(within(vagus).getByRole('article', { name: 'Vagal tone' })).toBeInTheDocument();
    expect(within(vagus).getByRole('heading', { level: 3, name: 'Vagal tone' })).toBeInTheDocument();
    expect(within(stat('Total Notes')).getByText('4')).toBeInTheDocument();

    const filter = screen.getByRole('group', { name: 'Filter by course' });
    expect(within(filter).getByRole('button', { name: 'All courses' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(filter).getByRole('button', { name: 'Vagus Nerve' }));
    expect(screen.queryByRole('region', { name: 'Metabolic Health' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    // the stats are over what is shown
    expect(within(stat('Total Notes')).getByText('1')).toBeInTheDocument();
    expect(within(stat('Linked to Topics')).getByText('1')).toBeInTheDocument();
    await user.click(within(filter).getByRole('button', { name: 'All courses' }));
    expect(screen.getAllByRole('article')).toHaveLength(4);

    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(expect.stringContaining('metabolic'));
  });

  it('New Note without an owned course in the header files the note under the course picked in the dialog', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/entitlements': { body: [entitlement('metabolic'), entitlement('vagus-nerve')] },
      'GET /api/notes': { body: [] },
      'POST /api/notes': ({ body }) => ({
        status: 201,
        body: note('n9', 'x', '', 0, null, null, false, (body as { subjectId: string }).subjectId),
      }),
    });
    // the address names a course the learner does not own
    renderApp({ route: '/notes?subject=ai-user' });
    await screen.findByRole('heading', { name: 'No notes yet' });
    await user.click(screen.getByRole('button', { name: 'New Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Note' });
    const select = await within(dialog).findByRole('combobox', { name: 'Course' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Metabolic Health', 'Vagus Nerve']);
    expect(select).toHaveValue('metabolic');
    await user.selectOptions(select, 'vagus-nerve');
    await user.click(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.paste('Breathing');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/notes')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/notes')[0].body).toEqual({ subjectId: 'vagus-nerve', text: 'Breathing\n\n' });
    expect(await toast()).toHaveTextContent('Note saved');
  });

  it("New Note with no owned course says 'Buy a course to write notes' with Browse Courses, and sends nothing", async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/entitlements': { body: [] },
      'GET /api/notes': { body: [] },
    });
    renderApp({ route: '/notes' });
    await screen.findByRole('heading', { name: 'No notes yet' });
    await user.click(screen.getByRole('button', { name: 'New Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Note' });
    expect(await within(dialog).findByText('Buy a course to write notes')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/shop');
    expect(within(dialog).queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/notes')).toHaveLength(0);
  });

  it('shows skeletons while loading', async () => {
    const pending = deferred<MockReply>();
    installFetch({ ...signedIn(), ...catalogHandlers, 'GET /api/notes': () => pending.promise });
    renderApp({ route: '/notes' });
    expect(await screen.findByTestId('notes-loading')).toHaveAttribute('aria-busy', 'true');
    pending.resolve({ body: NOTES });
    await screen.findByRole('article', { name: 'Fasting' });
    expect(screen.queryByTestId('notes-loading')).not.toBeInTheDocument();
  });
});
