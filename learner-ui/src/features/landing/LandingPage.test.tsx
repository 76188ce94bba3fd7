import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { installFetch, type MockReply } from '../../test/fetch-mock';
import { currentLocation, signedIn, signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';

describe('/ (landing)', () => {
  it('shows a spinner while auth loads', async () => {
    installFetch({ 'POST /api/auth/refresh': () => new Promise<MockReply>(() => {}) });
    renderApp({ route: '/' });
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get Started Free' })).not.toBeInTheDocument();
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

  it('signed in: redirects to /dashboard', async () => {
    installFetch(signedIn());
    renderApp({ route: '/' });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });
});
