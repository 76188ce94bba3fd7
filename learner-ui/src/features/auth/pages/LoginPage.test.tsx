import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, deferred, errorBody, installFetch, session, type MockReply } from '../../../test/fetch-mock';
import { currentLocation, signedIn, signedOut, toast } from '../../../test/helpers';
import { renderApp } from '../../../test/render';

async function fillAndSubmit(email = 'ada@example.com', password = 'secret1') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/login', () => {
  it('has the fields, the submit button and the two links', async () => {
    installFetch(signedOut);
    renderApp({ route: '/login' });
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/request-reset');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it("reads 'Signing In...' while submitting, then toasts and goes to the safe next target", async () => {
    const pending = deferred<MockReply>();
    const fetchMock = installFetch({ ...signedOut, 'POST /api/auth/login': () => pending.promise });
    renderApp({ route: '/login?next=%2Fgraph%3Fsubject%3Dmetabolic' });

    await fillAndSubmit();

    const busy = await screen.findByRole('button', { name: 'Signing In...' });
    expect(busy).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/auth/login')[0].body).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });

    pending.resolve({ body: session('ada@example.com') });

    const t = await toast();
    expect(within(t).getByText('Welcome back!')).toBeInTheDocument();
    expect(within(t).getByText('You have successfully logged in.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/graph?subject=metabolic'));
  });

  it('goes to /dashboard when there is no next target', async () => {
    installFetch({ ...signedOut, 'POST /api/auth/login': { body: session() } });
    renderApp({ route: '/login' });
    await fillAndSubmit();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), ada$/ })).toBeInTheDocument();
  });

  it.each(['https://evil.com/dashboard', '//evil.com', '/login?next=/graph', 'javascript:alert(1)', '/studio/unknown'])(
    'ignores the unsafe next target %s',
    async (next) => {
      installFetch({ ...signedOut, 'POST /api/auth/login': { body: session() } });
      renderApp({ route: `/login?next=${encodeURIComponent(next)}` });
      await fillAndSubmit();
      await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    },
  );

  it("shows 'Login failed' with the server message, on the form too, and lets the user retry", async () => {
    installFetch({
      ...signedOut,
      'POST /api/auth/login': { status: 401, body: errorBody(401, 'Invalid email or password') },
    });
    renderApp({ route: '/login' });
    await fillAndSubmit('ada@example.com', 'wrong-password');

    const t = await toast();
    expect(within(t).getByText('Login failed')).toBeInTheDocument();
    expect(within(t).getByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(currentLocation()).toBe('/login');
  });

  it("falls back to 'Invalid credentials' when the server gives no message", async () => {
    installFetch({ ...signedOut, 'POST /api/auth/login': { status: 500, body: undefined } });
    renderApp({ route: '/login' });
    await fillAndSubmit();
    const t = await toast();
    expect(within(t).getByText('Login failed')).toBeInTheDocument();
    expect(within(t).getByText('Invalid credentials')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid credentials');
  });

  it('offers a new verification e-mail when the address is not confirmed', async () => {
    installFetch({
      ...signedOut,
      'POST /api/auth/login': { status: 403, body: errorBody(403, 'Email not confirmed') },
    });
    renderApp({ route: '/login' });
    await fillAndSubmit('new@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Email not confirmed');
    expect(within(alert).getByRole('link', { name: 'Resend verification email' })).toHaveAttribute(
      'href',
      '/verify?email=new%40example.com',
    );
  });

  it('sends an already signed-in visitor on at once', async () => {
    installFetch(signedIn());
    renderApp({ route: '/login?next=%2Fnotes' });
    await waitFor(() => expect(currentLocation()).toBe('/notes'));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it("keeps next on the 'Create an account' link", async () => {
    installFetch(signedOut);
    const next = '/checkout/start?subject=vagus-nerve&priceId=price_vn';
    renderApp({ route: `/login?next=${encodeURIComponent(next)}` });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/register?next=${encodeURIComponent(next)}`,
    );
  });

  const withPending = (pendingCheckout: unknown) => ({
    ...signedOut,
    'POST /api/auth/login': { body: { ...session(), pendingCheckout } },
  });

  it('resumes the purchase the account was registered for when there is no next target', async () => {
    installFetch(withPending({ subjectId: 'vagus-nerve', priceId: 'price_vn' }));
    renderApp({ route: '/login' });
    await fillAndSubmit();
    await waitFor(() => expect(currentLocation()).toBe('/checkout/start?subject=vagus-nerve&priceId=price_vn'));
  });

  it('resumes it without a price when the server has none', async () => {
    installFetch(withPending({ subjectId: 'metabolic', priceId: null }));
    renderApp({ route: '/login' });
    await fillAndSubmit();
    await waitFor(() => expect(currentLocation()).toBe('/checkout/start?subject=metabolic'));
  });

  it('a safe next target wins over the pending purchase; an unsafe one does not', async () => {
    installFetch(withPending({ subjectId: 'vagus-nerve', priceId: null }));
    const first = renderApp({ route: '/login?next=%2Fnotes' });
    await fillAndSubmit();
    await waitFor(() => expect(currentLocation()).toBe('/notes'));
    first.unmount();
    window.localStorage.clear();

    installFetch(withPending({ subjectId: 'vagus-nerve', priceId: null }));
    renderApp({ route: `/login?next=${encodeURIComponent('https://evil.com/x')}` });
    await fillAndSubmit();
    await waitFor(() => expect(currentLocation()).toBe('/checkout/start?subject=vagus-nerve'));
  });
});
