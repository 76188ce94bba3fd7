import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, errorBody, installFetch } from '../../../test/fetch-mock';
import { signedOut } from '../../../test/helpers';
import { renderApp } from '../../../test/render';

async function fill(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('/reset-password', () => {
  it('applies the register password rules', async () => {
    const fetchMock = installFetch(signedOut);
    renderApp({ route: '/reset-password?token=t1' });
    await fill('secret1', 'secret2');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm Password'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    expect(callsTo(fetchMock, 'POST /api/auth/reset')).toHaveLength(0);
  });

  it('updates the password with the token and offers Sign In', async () => {
    const fetchMock = installFetch({ ...signedOut, 'POST /api/auth/reset': { body: { message: 'Password updated' } } });
    renderApp({ route: '/reset-password?token=t1' });
    await fill('new-secret', 'new-secret');
    expect(await screen.findByRole('heading', { name: 'Password updated' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(callsTo(fetchMock, 'POST /api/auth/reset')[0].body).toEqual({ token: 't1', password: 'new-secret' });
  });

  it('shows the server message and a way to ask for a new link', async () => {
    installFetch({
      ...signedOut,
      'POST /api/auth/reset': { status: 400, body: errorBody(400, 'Invalid or expired reset link') },
    });
    renderApp({ route: '/reset?token=used' });
    await fill('new-secret', 'new-secret');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid or expired reset link');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/request-reset');
  });

  it('without a token says the link is invalid', async () => {
    installFetch(signedOut);
    renderApp({ route: '/reset-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset link');
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeDisabled();
  });
});
