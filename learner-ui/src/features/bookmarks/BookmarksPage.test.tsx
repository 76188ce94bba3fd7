import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, deferred, installFetch, type MockReply } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import { signedIn, toast } from '../../test/helpers';
import { renderApp } from '../../test/render';
import type { Bookmark } from '../../api';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY).toISOString();

function bookmark(
  id: string,
  subjectId: string,
  nodeId: string,
  nodeTitle: string,
  createdDaysAgo: number,
  archived = false,
): Bookmark {
  return { id, subjectId, nodeId, nodeTitle, nodeCategory: 'Basics', archived, createdAt: daysAgo(createdDaysAgo) };
}

const BOOKMARKS = [
  bookmark('b1', 'metabolic', 'm-insulin', 'Insulin', 1),
  bookmark('b2', 'vagus-nerve', 'vn-anatomy', 'Vagus Anatomy', 3),
  bookmark('b3', 'metabolic', 'm-liver', 'The Liver', 20),
];

function stat(label: string) {
  return screen.getByRole('group', { name: label });
}

describe('/bookmarks', () => {
  it("without a course in the header, groups every course's bookmarks with stats and View links", async () => {
    const fetchMock = installFetch({ ...signedIn(), ...catalogHandlers, 'GET /api/bookmarks': { body: BOOKMARKS } });
    renderApp({ route: '/bookmarks' });

    expect(await screen.findByRole('heading', { level: 1, name: 'My Bookmarks' })).toBeInTheDocument();
    const metabolic = await screen.findByRole('region', { name: 'Metabolic Health Essentials' });
    const vagus = screen.getByRole('region', { name: 'The Vagus Nerve' });
    expect(
      within(metabolic)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Insulin', 'The Liver']);
    expect(within(vagus).getAllByRole('listitem')).toHaveLength(1);
    expect(within(vagus).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/node/vn-anatomy?subject=vagus-nerve',
    );

    expect(within(stat('Total Bookmarks')).getByText('3')).toBeInTheDocument();
    expect(within(stat('Subjects')).getByText('2')).toBeInTheDocument();
    expect(within(stat('This Week')).getByText('2')).toBeInTheDocument();
    // every course: no course is named, none is assumed
    expect(callsTo(fetchMock, 'GET /api/bookmarks')[0].url.searchParams.has('subjectId')).toBe(false);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(expect.stringContaining('metabolic'));
  });

  it("filters every course's bookmarks by course; the stats follow what is shown", async () => {
    const user = userEvent.setup();
    installFetch({ ...signedIn(), ...catalogHandlers, 'GET /api/bookmarks': { body: BOOKMARKS } });
    renderApp({ route: '/bookmarks' });
    const filter = await screen.findByRole('group', { name: 'Filter by course' });
    expect(within(filter).getByRole('button', { name: 'All courses' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filter).getByRole('button', { name: 'The Vagus Nerve' }));
    expect(within(filter).getByRole('button', { name: 'The Vagus Nerve' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('region', { name: 'Metabolic Health Essentials' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'The Vagus Nerve' })).getAllByRole('listitem')).toHaveLength(1);
    expect(within(stat('Total Bookmarks')).getByText('1')).toBeInTheDocument();
    expect(within(stat('Subjects')).getByText('1')).toBeInTheDocument();

    await user.click(within(filter).getByRole('button', { name: 'All courses' }));
    expect(screen.getByRole('region', { name: 'Metabolic Health Essentials' })).toBeInTheDocument();
    expect(within(stat('Total Bookmarks')).getByText('3')).toBeInTheDocument();
  });

  it("with a course in the header, lists only that course's bookmarks, without the filter", async () => {
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/bookmarks': { body: BOOKMARKS.filter((b) => b.subjectId === 'vagus-nerve') },
    });
    renderApp({ route: '/bookmarks?subject=vagus-nerve' });
    await screen.findByRole('region', { name: 'The Vagus Nerve' });
    expect(callsTo(fetchMock, 'GET /api/bookmarks')[0].url.searchParams.get('subjectId')).toBe('vagus-nerve');
    expect(screen.queryByRole('group', { name: 'Filter by course' })).not.toBeInTheDocument();
  });

  it('keeps the bookmark of a retired topic, labelled Archived topic, without a link to its page', async () => {
    const user = userEvent.setup();
    const list = [...BOOKMARKS, bookmark('b4', 'metabolic', 'm-old', 'Retired Topic', 2, true)];
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/bookmarks': { body: list },
      'DELETE /api/bookmarks': { status: 204 },
    });
    renderApp({ route: '/bookmarks' });
    const metabolic = await screen.findByRole('region', { name: 'Metabolic Health Essentials' });
    const archived = within(metabolic).getByRole('listitem', { name: 'Retired Topic, Archived topic' });
    expect(within(archived).getByText('Retired Topic')).toBeInTheDocument();
    expect(within(archived).getByTestId('archived-topic')).toHaveTextContent('Archived topic');
    expect(within(archived).queryByRole('link')).not.toBeInTheDocument();
    // it still counts, and can still be removed
    expect(within(stat('Total Bookmarks')).getByText('4')).toBeInTheDocument();
    expect(within(archived).getByRole('button', { name: 'Remove Retired Topic' })).toBeEnabled();
    // the live topics keep their View link and no label
    const live = within(metabolic).getByRole('listitem', { name: 'Insulin' });
    expect(within(live).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/node/m-insulin?subject=metabolic',
    );
    expect(within(live).queryByTestId('archived-topic')).not.toBeInTheDocument();
    await user.click(within(archived).getByRole('button', { name: 'Remove Retired Topic' }));
    expect(await toast()).toHaveTextContent('Bookmark removed');
  });

  it('searches by topic title', async () => {
    const user = userEvent.setup();
    installFetch({ ...signedIn(), ...catalogHandlers, 'GET /api/bookmarks': { body: BOOKMARKS } });
    renderApp({ route: '/bookmarks?subject=metabolic' });
    await screen.findByRole('region', { name: 'The Vagus Nerve' });
    await user.type(screen.getByRole('textbox', { name: 'Search bookmarks' }), 'liver');
    expect(screen.queryByRole('region', { name: 'The Vagus Nerve' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['The Liver']);
    await user.type(screen.getByRole('textbox', { name: 'Search bookmarks' }), 'xx');
    expect(screen.getByRole('heading', { name: 'No bookmarks found' })).toBeInTheDocument();
  });

  it('removes a bookmark with DELETE ?subjectId&nodeId', async () => {
    const user = userEvent.setup();
    let list = [...BOOKMARKS];
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/bookmarks': () => ({ body: list }),
      'DELETE /api/bookmarks': ({ url }) => {
        list = list.filter((b) => b.nodeId !== url.searchParams.get('nodeId'));
        return { status: 204 };
      },
    });
    renderApp({ route: '/bookmarks?subject=vagus-nerve' });
    await screen.findByRole('region', { name: 'The Vagus Nerve' });
    expect(callsTo(fetchMock, 'GET /api/bookmarks')[0].url.searchParams.get('subjectId')).toBe('vagus-nerve');

    await user.click(screen.getByRole('button', { name: 'Remove Vagus Anatomy' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'The Vagus Nerve' })).not.toBeInTheDocument());
    const del = callsTo(fetchMock, 'DELETE /api/bookmarks');
    expect(del).toHaveLength(1);
    expect(del[0].url.searchParams.get('subjectId')).toBe('vagus-nerve');
    expect(del[0].url.searchParams.get('nodeId')).toBe('vn-anatomy');
    expect(await toast()).toHaveTextContent('Bookmark removed');
    expect(within(stat('Total Bookmarks')).getByText('2')).toBeInTheDocument();
    expect(within(stat('Subjects')).getByText('1')).toBeInTheDocument();
  });

  it('shows skeletons while loading and an empty state', async () => {
    const pending = deferred<MockReply>();
    installFetch({ ...signedIn(), ...catalogHandlers, 'GET /api/bookmarks': () => pending.promise });
    renderApp({ route: '/bookmarks' });
    expect(await screen.findByTestId('bookmarks-loading')).toHaveAttribute('aria-busy', 'true');
    pending.resolve({ body: [] });
    expect(await screen.findByRole('heading', { name: 'No bookmarks yet' })).toBeInTheDocument();
  });
});
