import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldReply, json, listReply, makeSession, mockFetch, stubLocation } from '../test/browser';
import { NEEDS_ADMIN } from './UserList';

const REFRESH = 'POST /api/auth/refresh';
const USERS = 'GET /api/admin/users';
const COURSES = 'GET /api/admin/courses';
const AUDIT = 'GET /api/admin/audit';

const ADA = {
  id: 'u-ada',
  email: 'ada@example.test',
  verified: true,
  roles: ['learner', 'studio'],
  createdAt: '2026-03-02T10:00:00.000Z',
};
const BOB = {
  id: 'u-bob',
  email: 'bob@example.test',
  verified: false,
  roles: ['learner'],
  createdAt: '2026-03-01T10:00:00.000Z',
};

const ADA_URL = '/api/admin/users/u-ada';
const TAGS = `GET ${ADA_URL}/tags`;
const ADD_TAG = `POST ${ADA_URL}/tags`;
const REMOVE_TAG = `DELETE ${ADA_URL}/tags`;
const SET_TAG = `PUT ${ADA_URL}/tags`;
const UNLOCKS = `GET ${ADA_URL}/unlocks`;
const ADD_UNLOCK = `POST ${ADA_URL}/unlocks`;
const REMOVE_UNLOCK = `DELETE ${ADA_URL}/unlocks`;
const SAVE_ROLES = `PUT ${ADA_URL}/roles`;

const COURSE_LIST = () =>
  listReply('courses', [
    { id: 'vagus-nerve', subjectId: 'vagus-nerve', title: 'The Vagus Nerve', published: true },
    { id: 'metabolic', subjectId: 'metabolic', title: 'Metabolic Health', published: true },
  ]);

const AUDIT_ENTRY = {
  id: 'a1',
  actorId: 'admin-1',
  actorEmail: 'admin@example.com',
  targetUserId: 'u-ada',
  targetEmail: ADA.email,
  action: 'roles.set',
  details: { before: ['learner'], after: ['learner', 'studio'] },
  createdAt: '2026-03-04T14:05:00.000Z',
};

type Routes = Parameters<typeof mockFetch>[0];

async function renderUsers(routes: Routes = {}, roles = ['learner', 'studio', 'admin']) {
  stubLocation('/studio/users');
  const server = mockFetch({
    [REFRESH]: json(makeSession(roles, { token: 'token-a' })),
    [USERS]: () => listReply('users', [ADA, BOB]),
    [COURSES]: COURSE_LIST,
    [AUDIT]: () => listReply('audit', [AUDIT_ENTRY]),
    [TAGS]: () => json([{ tag: 'vip', source: 'staff', learnerVisible: false, createdAt: '2026-03-03T10:00:00.000Z' }]),
    [UNLOCKS]: () =>
      json([{ subjectId: 'metabolic', moduleId: 'glucose-and-insulin', createdAt: '2026-03-03T10:00:00Z' }]),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Users' });
  return { server, user: userEvent.setup({ delay: null }) };
}

const cardOf = async (email: string) =>
  (await screen.findByRole('heading', { level: 2, name: email })).closest('li') as HTMLElement;

const bodyOf = (call: { body: string | undefined }) => JSON.parse(call.body ?? 'null') as unknown;

const listQuery = (path: string) => {
  const params = new URL(path, 'http://localhost').searchParams;
  return { filter: params.get('filter'), sort: params.get('sort'), range: params.get('range') };
};

async function openAccess(user: ReturnType<typeof userEvent.setup>) {
  const card = await cardOf(ADA.email);
  const toggle = within(card).getByRole('button', { name: 'Manage access' });
  await user.click(toggle);
  const panel = within(card).getByRole('region', { name: `Access of ${ADA.email}` });
  return { card, panel, toggle };
}

describe('Users screen', { timeout: 30_000 }, () => {
  it('tells a studio user who is not an admin that the screen needs the admin role, and calls nothing', async () => {
    const { server } = await renderUsers({}, ['learner', 'studio']);
    expect(await screen.findByText(NEEDS_ADMIN)).toBeInTheDocument();
    await server.idle();
    expect(server.callsTo('GET', '/api/admin/users')).toHaveLength(0);
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('shows the same state when the server refuses the list with a 403 (the role was just removed)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderUsers({ [USERS]: apiError(403, 'Forbidden resource') });
    expect(await screen.findByText(NEEDS_ADMIN)).toBeInTheDocument();
    logged.mockRestore();
  });

  it('lists users newest first: email, a verified tick and role badges, after a loading state', async () => {
    const held = heldReply(() => listReply('users', [ADA, BOB]));
    const { server } = await renderUsers({ [USERS]: held.reply });
    expect(await screen.findAllByRole('status', { name: 'Loading users' })).not.toHaveLength(0);
    held.release();

    const list = await screen.findByRole('list', { name: 'Users' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([ADA.email, BOB.email]);
    const ada = await cardOf(ADA.email);
    expect(within(ada).getByTitle('Verified')).toBeInTheDocument();
    expect(
      within(within(ada).getByRole('list', { name: `Roles of ${ADA.email}` }))
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual(['learner', 'studio']);
    const bob = await cardOf(BOB.email);
    expect(within(bob).queryByTitle('Verified')).not.toBeInTheDocument();
    expect(within(bob).getByText('not verified')).toBeInTheDocument();

    const [call] = server.callsTo('GET', '/api/admin/users');
    expect(listQuery(call.path)).toEqual({ filter: '{}', sort: '["createdAt","DESC"]', range: '[0,24]' });
    expect(call.headers.get('Authorization')).toBe('Bearer token-a');
  });

  it('searches by e-mail through filter.q', async () => {
    const { server, user } = await renderUsers();
    await cardOf(ADA.email);
    await user.type(screen.getByPlaceholderText('Search by email'), 'ada');
    await waitFor(
      () =>
        expect(server.callsTo('GET', '/api/admin/users').map((c) => listQuery(c.path).filter)).toContain('{"q":"ada"}'),
      { timeout: 3000 },
    );
  });

  it('Edit Roles: checkboxes for the four roles, Save Changes shows Saving... then "Roles updated"', async () => {
    const held = heldReply(() => json({ ...ADA, roles: ['learner', 'studio', 'clinician'] }));
    const { server, user } = await renderUsers({ [SAVE_ROLES]: held.reply });
    await user.click(within(await cardOf(ADA.email)).getByRole('button', { name: 'Edit Roles' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Roles' });
    const boxes = ['learner', 'studio', 'admin', 'clinician'].map((role) =>
      within(dialog).getByRole('checkbox', { name: role }),
    );
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, false, false]);
    await user.click(boxes[3]);
    const listCalls = server.callsTo('GET', '/api/admin/users').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    held.release();
    expect(await screen.findByText('Roles updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Roles' })).not.toBeInTheDocument());

    const [put] = server.callsTo('PUT', `${ADA_URL}/roles`);
    expect(bodyOf(put)).toEqual({ roles: ['learner', 'studio', 'clinician'] });
    expect(put.headers.get('Authorization')).toBe('Bearer token-a');
    // The list is read again, so the badges show what the server holds.
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/users').length).toBeGreaterThan(listCalls));
  });

  it('a failed save raises no toast; the dialog stays open with the reason, ready to try again', async () => {
    const { server, user } = await renderUsers({
      [SAVE_ROLES]: apiError(409, 'The last admin cannot lose the admin role: make another user an admin first'),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(within(await cardOf(ADA.email)).getByRole('button', { name: 'Edit Roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Roles' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText(/The last admin cannot lose the admin role/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await server.idle();
    expect(screen.queryByText('Roles updated')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /roles updated/i })).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('Cancel closes the dialog without a call; no role at all cannot be saved', async () => {
    const { server, user } = await renderUsers();
    await user.click(within(await cardOf(BOB.email)).getByRole('button', { name: 'Edit Roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Roles' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'learner' }));
    expect(within(dialog).getByText('Choose at least one role.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await server.idle();
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('Manage access / Hide access toggles the panel: tags, the unlocks of metabolic, recent changes', async () => {
    const { server, user } = await renderUsers();
    const { card, panel, toggle } = await openAccess(user);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByRole('button', { name: 'Hide access' })).toBe(toggle);

    expect(await within(panel).findByText('vip')).toBeInTheDocument();
    expect(await within(panel).findByText('glucose-and-insulin')).toBeInTheDocument();
    expect(await within(panel).findByText('Roles: learner → learner, studio')).toBeInTheDocument();
    expect(within(panel).getByText(/3\/4\/26, \d{1,2}:05 [AP]M by admin@example.com/)).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Subject' })).toHaveTextContent('Metabolic Health');

    expect(server.callsTo('GET', `${ADA_URL}/unlocks`)[0].path).toBe(`${ADA_URL}/unlocks?subjectId=metabolic`);
    const [audit] = server.callsTo('GET', '/api/admin/audit');
    expect(listQuery(audit.path).filter).toBe('{"targetUserId":"u-ada"}');
    expect(listQuery(audit.path).sort).toBe('["createdAt","DESC"]');

    await user.click(toggle);
    expect(within(card).getByRole('button', { name: 'Manage access' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByRole('region')).not.toBeInTheDocument();
  });

  it('adds a tag (trimmed; ignored when blank) with "Tag added", and says "Failed to add tag" on failure', async () => {
    const { server, user } = await renderUsers({
      [ADD_TAG]: [json({ tag: 'cohort-7', createdAt: '2026-03-05T10:00:00Z' }, { status: 201 }), apiError(400, 'no')],
    });
    const { panel } = await openAccess(user);
    const input = within(panel).getByRole('textbox', { name: 'New tag' });
    const add = within(panel).getByRole('button', { name: 'Add tag' });

    await user.type(input, '   ');
    await user.click(add);
    await server.idle();
    expect(server.callsTo('POST', `${ADA_URL}/tags`)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '  cohort-7 {Enter}');
    expect(await screen.findByText('Tag added')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('POST', `${ADA_URL}/tags`)[0])).toEqual({ tag: 'cohort-7' });
    await waitFor(() => expect(input).toHaveValue(''));
    // The tags and the recent changes are read again.
    await waitFor(() => expect(server.callsTo('GET', `${ADA_URL}/tags`).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/audit').length).toBeGreaterThanOrEqual(2));

    await user.type(input, 'again');
    await user.click(add);
    expect(await screen.findByText('Failed to add tag')).toBeInTheDocument();
    expect(input).toHaveValue('again');
  });

  it('removes a tag through its x with "Tag removed", or "Failed to remove tag"', async () => {
    const { server, user } = await renderUsers({ [REMOVE_TAG]: [json({ tag: 'vip' }), apiError(404, 'gone')] });
    const { panel } = await openAccess(user);
    const remove = await within(panel).findByRole('button', { name: 'Remove tag vip' });
    await user.click(remove);
    expect(await screen.findByText('Tag removed')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('DELETE', `${ADA_URL}/tags`)[0])).toEqual({ tag: 'vip' });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Remove tag vip' })).toBeEnabled());
    await user.click(within(panel).getByRole('button', { name: 'Remove tag vip' }));
    expect(await screen.findByText('Failed to remove tag')).toBeInTheDocument();
  });

  it('shows or hides a tag from the learner with "Visible to learner": "Tag updated", or "Failed to update tag"', async () => {
    let visible = false;
    const { server, user } = await renderUsers({
      [TAGS]: () =>
        json([
          { tag: 'vip', source: 'staff', learnerVisible: visible, createdAt: '2026-03-03T10:00:00.000Z' },
          {
            tag: 'vagus-nerve:foundations-mastered',
            source: 'gating',
            learnerVisible: true,
            createdAt: '2026-03-03T11:00:00.000Z',
          },
        ]),
      [SET_TAG]: [
        () => {
          visible = true;
          return json({ tag: 'vip', source: 'staff', learnerVisible: true, createdAt: '2026-03-03T10:00:00.000Z' });
        },
        apiError(404, 'The user has no tag "vip"'),
      ],
    });
    const { panel } = await openAccess(user);
    const vip = await within(panel).findByRole('checkbox', { name: 'Visible to learner: vip' });
    expect(vip).not.toBeChecked();
    // gating's achievements are shown to the learner, and say where they come from
    expect(
      within(panel).getByRole('checkbox', { name: 'Visible to learner: vagus-nerve:foundations-mastered' }),
    ).toBeChecked();
    expect(within(panel).getByText('vagus-nerve:foundations-mastered (gating)')).toBeInTheDocument();

    await user.click(vip);
    expect(await screen.findByText('Tag updated')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PUT', `${ADA_URL}/tags`)[0])).toEqual({ tag: 'vip', learnerVisible: true });
    await waitFor(() => expect(within(panel).getByRole('checkbox', { name: 'Visible to learner: vip' })).toBeChecked());
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/audit').length).toBeGreaterThanOrEqual(2));

    await waitFor(() => expect(within(panel).getByRole('checkbox', { name: 'Visible to learner: vip' })).toBeEnabled());
    await user.click(within(panel).getByRole('checkbox', { name: 'Visible to learner: vip' }));
    expect(await screen.findByText('Failed to update tag')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PUT', `${ADA_URL}/tags`)[1])).toEqual({ tag: 'vip', learnerVisible: false });
    // the list is read again: still visible
    await waitFor(() => expect(within(panel).getByRole('checkbox', { name: 'Visible to learner: vip' })).toBeChecked());
  });

  it('adds an unlock for the chosen subject (ignored when the module id is blank), and removes one', async () => {
    const { server, user } = await renderUsers({
      [ADD_UNLOCK]: [json({ subjectId: 'vagus-nerve', moduleId: 'foundations', createdAt: 'x' }), apiError(400, 'no')],
      [REMOVE_UNLOCK]: [
        json({ subjectId: 'vagus-nerve', moduleId: 'glucose-and-insulin', createdAt: '2026-03-03T10:00:00Z' }),
        apiError(404, 'gone'),
      ],
    });
    const { panel } = await openAccess(user);
    const moduleInput = within(panel).getByRole('textbox', { name: 'Module id' });
    const add = within(panel).getByRole('button', { name: 'Add unlock' });

    await user.click(add);
    await server.idle();
    expect(server.callsTo('POST', `${ADA_URL}/unlocks`)).toHaveLength(0);

    await user.click(within(panel).getByRole('combobox', { name: 'Subject' }));
    await user.click(await screen.findByRole('option', { name: 'The Vagus Nerve (vagus-nerve)' }));
    await waitFor(() =>
      expect(server.callsTo('GET', `${ADA_URL}/unlocks`).map((c) => c.path)).toContain(
        `${ADA_URL}/unlocks?subjectId=vagus-nerve`,
      ),
    );
    await user.type(moduleInput, ' foundations ');
    await user.click(add);
    expect(await screen.findByText('Unlock added')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('POST', `${ADA_URL}/unlocks`)[0])).toEqual({
      subjectId: 'vagus-nerve',
      moduleId: 'foundations',
    });
    await waitFor(() => expect(moduleInput).toHaveValue(''));

    await user.type(moduleInput, 'nope');
    await user.click(add);
    expect(await screen.findByText('Failed to add unlock')).toBeInTheDocument();

    const remove = await within(panel).findByRole('button', { name: 'Remove unlock glucose-and-insulin' });
    await user.click(remove);
    expect(await screen.findByText('Unlock removed')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('DELETE', `${ADA_URL}/unlocks`)[0])).toEqual({
      subjectId: 'vagus-nerve',
      moduleId: 'glucose-and-insulin',
    });
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Remove unlock glucose-and-insulin' })).toBeEnabled(),
    );
    await user.click(within(panel).getByRole('button', { name: 'Remove unlock glucose-and-insulin' }));
    expect(await screen.findByText('Failed to remove unlock')).toBeInTheDocument();
  });

  it('shows empty states for a user with no tags, unlocks or changes', async () => {
    const { user } = await renderUsers({
      [TAGS]: () => json([]),
      [UNLOCKS]: () => json([]),
      [AUDIT]: () => listReply('audit', []),
    });
    const { panel } = await openAccess(user);
    expect(await within(panel).findByText('No tags.')).toBeInTheDocument();
    expect(await within(panel).findByText('No modules unlocked in this subject.')).toBeInTheDocument();
    expect(await within(panel).findByText('No changes recorded yet.')).toBeInTheDocument();
  });
});
