import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, errorBody, installFetch, session } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

function signedInAs(name: string | null) {
  const s = session('ada@example.com');
  return { 'POST /api/auth/refresh': () => ({ body: { ...s, user: { ...s.user, name } } }) };
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 4000 }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Name on certificates' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Name on certificates' }) };
}

describe('the user menu\'s "Name on certificates"', () => {
  it('shows the current name, saves the new one with PUT /api/me/profile, and shows it next time', async () => {
    const fetchMock = installFetch({
      ...signedInAs('Ada'),
      'PUT /api/me/profile': ({ body }) => ({
        body: { email: 'ada@example.com', name: (body as { name: string }).name },
      }),
    });
    renderApp({ route: '/dashboard' });
    const { user, dialog } = await openDialog();
    const field = within(dialog).getByLabelText('Your name');
    expect(field).toHaveValue('Ada');
    expect(within(dialog).getByText('Shown on your certificates')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '  Ada Lovelace ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT /api/me/profile').map((c) => c.body)).toEqual([{ name: 'Ada Lovelace' }]);
    // The greeting stays the e-mail's local part.
    expect(screen.getByRole('heading', { name: /^Good (morning|afternoon|evening), ada$/ })).toBeInTheDocument();

    const again = await openDialog();
    expect(within(again.dialog).getByLabelText('Your name')).toHaveValue('Ada Lovelace');
  });

  it('an empty name clears it (null)', async () => {
    const fetchMock = installFetch({
      ...signedInAs('Ada'),
      'PUT /api/me/profile': { body: { email: 'ada@example.com', name: null } },
    });
    renderApp({ route: '/dashboard' });
    const { user, dialog } = await openDialog();
    await user.clear(within(dialog).getByLabelText('Your name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT /api/me/profile')[0].body).toEqual({ name: null });
  });

  it("keeps the dialog open with the server's message when the name is refused", async () => {
    installFetch({
      ...signedInAs(null),
      'PUT /api/me/profile': { status: 400, body: errorBody(400, 'name must be plain text') },
    });
    renderApp({ route: '/dashboard' });
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByLabelText('Your name')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Your name'), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('name must be plain text');
    expect(screen.getByRole('dialog', { name: 'Name on certificates' })).toBeInTheDocument();
  });
});
