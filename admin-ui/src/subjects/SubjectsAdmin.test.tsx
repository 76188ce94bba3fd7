import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldReply, json, listReply, makeSession, mockFetch, stubLocation } from '../test/browser';

const STUDIO_ROLES = ['learner', 'studio'];
const REFRESH = 'POST /api/auth/refresh';
const COURSES = 'GET /api/admin/courses';
const PUT = (id: string) => `PUT /api/admin/courses/${id}`;

const course = (subjectId: string, title: string, published: boolean) => ({
  id: subjectId,
  subjectId,
  title,
  published,
});
const COURSES_PAGE = [course('vagus-nerve', 'The Vagus Nerve', true), course('metabolic', 'Metabolic Health', false)];
const COURSE_LIST = () => listReply('courses', COURSES_PAGE);

type Routes = Parameters<typeof mockFetch>[0];

/** The whole Studio app on /studio/subjects, signed in as a studio user. */
async function renderSubjects(coursesReply: Routes[string], moreRoutes: Routes = {}) {
  const { assign } = stubLocation('/studio/subjects');
  const server = mockFetch({
    [REFRESH]: json(makeSession(STUDIO_ROLES, { token: 'token-a' })),
    [COURSES]: coursesReply,
    'GET /api/studio/outline': json({
      subjectId: 'vagus-nerve',
      modules: [],
      retired: [],
      hasOverlay: false,
      etag: '"o"',
    }),
    ...moreRoutes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Subjects Admin' });
  return { server, assign, user: userEvent.setup({ delay: null }) };
}

const section = () => screen.getByRole('region', { name: 'Course Visibility (Shop)' });

/** The table row of one subject, found by its id cell. */
const rowOf = (subjectId: string) => {
  const row = within(section()).getByText(subjectId).closest('tr');
  if (!row) throw new Error(`No row for ${subjectId}`);
  return row as HTMLElement;
};

const rowCells = () =>
  within(within(section()).getByRole('table', { name: 'Course visibility' }))
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

/** No react-admin notification (a MUI Snackbar, role "alert") and no error alert on the page. */
const expectNoNotification = () => {
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(document.querySelector('.MuiSnackbar-root')).toBeNull();
};

describe('Subjects Admin screen: Course Visibility (Shop)', { timeout: 15_000 }, () => {
  it('lists every subject through the data provider, with its title, id, status and the matching action', async () => {
    const { server } = await renderSubjects(COURSE_LIST);

    expect(within(section()).getByRole('heading', { level: 2, name: 'Course Visibility (Shop)' })).toBeInTheDocument();
    expect(
      within(section()).getByText(/unpublished course disappears from the shop and the preview/),
    ).toHaveTextContent(/people who already bought it\s+keep their\s+access/);
    await waitFor(() =>
      expect(rowCells()).toEqual([
        ['Subject', 'ID', 'Status', 'Action'],
        ['The Vagus Nerve', 'vagus-nerve', 'Published', 'Unpublish'],
        ['Metabolic Health', 'metabolic', 'Unpublished', 'Publish'],
      ]),
    );
    expect(within(rowOf('vagus-nerve')).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
    expect(within(rowOf('metabolic')).getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(screen.queryByRole('status', { name: 'Loading courses' })).not.toBeInTheDocument();

    // ra-data-simple-rest's getList: sort, range and filter as JSON, the total from Content-Range.
    const calls = server.callsTo('GET', '/api/admin/courses');
    expect(calls.length).toBeGreaterThanOrEqual(1);
    for (const call of calls) {
      const query = new URL(call.path, 'http://localhost').searchParams;
      expect(JSON.parse(query.get('sort') ?? 'null')).toEqual(['position', 'ASC']);
      expect(JSON.parse(query.get('range') ?? 'null')).toEqual([0, 99]);
      expect(JSON.parse(query.get('filter') ?? 'null')).toEqual({});
      expect(call.headers.get('Authorization')).toBe('Bearer token-a');
    }
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    // The visibility section's rows carry no draft-publishing or crawl actions.
    expect(within(section()).queryByRole('button', { name: /crawl|publish latest draft/i })).not.toBeInTheDocument();
  });

  it('sorts by a column through the data provider when its header is clicked', async () => {
    const { server, user } = await renderSubjects(COURSE_LIST);
    await findRow('metabolic');

    await user.click(within(section()).getByRole('button', { name: /^Sort by id ascending$/i }));

    await waitFor(() =>
      expect(
        server
          .callsTo('GET', '/api/admin/courses')
          .map((call) => new URL(call.path, 'http://localhost').searchParams.get('sort')),
      ).toContain('["subjectId","ASC"]'),
    );
  });

  it('shows a loading state until the list arrives', async () => {
    const held = heldReply(COURSE_LIST);
    await renderSubjects(held.reply);

    expect(within(section()).getByRole('status', { name: 'Loading courses' })).toBeInTheDocument();
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument();

    held.release();
    expect(await within(section()).findByRole('table', { name: 'Course visibility' })).toBeInTheDocument();
    expect(within(section()).queryByRole('status', { name: 'Loading courses' })).not.toBeInTheDocument();
  });

  it('sends PUT { published: true } for Publish and flips the row once the call succeeds', async () => {
    const { server, user } = await renderSubjects(COURSE_LIST, {
      [PUT('metabolic')]: json(course('metabolic', 'Metabolic Health', true)),
    });

    await user.click(await within(await findRow('metabolic')).findByRole('button', { name: 'Publish' }));

    expect(await within(rowOf('metabolic')).findByRole('button', { name: 'Unpublish' })).toBeEnabled();
    expect(within(rowOf('metabolic')).getByText('Published')).toBeInTheDocument();
    const calls = server.callsTo('PUT', '/api/admin/courses/metabolic');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body ?? 'null')).toEqual({ published: true });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer token-a');
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    // The other row is untouched.
    expect(within(rowOf('vagus-nerve')).getByText('Published')).toBeInTheDocument();
    expect(within(rowOf('vagus-nerve')).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
  });

  it('sends PUT { published: false } for Unpublish and flips the row once the call succeeds', async () => {
    const { server, user } = await renderSubjects(COURSE_LIST, {
      [PUT('vagus-nerve')]: json(course('vagus-nerve', 'The Vagus Nerve', false)),
    });

    await user.click(await within(await findRow('vagus-nerve')).findByRole('button', { name: 'Unpublish' }));

    expect(await within(rowOf('vagus-nerve')).findByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(within(rowOf('vagus-nerve')).getByText('Unpublished')).toBeInTheDocument();
    const calls = server.callsTo('PUT', '/api/admin/courses/vagus-nerve');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body ?? 'null')).toEqual({ published: false });
    expect(within(rowOf('metabolic')).getByText('Unpublished')).toBeInTheDocument();
  });

  it('keeps the old state and disables only that button while the call runs', async () => {
    const held = heldReply(() => json(course('metabolic', 'Metabolic Health', true)));
    const { server, user } = await renderSubjects(COURSE_LIST, { [PUT('metabolic')]: held.reply });

    await user.click(await within(await findRow('metabolic')).findByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(within(rowOf('metabolic')).getByRole('button', { name: 'Publish' })).toBeDisabled());
    const button = within(rowOf('metabolic')).getByRole('button', { name: 'Publish' });
    expect(within(rowOf('metabolic')).getByText('Unpublished')).toBeInTheDocument();
    expect(within(rowOf('metabolic')).queryByText('Published')).not.toBeInTheDocument();
    expect(within(rowOf('vagus-nerve')).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
    // A disabled button takes no pointer events; a synthetic click must not send a second call.
    fireEvent.click(button);
    await server.idle();
    expect(server.callsTo('PUT', '/api/admin/courses/metabolic')).toHaveLength(1);

    held.release();
    expect(await within(rowOf('metabolic')).findByRole('button', { name: 'Unpublish' })).toBeEnabled();
    expect(within(rowOf('metabolic')).getByText('Published')).toBeInTheDocument();
  });

  it('leaves the state unchanged after a failed call, logs it and shows no notification', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { server, user, assign } = await renderSubjects(COURSE_LIST, {
      [PUT('vagus-nerve')]: [
        json({ statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable' }, { status: 500 }),
        json(course('vagus-nerve', 'The Vagus Nerve', false)),
      ],
    });

    await user.click(await within(await findRow('vagus-nerve')).findByRole('button', { name: 'Unpublish' }));

    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('vagus-nerve'), expect.anything()));
    await server.idle();
    expect(server.callsTo('PUT', '/api/admin/courses/vagus-nerve')).toHaveLength(1);
    expect(within(rowOf('vagus-nerve')).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
    expect(within(rowOf('vagus-nerve')).getByText('Published')).toBeInTheDocument();
    expect(within(rowOf('vagus-nerve')).queryByText('Unpublished')).not.toBeInTheDocument();
    expectNoNotification();
    expect(screen.queryByText(/Database unavailable/)).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    // The button works again: a second try that succeeds flips the row.
    await user.click(within(rowOf('vagus-nerve')).getByRole('button', { name: 'Unpublish' }));
    expect(await within(rowOf('vagus-nerve')).findByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(within(rowOf('vagus-nerve')).getByText('Unpublished')).toBeInTheDocument();
    const calls = server.callsTo('PUT', '/api/admin/courses/vagus-nerve');
    expect(calls.map((call) => JSON.parse(call.body ?? 'null'))).toEqual([{ published: false }, { published: false }]);
  });

  it('shows the empty state when there are no subjects', async () => {
    await renderSubjects(() => listReply('courses', []));

    expect(
      await within(section()).findByText('No subjects yet. Run Studio → Migrate to load the courses.'),
    ).toBeInTheDocument();
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /publish/i })).not.toBeInTheDocument();
  });

  it('shows the server message when the list cannot be loaded', async () => {
    await renderSubjects(apiError(403, 'Studio role required'));

    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the courses: Studio role required');
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No subjects yet. Run Studio → Migrate to load the courses.')).not.toBeInTheDocument();
  });
});

async function findRow(subjectId: string) {
  await within(section()).findByText(subjectId);
  return rowOf(subjectId);
}
