import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, errorBody, installFetch } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import { currentLocation, signedIn, signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';
import type { DevCheckoutSession } from '../../api';
import { browser } from '../common/browser';

function devSession(status: DevCheckoutSession['status'] = 'open'): DevCheckoutSession {
  return {
    sessionId: 'cs_1',
    status,
    subject: { id: 'vagus-nerve', name: 'Vagus Nerve', title: 'The Vagus Nerve' },
    amount: 4900,
    currency: 'usd',
  };
}

describe('/checkout/dev/:sessionId', () => {
  it('shows the test-payment notice, the course and the price; Pay completes and leaves for the redirect', async () => {
    const fetchMock = installFetch({
      ...signedIn(),
      'GET /api/checkout/dev/cs_1': { body: devSession() },
      'POST /api/checkout/dev/cs_1/complete': { body: { redirectUrl: '/dashboard?checkout=success&session_id=cs_1' } },
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderApp({ route: '/checkout/dev/cs_1' });

    const pay = await screen.findByRole('button', { name: 'Pay $49.00' });
    expect(screen.getByText('Test payment')).toBeInTheDocument();
    expect(screen.getByText(/No real money is charged/)).toBeInTheDocument();
    expect(screen.getByTestId('checkout-course')).toHaveTextContent('The Vagus Nerve');
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$49.00');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    await userEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard?checkout=success&session_id=cs_1'));
    expect(callsTo(fetchMock, 'POST /api/checkout/dev/cs_1/complete')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/checkout/dev/cs_1/cancel')).toHaveLength(0);
  });

  it('Cancel cancels the session and goes to its redirect', async () => {
    const fetchMock = installFetch({
      ...signedIn(),
      'GET /api/checkout/dev/cs_1': { body: devSession() },
      'POST /api/checkout/dev/cs_1/cancel': { body: { redirectUrl: '/shop?subject=vagus-nerve' } },
      ...catalogHandlers,
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderApp({ route: '/checkout/dev/cs_1' });

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentLocation()).toBe('/shop?subject=vagus-nerve'));
    expect(callsTo(fetchMock, 'POST /api/checkout/dev/cs_1/cancel')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/checkout/dev/cs_1/complete')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the 409 message when the session is no longer open, then its current state', async () => {
    let status: DevCheckoutSession['status'] = 'open';
    installFetch({
      ...signedIn(),
      'GET /api/checkout/dev/cs_1': () => ({ body: devSession(status) }),
      'POST /api/checkout/dev/cs_1/complete': () => {
        status = 'paid';
        return { status: 409, body: errorBody(409, 'This checkout session is not open') };
      },
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderApp({ route: '/checkout/dev/cs_1' });

    await userEvent.click(await screen.findByRole('button', { name: 'Pay $49.00' }));
    expect(await screen.findByText('This checkout session is not open')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    // The page reloads the session and says it is closed, with a way to the dashboard.
    expect(await screen.findByText(/no longer open: it has already been paid/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Pay $49.00' })).not.toBeInTheDocument();
  });

  it('a session that is not open offers no payment', async () => {
    installFetch({ ...signedIn(), 'GET /api/checkout/dev/cs_1': { body: devSession('canceled') } });
    renderApp({ route: '/checkout/dev/cs_1' });
    expect(await screen.findByText(/This checkout session is no longer open: it was canceled/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it.each([
    [403, 'Forbidden resource'],
    [404, 'Checkout session not found'],
  ])('shows the server message when loading answers %i', async (status, message) => {
    installFetch({ ...signedIn(), 'GET /api/checkout/dev/cs_1': { status, body: errorBody(status, message) } });
    renderApp({ route: '/checkout/dev/cs_1' });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('needs sign-in', async () => {
    installFetch(signedOut);
    renderApp({ route: '/checkout/dev/cs_1' });
    await waitFor(() => expect(currentLocation()).toBe('/login?next=%2Fcheckout%2Fdev%2Fcs_1'));
  });
});
