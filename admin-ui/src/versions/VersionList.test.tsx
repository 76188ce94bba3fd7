import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, json, listReply, makeSession, mockFetch, stubLocation } from '../test/browser';

const REFRESH = 'POST /api/auth/refresh';
const COURSES = 'GET /api/admin/courses';
const VERSIONS = 'GET /api/studio/versions';
const PUBLISH = 'POST /api/studio/versions/publish';
const RESET = 'POST /api/studio/versions/reset';

const COURSE_LIST = () =>
  listReply('courses', [
    { id: 'vagus-nerve', subjectId: 'vagus-nerve', title: 'The Vagus Nerve', published: true },
    { id: 'metabolic', subjectId: 'metabolic', title: 'Metabolic Health', published: false },
  ]);

const WITH_OVERLAY = {
  hasOverlay: true,
  etag: '"d1"',
  versions: [
    {
      id: 'v-3',
      version: 3,
      published: true,
      createdAt: '2026-03-14T14:05:00.000Z',
      changedNodes: ['vn-anatomy', 'vn-tone'],
    },
    { id: 'v-2', version: 2, published: true, createdAt: '2026-02-01T09:30:00.000Z', changedNodes: [] },
    { id: 'v-1', version: 1, published: true, createdAt: '2026-01-01T08:00:00.000Z', changedNodes: [] },
  ],
};
const NO_OVERLAY = { ...WITH_OVERLAY, hasOverlay: false };

type Routes = Parameters<typeof mockFetch>[0];

async function renderVersions(routes: Routes, path = '/studio/versions') {
  stubLocation(path);
  const server = mockFetch({
    [REFRESH]: json(makeSession(['learner', 'studio'], { token: 'token-a' })),
    [COURSES]: COURSE_LIST,
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Versions' });
  return { server, user: userEvent.setup({ delay: null }) };
}

const versionList = () => screen.findByRole('list', { name: 'Versions' });
const item = (name: string) => within(screen.getByRole('list', { name: 'Versions' })).getByRole('listitem', { name });
const banner = () => screen.queryByRole('region', { name: 'Active Content Overlay' });
const US_SHORT_DATE = /^\d{1,2}\/\d{1,2}\/\d{2},\s\d{1,2}:\d{2}\s[AP]M$/;

describe('Versions screen', { timeout: 30_000 }, () => {
  it('loads the default subject and shows the versions with their badges, dates and changed nodes', async () => {
    const { server } = await renderVersions({ [VERSIONS]: json(WITH_OVERLAY) });

    await versionList();
    const [call] = server.callsTo('GET', '/api/studio/versions');
    expect(call.path).toBe('/api/studio/versions?subject=vagus-nerve');
    expect(call.headers.get('Authorization')).toBe('Bearer token-a');

    const items = within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual(['v3', 'v2', 'v1']);
    expect(within(item('v3')).getByRole('heading', { name: 'v3' })).toBeInTheDocument();
    expect(within(item('v3')).getByText('Current')).toBeInTheDocument();
    expect(within(item('v3')).getByText('Has Overlay')).toBeInTheDocument();
    expect(within(item('v3')).queryByText('Published')).not.toBeInTheDocument();
    for (const name of ['v2', 'v1']) {
      expect(within(item(name)).getByText('Published')).toBeInTheDocument();
      expect(within(item(name)).queryByText('Current')).not.toBeInTheDocument();
      expect(within(item(name)).queryByText('Has Overlay')).not.toBeInTheDocument();
    }
    const expectedDate = new Date(WITH_OVERLAY.versions[0].createdAt).toLocaleString('en-US', {
      dateStyle: 'short',
      timeStyle: 'short',
    });
    expect(expectedDate).toMatch(US_SHORT_DATE);
    expect(within(item('v3')).getByText(expectedDate)).toBeInTheDocument();

    expect(within(item('v3')).getByRole('link', { name: 'vn-anatomy' })).toHaveAttribute(
      'href',
      '/studio/editor/vn-anatomy?subject=vagus-nerve',
    );
    expect(within(item('v3')).getByRole('link', { name: 'vn-tone' })).toHaveAttribute(
      'href',
      '/studio/editor/vn-tone?subject=vagus-nerve',
    );

    expect(banner()).toHaveTextContent(/unpublished changes are being tested/i);
    expect(screen.getByText(/overlay affects only your tenant and is\s+meant for testing/)).toBeInTheDocument();
    expect(screen.getByText(/Publishing creates a new version .* clears the overlay/)).toBeInTheDocument();
  });

  it('shows neither the banner nor the Has Overlay badge without an overlay', async () => {
    await renderVersions({ [VERSIONS]: json(NO_OVERLAY) });

    await versionList();
    expect(within(item('v3')).getByText('Current')).toBeInTheDocument();
    expect(screen.queryByText('Has Overlay')).not.toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Overlay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish Changes' })).not.toBeInTheDocument();
  });

  it('shows "No versions found" for a subject without versions', async () => {
    await renderVersions({ [VERSIONS]: json({ versions: [], hasOverlay: false }) });

    expect(await screen.findByText('No versions found')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Versions' })).not.toBeInTheDocument();
  });

  it('reads the subject from the address and reloads when another subject is chosen', async () => {
    const { server, user } = await renderVersions(
      { [VERSIONS]: [json(NO_OVERLAY), json({ versions: [], hasOverlay: false })] },
      '/studio/versions?subject=metabolic',
    );
    await versionList();
    expect(server.callsTo('GET', '/api/studio/versions')[0].path).toBe('/api/studio/versions?subject=metabolic');

    await user.click(screen.getByRole('combobox', { name: 'Subject' }));
    await user.click(await screen.findByRole('option', { name: 'The Vagus Nerve (vagus-nerve)' }));

    expect(await screen.findByText('No versions found')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/studio/versions').map((c) => c.path)).toEqual([
      '/api/studio/versions?subject=metabolic',
      '/api/studio/versions?subject=vagus-nerve',
    ]);
  });

  it('resets the overlay only after the confirm dialog, then refetches', async () => {
    const { server, user } = await renderVersions({
      [VERSIONS]: [json(WITH_OVERLAY), json(NO_OVERLAY)],
      [RESET]: json({ discarded: 2 }),
    });
    await versionList();

    await user.click(screen.getByRole('button', { name: 'Reset Overlay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Overlay?' });
    expect(dialog).toHaveTextContent('All unpublished changes will be discarded. This cannot be undone.');
    expect(server.callsTo('POST', '/api/studio/versions/reset')).toHaveLength(0);

    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/api/studio/versions/reset')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset Overlay' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reset Overlay?' })).getByRole('button', {
        name: 'Reset Overlay',
      }),
    );

    expect(await screen.findByText('Overlay reset')).toBeInTheDocument();
    const calls = server.callsTo('POST', '/api/studio/versions/reset');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body ?? 'null')).toEqual({ subjectId: 'vagus-nerve' });
    expect(server.callsTo('POST', '/api/studio/versions/publish')).toHaveLength(0);
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(server.callsTo('GET', '/api/studio/versions')).toHaveLength(2);
  });

  it('publishes the overlay only after the confirm dialog, then refetches', async () => {
    const { server, user } = await renderVersions({
      [VERSIONS]: [
        json(WITH_OVERLAY),
        json({
          ...NO_OVERLAY,
          versions: [
            {
              id: 'vagus-nerve@4',
              version: 4,
              published: true,
              createdAt: '2026-03-15T10:00:00.000Z',
              changedNodes: ['vn-tone'],
            },
            ...NO_OVERLAY.versions,
          ],
        }),
      ],
      [PUBLISH]: json({ version: 4, changedNodes: ['vn-tone'] }),
    });
    await versionList();

    await user.click(screen.getByRole('button', { name: 'Publish Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Changes?' });
    expect(dialog).toHaveTextContent('A new version will be created and the changes will be live for all users.');
    expect(server.callsTo('POST', '/api/studio/versions/publish')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Changes published as v4')).toBeInTheDocument();
    const calls = server.callsTo('POST', '/api/studio/versions/publish');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body ?? 'null')).toEqual({ subjectId: 'vagus-nerve' });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer token-a');
    // the draft this list showed, and no other
    expect(calls[0].headers.get('If-Match')).toBe('"d1"');
    expect(server.callsTo('POST', '/api/studio/versions/reset')).toHaveLength(0);
    expect(await screen.findByRole('listitem', { name: 'v4' })).toBeInTheDocument();
    expect(within(item('v4')).getByText('Current')).toBeInTheDocument();
    expect(within(item('v3')).getByText('Published')).toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
  });

  it('says so and reloads when the draft changed since the list was shown (412)', async () => {
    const changed = { ...WITH_OVERLAY, etag: '"d2"' };
    const { server, user } = await renderVersions({
      [VERSIONS]: [json(WITH_OVERLAY), json(changed)],
      [PUBLISH]: json(
        { statusCode: 412, error: 'Precondition Failed', message: 'changed', current: changed },
        { status: 412 },
      ),
    });
    await versionList();

    await user.click(screen.getByRole('button', { name: 'Publish Changes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Publish Changes?' })).getByRole('button', { name: 'Publish' }),
    );

    const message = /The draft changed since this list was shown/;
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0));
    expect(screen.queryByText(/Changes published/)).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/api/studio/versions')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/studio/versions/publish')[0].headers.get('If-Match')).toBe('"d1"');
  });

  it('keeps the chosen subject in the address', async () => {
    const { user } = await renderVersions({ [VERSIONS]: json(NO_OVERLAY) }, '/studio/versions?subject=metabolic');
    await versionList();
    await user.click(screen.getByRole('combobox', { name: 'Subject' }));
    await user.click(await screen.findByRole('option', { name: 'The Vagus Nerve (vagus-nerve)' }));
    await waitFor(() => expect(window.location.search).toBe('?subject=vagus-nerve'));
  });

  it('shows a failure notification with the server message when publishing fails', async () => {
    const { server, user } = await renderVersions({
      [VERSIONS]: json(WITH_OVERLAY),
      [PUBLISH]: apiError(409, 'There are no unpublished changes'),
    });
    await versionList();

    await user.click(screen.getByRole('button', { name: 'Publish Changes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Publish Changes?' })).getByRole('button', { name: 'Publish' }),
    );

    expect(await screen.findByText('Publish failed: There are no unpublished changes')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/api/studio/versions')).toHaveLength(2));
    expect(await screen.findByRole('region', { name: 'Active Content Overlay' })).toBeInTheDocument();
  });

  it('opens the editor for a typed node id', async () => {
    const { user } = await renderVersions({
      [VERSIONS]: json(NO_OVERLAY),
      'GET /api/studio/nodes/vn-tone': json({
        id: 'vn-tone',
        subjectId: 'vagus-nerve',
        title: 'Vagal Tone',
        summary_html: '',
        variants: { beginner: '', advanced: '', practical: '', theoretical: '' },
        sources: [],
        hasOverlay: false,
      }),
    });
    await versionList();

    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Node id' }), 'vn-tone');
    await user.click(screen.getByRole('button', { name: 'Edit' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Vagal Tone' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/studio/editor/vn-tone?subject=vagus-nerve');
  });
});
