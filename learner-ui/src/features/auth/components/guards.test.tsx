import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { errorBody, installFetch, type MockReply } from '../../../test/fetch-mock';
import { currentLocation, signedIn, signedOut } from '../../../test/helpers';
import { renderApp, renderPage } from '../../../test/render';
import { RequireStudio } from './RequireStudio';
import { PREVIEW } from '../../../test/catalog-fixtures';

describe('sign-in guard', () => {
  it('shows a spinner while the session probe runs', async () => {
    installFetch({ 'POST /api/auth/refresh': () => new Promise<MockReply>(() => {}) });
    renderApp({ route: '/notes' });
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/notes');
  });

  it.each([
    ['/dashboard', '/login?next=%2Fdashboard'],
    ['/graph?subject=metabolic', '/login?next=%2Fgraph%3Fsubject%3Dmetabolic'],
    ['/challenge/vagus-reset-14/day/2', '/login?next=%2Fchallenge%2Fvagus-reset-14%2Fday%2F2'],
  ])('sends a signed-out visitor from %s to %s', async (route, expected) => {
    installFetch(signedOut);
    renderApp({ route });
    await waitFor(() => expect(currentLocation()).toBe(expected));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('lets a signed-in user through', async () => {
    installFetch(signedIn());
    renderApp({ route: '/mastery' });
    expect(await screen.findByRole('heading', { name: 'Learning Mastery' })).toBeInTheDocument();
  });

  it('public pages stay public', async () => {
    installFetch({ ...signedOut, 'GET /api/preview': { body: PREVIEW } });
    renderApp({ route: '/preview?subject=vagus-nerve' });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Vagus Nerve' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/preview?subject=vagus-nerve');
  });
});

describe('studio guard', () => {
  it('sends users without the studio role to /dashboard', async () => {
    installFetch(signedIn('ada@example.com', ['learner']));
    renderPage(<RequireStudio>studio content</RequireStudio>, '/studio-area', { route: '/studio-area' });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(screen.queryByText('studio content')).not.toBeInTheDocument();
  });

  it('lets studio users in', async () => {
    installFetch(signedIn('sam@example.com', ['studio']));
    renderPage(<RequireStudio>studio content</RequireStudio>, '/studio-area', { route: '/studio-area' });
    expect(await screen.findByText('studio content')).toBeInTheDocument();
  });

  it('sends signed-out visitors to login', async () => {
    installFetch(signedOut);
    renderPage(<RequireStudio>studio content</RequireStudio>, '/studio-area', { route: '/studio-area' });
    await waitFor(() => expect(currentLocation()).toBe('/login?next=%2Fstudio-area'));
  });
});

describe('the 401 rule in the running app', () => {
  it('a 401 from an ordinary call signs out and goes to /login', async () => {
    installFetch({
      ...signedIn(),
      'GET /api/entitlements': { status: 401, body: errorBody(401, 'Unauthorized') },
    });
    renderApp({ route: '/dashboard' });
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
