import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { callsTo, deferred, errorBody, installFetch, type MockReply } from '../../test/fetch-mock';
import { catalogHandlers, entitlement, SUBJECTS } from '../../test/catalog-fixtures';
import { signedIn, signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';

function cards() {
  return screen.getAllByRole('article');
}

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('/shop', () => {
  it('lists published courses with prices; the subject from the address is Featured and first', async () => {
    installFetch({ ...signedOut, ...catalogHandlers });
    renderApp({ route: '/shop?subject=vagus-nerve' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Courses' })).toBeInTheDocument();
    await screen.findAllByRole('article');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'The Vagus Nerve',
      'Metabolic Health Essentials',
      'Working with AI',
      'Building a Company with AI',
    ]);

    const featured = card('The Vagus Nerve');
    expect(within(featured).getByText('Featured')).toBeInTheDocument();
    expect(screen.getAllByText('Featured')).toHaveLength(1);
    expect(within(featured).getByText("Your body's built-in calm switch.")).toBeInTheDocument();
    expect(within(featured).getByText('$49.00')).toBeInTheDocument();
    expect(within(card('Metabolic Health Essentials')).getByText('$29.00')).toBeInTheDocument();
    expect(within(card('Building a Company with AI')).getByText('$29.50')).toBeInTheDocument();

    expect(within(featured).getByRole('link', { name: 'Buy Access' })).toHaveAttribute(
      'href',
      '/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve',
    );
    expect(within(featured).getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      '/preview?subject=vagus-nerve',
    );
    // Signed out: nobody owns anything.
    expect(screen.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.queryByText('Owned')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Buy Access' })).toHaveLength(4);
  });

  it('keeps the server order without a subject, and resolves a subject given by name', async () => {
    installFetch({ ...signedOut, ...catalogHandlers });
    const { unmount } = renderApp({ route: '/shop' });
    await screen.findAllByRole('article');
    expect(within(cards()[0]).getByRole('heading')).toHaveTextContent('Metabolic Health Essentials');
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();
    unmount();

    renderApp({ route: '/shop?subject=AI for Founders' });
    await screen.findAllByRole('article');
    expect(within(cards()[0]).getByRole('heading')).toHaveTextContent('Building a Company with AI');
    expect(within(cards()[0]).getByText('Featured')).toBeInTheDocument();
  });

  it('signed in: owned courses show Owned and Continue instead of Buy Access', async () => {
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/entitlements': { body: [entitlement('metabolic'), entitlement('ai-for-founders', 'refunded')] },
    });
    renderApp({ route: '/shop' });

    const owned = await screen.findByRole('article', { name: 'Metabolic Health Essentials' });
    expect(await within(owned).findByText('Owned')).toBeInTheDocument();
    expect(within(owned).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/graph?subject=metabolic');
    expect(within(owned).queryByRole('link', { name: 'Buy Access' })).not.toBeInTheDocument();
    expect(within(owned).getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/preview?subject=metabolic');

    // A non-active entitlement does not count.
    const notOwned = card('Building a Company with AI');
    expect(within(notOwned).queryByText('Owned')).not.toBeInTheDocument();
    expect(within(notOwned).getByRole('link', { name: 'Buy Access' })).toHaveAttribute(
      'href',
      '/checkout/start?subject=ai-for-founders&priceId=price_ai_for_founders',
    );
    expect(screen.getAllByRole('link', { name: 'Continue' })).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/entitlements')[0].headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('shows skeletons while loading', async () => {
    const pending = deferred<MockReply>();
    installFetch({ ...signedOut, ...catalogHandlers, 'GET /api/subjects': () => pending.promise });
    renderApp({ route: '/shop' });
    expect(await screen.findByTestId('shop-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    pending.resolve({ body: SUBJECTS });
    await screen.findAllByRole('article');
    expect(screen.queryByTestId('shop-loading')).not.toBeInTheDocument();
  });

  it('shows an empty state when there are no courses', async () => {
    installFetch({ ...signedOut, ...catalogHandlers, 'GET /api/subjects': { body: [] } });
    renderApp({ route: '/shop' });
    expect(await screen.findByRole('heading', { name: 'No courses available yet' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('only logs load failures', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    installFetch({
      ...signedOut,
      'GET /api/subjects': { status: 500, body: errorBody(500, 'boom') },
      'GET /api/marketplace/prices': { status: 500, body: errorBody(500, 'boom') },
    });
    renderApp({ route: '/shop' });
    expect(await screen.findByRole('heading', { name: 'No courses available yet' })).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load courses', expect.anything()));
    expect(logged).toHaveBeenCalledWith('Failed to load prices', expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
