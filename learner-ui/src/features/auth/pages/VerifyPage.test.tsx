import { describe, expect, it } from 'vitest';
import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, deferred, errorBody, installFetch, type MockReply } from '../../../test/fetch-mock';
import { signedOut } from '../../../test/helpers';
import { renderApp, renderPage } from '../../../test/render';
import { VerifyPage } from './VerifyPage';

describe('/verify', () => {
  it('verifies the token once, with a spinner, then offers Sign In', async () => {
    const pending = deferred<MockReply>();
    const fetchMock = installFetch({ ...signedOut, 'POST /api/auth/verify': () => pending.promise });
    renderPage(
      <StrictMode>
        <VerifyPage />
      </StrictMode>,
      '/verify',
      { route: '/verify?token=abc123' },
    );

    expect(await screen.findByRole('progressbar', { name: 'Verifying' })).toBeInTheDocument();
    pending.resolve({ body: { message: 'Email verified' } });

    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    const calls = callsTo(fetchMock, 'POST /api/auth/verify');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ token: 'abc123' });
  });

  it('shows the server message and a resend form when verification fails', async () => {
    const fetchMock = installFetch({
      ...signedOut,
      'POST /api/auth/verify': { status: 400, body: errorBody(400, 'Invalid or expired verification link') },
      'POST /api/auth/request-verify': { body: { message: 'sent' } },
    });
    renderApp({ route: '/verify?token=old' });

    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getByText('Invalid or expired verification link')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/auth/request-verify')[0]?.body).toEqual({ email: 'ada@example.com' }),
    );
    expect(await screen.findByText(/a new verification link is on its way/)).toBeInTheDocument();
  });

  it('without a token shows only the resend form, prefilled from ?email=', async () => {
    const fetchMock = installFetch(signedOut);
    renderApp({ route: '/verify?email=ada%40example.com' });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(callsTo(fetchMock, 'POST /api/auth/verify')).toHaveLength(0);
  });
});
