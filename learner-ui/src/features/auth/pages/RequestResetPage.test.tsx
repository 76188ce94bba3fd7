import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, errorBody, installFetch } from '../../../test/fetch-mock';
import { signedOut, toast } from '../../../test/helpers';
import { renderApp } from '../../../test/render';

describe('/request-reset', () => {
  it('asks for the address when it is empty, without calling the server', async () => {
    const fetchMock = installFetch(signedOut);
    renderApp({ route: '/request-reset' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address.');
    expect(callsTo(fetchMock, 'POST /api/auth/request-reset')).toHaveLength(0);
  });

  it('sends the link, confirms, and can go back to the form or to login', async () => {
    const fetchMock = installFetch({
      ...signedOut,
      'POST /api/auth/request-reset': { body: { message: 'If the account exists, an email was sent' } },
    });
    renderApp({ route: '/request-reset' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(within(await toast()).getByText('Password reset email sent!')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/request-reset')[0].body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Send Another Email' }));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check Your Email' })).not.toBeInTheDocument();
  });

  it('toasts the server message on failure and stays on the form', async () => {
    installFetch({
      ...signedOut,
      'POST /api/auth/request-reset': { status: 429, body: errorBody(429, 'Too many requests, try again later') },
    });
    renderApp({ route: '/forgot' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(within(await toast()).getByText('Too many requests, try again later')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check Your Email' })).not.toBeInTheDocument();
  });

  it('toasts the generic message when there is no server message', async () => {
    installFetch(signedOut);
    renderApp({ route: '/request-reset' });
    // Only the reset call fails at the network level.
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('request-reset') ? Promise.reject(new TypeError('offline')) : original(input, init),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(within(await toast()).getByText('An error occurred. Please try again.')).toBeInTheDocument();
  });
});
