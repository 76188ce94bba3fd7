import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, errorBody, installFetch } from '../../../test/fetch-mock';
import { signedOut, toast } from '../../../test/helpers';
import { renderApp } from '../../../test/render';

async function fill(email: string, password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  return user;
}

describe('/register', () => {
  it("says 'Passwords do not match' on submit and does not call the server", async () => {
    const fetchMock = installFetch(signedOut);
    renderApp({ route: '/register' });
    const user = await fill('ada@example.com', 'secret1', 'secret2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(callsTo(fetchMock, 'POST /api/auth/register')).toHaveLength(0);
  });

  it("says 'Password must be at least 6 characters' for a short password", async () => {
    const fetchMock = installFetch(signedOut);
    renderApp({ route: '/register' });
    const user = await fill('ada@example.com', 'abc12', 'abc12');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    expect(callsTo(fetchMock, 'POST /api/auth/register')).toHaveLength(0);
  });

  it.each(['Password', 'Confirm Password'])('clears the message when %s is edited', async (label) => {
    installFetch(signedOut);
    renderApp({ route: '/register' });
    const user = await fill('ada@example.com', 'secret1', 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

    await user.type(screen.getByLabelText(label), 'x');

    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it("creates the account, toasts 'Welcome!' and asks the user to check their e-mail", async () => {
    const fetchMock = installFetch({
      ...signedOut,
      'POST /api/auth/register': { status: 201, body: { message: 'Check your inbox' } },
    });
    renderApp({ route: '/register' });
    const user = await fill('ada@example.com', 'secret1', 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    const t = await toast();
    expect(within(t).getByText('Welcome!')).toBeInTheDocument();
    expect(within(t).getByText('Your account has been created successfully.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/register')[0].body).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });
  });

  it("shows 'Registration failed' with the server message", async () => {
    installFetch({
      ...signedOut,
      'POST /api/auth/register': {
        status: 400,
        body: errorBody(400, 'This password is too common. Please choose another.'),
      },
    });
    renderApp({ route: '/register' });
    const user = await fill('ada@example.com', 'password', 'password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const t = await toast();
    expect(within(t).getByText('Registration failed')).toBeInTheDocument();
    expect(within(t).getByText('This password is too common. Please choose another.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This password is too common. Please choose another.');
    expect(screen.queryByRole('heading', { name: 'Check Your Email' })).not.toBeInTheDocument();
  });

  it("falls back to 'Unable to create account'", async () => {
    installFetch({ ...signedOut, 'POST /api/auth/register': { status: 500, body: undefined } });
    renderApp({ route: '/register' });
    const user = await fill('ada@example.com', 'secret1', 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const t = await toast();
    expect(within(t).getByText('Unable to create account')).toBeInTheDocument();
  });

  it("reads 'Creating Account...' while submitting", async () => {
    installFetch({ ...signedOut, 'POST /api/auth/register': () => new Promise(() => {}) });
    renderApp({ route: '/register' });
    const user = await fill('ada@example.com', 'secret1', 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  });

  it('has the optional name field, and sends the trimmed name with the registration', async () => {
    const fetchMock = installFetch({
      ...signedOut,
      'POST /api/auth/register': { status: 201, body: { message: 'Check your inbox' } },
    });
    renderApp({ route: '/register' });
    const nameField = await screen.findByLabelText('Your name (optional)');
    expect(nameField).not.toBeRequired();
    expect(screen.getByText('Shown on your certificates')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(nameField, '  Ada Lovelace ');
    await fill('ada@example.com', 'secret1', 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(callsTo(fetchMock, 'POST /api/auth/register')[0].body).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      name: 'Ada Lovelace',
    });
  });

  it('keeps a checkout next: the account remembers the purchase, and the links back to Login keep next', async () => {
    const fetchMock = installFetch({
      ...signedOut,
      'POST /api/auth/register': { status: 201, body: { message: 'Check your inbox' } },
    });
    const next = '/checkout/start?subject=vagus-nerve&priceId=price_vn';
    renderApp({ route: `/register?next=${encodeURIComponent(next)}` });
    expect(await screen.findByRole('link', { name: 'Sign in instead' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(next)}`,
    );
    const user = await fill('ada@example.com', 'secret1', 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(next)}`,
    );
    expect(callsTo(fetchMock, 'POST /api/auth/register')[0].body).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      checkout: { subjectId: 'vagus-nerve', priceId: 'price_vn' },
    });
  });

  it.each(['/graph?subject=vagus-nerve', 'https://evil.com/checkout/start?subject=x', '/checkout/start'])(
    'sends no checkout for the next target %s',
    async (next) => {
      const fetchMock = installFetch({
        ...signedOut,
        'POST /api/auth/register': { status: 201, body: { message: 'Check your inbox' } },
      });
      renderApp({ route: `/register?next=${encodeURIComponent(next)}` });
      const user = await fill('ada@example.com', 'secret1', 'secret1');
      await user.click(screen.getByRole('button', { name: 'Create Account' }));
      await screen.findByRole('heading', { name: 'Check Your Email' });
      expect(callsTo(fetchMock, 'POST /api/auth/register')[0].body).not.toHaveProperty('checkout');
    },
  );
});
