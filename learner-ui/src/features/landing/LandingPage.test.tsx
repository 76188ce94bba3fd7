import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { installFetch, type MockReply } from '../../test/fetch-mock';
import { currentLocation, signedIn, signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { writeSessionHint } from '../auth/session-storage';

describe('/ (landing)', () => {
  it('shows a spinner while auth loads for a remembered session', async () => {
    writeSessionHint({ email: 'ada@example.com', roles: ['learner'] });
    installFetch({ 'POST /api/auth/refresh': () => new Promise<MockReply>(() => {}) });
    renderApp({ route: '/' });
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get Started Free' })).not.toBeInTheDocument();
  });

  it('without a remembered session, shows the page while auth loads', async () => {
    installFetch({ 'POST /api/auth/refresh': () => new Promise<MockReply>(() => {}) });
    renderApp({ route: '/' });
    expect(await screen.findByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('signed out: hero, featured course, the four features and the calls to action', async () => {
    installFetch(signedOut);
    renderApp({ route: '/' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The Vagus Nerve' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Access' })).toHaveAttribute('href', '/shop?subject=vagus-nerve');
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/preview?subject=vagus-nerve');
    for (const title of ['Adaptive Learning', 'Interactive Content', 'Progress Tracking', 'Expert Support']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();
  });

  it('shows the featured course price live from the price list', async () => {
    installFetch({
      ...signedOut,
      'GET /api/marketplace/prices': {
        body: { prices: [{ subjectId: 'vagus-nerve', currency: 'usd', amount: 4900, priceId: 'price_vagus_nerve' }] },
      },
    });
    renderApp({ route: '/' });
    expect(await screen.findByTestId('featured-price')).toHaveTextContent('$49.00 one-time');
    expect(screen.getByRole('link', { name: 'Buy Access' })).toHaveAttribute('href', '/shop?subject=vagus-nerve');
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/preview?subject=vagus-nerve');
  });

  it('shows no price when the price list cannot be loaded', async () => {
    installFetch(signedOut);
    renderApp({ route: '/' });
    expect(await screen.findByRole('heading', { name: 'The Vagus Nerve' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Buy Access' })).toBeInTheDocument());
    expect(screen.queryByTestId('featured-price')).not.toBeInTheDocument();
  });

  it('signed in: redirects to /dashboard', async () => {
    installFetch(signedIn());
    renderApp({ route: '/' });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });
});
