import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, deferred, errorBody, installFetch, type MockReply } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import { currentLocation, signedIn, signedOut } from '../../test/helpers';
import { renderApp, renderPage } from '../../test/render';
import { browser } from '../common/browser';
import { AppRoutes } from '../../App';
import { CheckoutStartPage } from './CheckoutStartPage';

function renderStrict(route: string) {
  return renderPage(
    <StrictMode>
      <CheckoutStartPage />
    </StrictMode>,
    '/checkout/start',
    { route },
  );
}

describe('/checkout/start', () => {
  it('signed out: sends the visitor to /login with next pointing back here', async () => {
    const fetchMock = installFetch({ ...signedOut, ...catalogHandlers });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderApp({ route: '/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve' });

    await waitFor(() =>
      expect(currentLocation()).toBe(
        `/login?next=${encodeURIComponent('/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve')}`,
      ),
    );
    expect(currentLocation()).toBe(
      '/login?next=%2Fcheckout%2Fstart%3Fsubject%3Dvagus-nerve%26priceId%3Dprice_vagus_nerve',
    );
    expect(callsTo(fetchMock, 'POST /api/checkout/create')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('signed out without a priceId: next keeps just the subject', async () => {
    installFetch({ ...signedOut, ...catalogHandlers });
    renderApp({ route: '/checkout/start?subject=metabolic' });
    await waitFor(() => expect(currentLocation()).toBe('/login?next=%2Fcheckout%2Fstart%3Fsubject%3Dmetabolic'));
  });

  it('signed in (StrictMode): shows Starting checkout, creates exactly one session and leaves for its url', async () => {
    const created = deferred<MockReply>();
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'POST /api/checkout/create': () => created.promise,
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderStrict('/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve');

    expect(await screen.findByRole('heading', { name: 'Starting checkout' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Starting checkout' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/checkout/create')).toHaveLength(1));
    created.resolve({ body: { url: '/checkout/dev/cs_1', sessionId: 'cs_1' } });

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/dev/cs_1'));
    expect(assign).toHaveBeenCalledTimes(1);
    const calls = callsTo(fetchMock, 'POST /api/checkout/create');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ subjectId: 'vagus-nerve', priceId: 'price_vagus_nerve' });
    expect(calls[0].headers.get('authorization')).toMatch(/^Bearer /);
    // The price id came with the link: no lookup needed.
    expect(callsTo(fetchMock, 'GET /api/marketplace/prices')).toHaveLength(0);
  });

  it('from the shop with auth already loaded (StrictMode runs the effect twice): still one session', async () => {
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/entitlements': { body: [] },
      'POST /api/checkout/create': { body: { url: '/checkout/dev/cs_9', sessionId: 'cs_9' } },
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderPage(
      <StrictMode>
        <AppRoutes />
      </StrictMode>,
      '/*',
      { route: '/shop?subject=vagus-nerve' },
    );

    const featured = await screen.findByRole('article', { name: 'The Vagus Nerve' });
    await userEvent.click(within(featured).getByRole('link', { name: 'Buy Access' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/dev/cs_9'));
    expect(screen.getByRole('heading', { name: 'Starting checkout' })).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST /api/checkout/create');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ subjectId: 'vagus-nerve', priceId: 'price_vagus_nerve' });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('follows an absolute (Stripe) url as well', async () => {
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'POST /api/checkout/create': {
        body: { url: 'https://checkout.stripe.com/c/pay/cs_live_1', sessionId: 'cs_live_1' },
      },
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderApp({ route: '/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_live_1'));
  });

  it("without a priceId: looks up the subject's price first", async () => {
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'POST /api/checkout/create': { body: { url: '/checkout/dev/cs_2', sessionId: 'cs_2' } },
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderStrict('/checkout/start?subject=metabolic');

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/dev/cs_2'));
    const calls = callsTo(fetchMock, 'POST /api/checkout/create');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ subjectId: 'metabolic', priceId: 'price_metabolic' });
  });

  it('without any price for the subject: buys nothing and goes back to the shop', async () => {
    const fetchMock = installFetch({ ...signedIn(), ...catalogHandlers });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderStrict('/checkout/start?subject=unknown-course');

    await waitFor(() => expect(currentLocation()).toBe('/shop?subject=unknown-course'));
    expect(callsTo(fetchMock, 'POST /api/checkout/create')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('on failure: logs it and goes back to /shop?subject=', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'POST /api/checkout/create': { status: 409, body: errorBody(409, 'You already own this course') },
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderStrict('/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve');

    await waitFor(() => expect(currentLocation()).toBe('/shop?subject=vagus-nerve'));
    expect(callsTo(fetchMock, 'POST /api/checkout/create')).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith('Checkout failed', expect.objectContaining({ status: 409 }));
  });
});
