import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { installFetch } from '../../test/fetch-mock';
import { signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';

describe('404', () => {
  it('shows the page and logs the bad path', async () => {
    installFetch(signedOut);
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({ route: '/no/such/page?x=1' });

    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // logged from an effect, which may run after the heading is on screen (the page is a lazy route)
    await waitFor(() =>
      expect(errorSpy).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/no/such/page'),
    );
  });

  it.each(['/learn', '/studio', '/certificates', '/dashboardx'])('treats %s as unknown', async (route) => {
    installFetch(signedOut);
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({ route });
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    await waitFor(() =>
      expect(errorSpy).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', route),
    );
  });

  it('does not log for known routes', async () => {
    installFetch(signedOut);
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({ route: '/shop' });
    expect(await screen.findByRole('heading', { name: 'Browse Courses' })).toBeInTheDocument();
    expect(errorSpy).not.toHaveBeenCalledWith(
      '404 Error: User attempted to access non-existent route:',
      expect.anything(),
    );
  });
});
