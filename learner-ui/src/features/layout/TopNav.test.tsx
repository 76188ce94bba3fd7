import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { entitlement, subject } from '../../test/catalog-fixtures';
import { callsTo, installFetch } from '../../test/fetch-mock';
import { currentLocation, signedIn, signedOut, toast } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { SESSION_HINT_KEY } from '../auth/session-storage';

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('top navigation', () => {
  it('signed out: Shop, Login, Register and a brand link home', async () => {
    installFetch(signedOut);
    renderApp({ route: '/shop' });
    await screen.findByRole('heading', { name: 'Browse Courses' });
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Shop', '/shop'],
      ['Login', '/login'],
      ['Register', '/register'],
    ]);
    expect(screen.getByRole('link', { name: 'LearnPath home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('a first visit asks the server for no session (no marker cookie, no hint): no refresh request, no 401', async () => {
    document.cookie = 'lp_session=; Max-Age=0; Path=/';
    const fetchMock = installFetch(signedOut);
    renderApp({ route: '/shop' });
    await screen.findByRole('heading', { name: 'Browse Courses' });
    expect(within(mainNav()).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/refresh')).toHaveLength(0);
  });

  it('signed in: the learning links carry the chosen subject; no Studio without the role', async () => {
    installFetch(signedIn('ada@example.com', ['learner']));
    renderApp({ route: '/dashboard?subject=metabolic' });
    await screen.findByRole('heading', { level: 1 });
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Learn', '/graph?subject=metabolic'],
      ['Practice', '/practice?subject=metabolic'],
      ['Challenges', '/challenges?subject=metabolic'],
      ['Notes', '/notes?subject=metabolic'],
      ['Bookmarks', '/bookmarks?subject=metabolic'],
    ]);
    expect(screen.getByRole('link', { name: 'LearnPath home' })).toHaveAttribute(
      'href',
      '/dashboard?subject=metabolic',
    );
  });

  it('signed in without a subject: plain links', async () => {
    installFetch(signedIn());
    renderApp({ route: '/dashboard' });
    await screen.findByRole('heading', { level: 1 });
    expect(within(mainNav()).getByRole('link', { name: 'Learn' })).toHaveAttribute('href', '/graph');
    expect(screen.getByRole('link', { name: 'LearnPath home' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows Studio (a full page load to /studio) for the studio role', async () => {
    installFetch(signedIn('sam@example.com', ['learner', 'studio']));
    renderApp({ route: '/dashboard' });
    await screen.findByRole('heading', { level: 1 });
    const studio = within(mainNav()).getByRole('link', { name: 'Studio' });
    expect(studio).toHaveAttribute('href', '/studio');
    expect(studio.tagName).toBe('A');
  });

  it('the account menu shows the e-mail, the roles and Logout', async () => {
    const fetchMock = installFetch({
      ...signedIn('sam@example.com', ['learner', 'studio']),
      'POST /api/auth/logout': { status: 204 },
    });
    renderApp({ route: '/dashboard' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('sam@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('learner, studio')).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(callsTo(fetchMock, 'POST /api/auth/logout')).toHaveLength(1);
    expect(within(await toast()).getByText('Logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
    expect(within(mainNav()).getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it("shows 'User' when the account has no roles", async () => {
    installFetch(signedIn('ada@example.com', []));
    renderApp({ route: '/dashboard' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(within(await screen.findByRole('menu')).getByText('User')).toBeInTheDocument();
  });

  it('the mobile menu toggle opens the same links', async () => {
    installFetch(signedIn());
    renderApp({ route: '/dashboard?subject=metabolic' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Toggle menu' }));
    const mobile = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getByRole('link', { name: 'Learn' })).toHaveAttribute('href', '/graph?subject=metabolic');
    expect(within(mobile).getByRole('link', { name: 'Bookmarks' })).toHaveAttribute(
      'href',
      '/bookmarks?subject=metabolic',
    );
  });
});

describe('subject selector', () => {
  it('signed out: lists the published subjects and sets ?subject=', async () => {
    installFetch({
      ...signedOut,
      'GET /api/subjects': { body: [subject('vagus-nerve', 'Vagus Nerve'), subject('metabolic', 'metabolic')] },
    });
    renderApp({ route: '/shop' });
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Choose subject' });
    expect(input).toHaveAttribute('placeholder', 'Choose subject');
    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    const names = within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['Vagus Nerve', 'metabolic']);

    await user.click(within(listbox).getByRole('option', { name: 'Vagus Nerve' }));
    await waitFor(() => expect(currentLocation()).toBe('/shop?subject=vagus-nerve'));
  });

  it('signed in: lists only subjects with an active entitlement, named from the subject list', async () => {
    const fetchMock = installFetch({
      ...signedIn(),
      'GET /api/subjects': {
        body: [
          subject('vagus-nerve', 'Vagus Nerve'),
          subject('metabolic', 'Metabolic Health'),
          subject('ai-user', 'AI User'),
        ],
      },
      'GET /api/entitlements': {
        body: [entitlement('metabolic'), entitlement('ai-user', 'refunded'), entitlement('unknown-subject')],
      },
    });
    renderApp({ route: '/dashboard?subject=metabolic' });
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Choose subject' });
    await waitFor(() => expect(input).toHaveValue('Metabolic Health'));
    expect(callsTo(fetchMock, 'GET /api/entitlements')[0].headers.get('authorization')).toMatch(/^Bearer /);

    await user.click(input);
    await user.clear(input);
    const names = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['Metabolic Health', 'unknown-subject']);
  });

  it('clearing the selector removes ?subject=', async () => {
    installFetch({ ...signedOut, 'GET /api/subjects': { body: [subject('metabolic', 'metabolic')] } });
    renderApp({ route: '/shop?subject=metabolic&x=1' });
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Choose subject' });
    await waitFor(() => expect(input).toHaveValue('metabolic'));
    await user.clear(input);
    await waitFor(() => expect(currentLocation()).toBe('/shop?x=1'));
  });

  it('missing endpoints give an empty list, not an error', async () => {
    installFetch(signedIn()); // /api/subjects and /api/entitlements answer 404
    renderApp({ route: '/dashboard' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Choose subject' }));
    expect(await screen.findByText('No subjects available')).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard');
  });
});
