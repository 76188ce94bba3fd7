import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { entitlement, subject } from '../../test/catalog-fixtures';
import { installFetch } from '../../test/fetch-mock';
import { signedIn, signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { documentTitle, routeTitle } from './page-titles';

const subjects = {
  'GET /api/subjects': { body: [subject('vagus-nerve', 'Vagus Nerve')] },
};

describe('page titles', () => {
  it.each([
    ['/', '', 'Adaptive learning'],
    ['/login', '', 'Sign In'],
    ['/preview/node/vn-anatomy', '', 'Sample Lesson'],
    ['/graph', '?subject=vagus-nerve', 'Learning Graph'],
    ['/quiz', '?subject=x&kind=diag', 'Diagnostic'],
    ['/quiz', '?kind=final', 'Post Test'],
    ['/challenge/c1/day/3', '', 'Challenge Day 3'],
    ['/studio', '', 'Page Not Found'],
    ['/dashboardx', '', 'Page Not Found'],
  ])('%s%s is named %s', (path, search, title) => {
    expect(routeTitle(path, search)).toBe(title);
  });

  it('joins the page, the course and the site', () => {
    expect(documentTitle('Learning Graph', 'Vagus Nerve')).toBe('Learning Graph · Vagus Nerve · LearnPath');
    expect(documentTitle('Shop', null)).toBe('Shop · LearnPath');
  });

  it("names the document after the route and the chosen course's name", async () => {
    installFetch({ ...signedOut, ...subjects });
    renderApp({ route: '/shop?subject=vagus-nerve' });
    await screen.findByRole('heading', { level: 1, name: 'Browse Courses' });
    await waitFor(() => expect(document.title).toBe('Shop · Vagus Nerve · LearnPath'));
  });

  it('a 404 is named as such', async () => {
    installFetch(signedOut);
    renderApp({ route: '/no/such/page' });
    await screen.findByRole('heading', { name: 'Oops! Page not found' });
    await waitFor(() => expect(document.title).toBe('Page Not Found · LearnPath'));
  });
});

describe('skip link and focus on navigation', () => {
  it('the skip link is the first Tab stop and moves focus to the page heading', async () => {
    installFetch(signedOut);
    renderApp({ route: '/shop' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Browse Courses' });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('the first load leaves focus alone; a move to another page focuses its heading', async () => {
    installFetch({ ...signedOut, ...subjects });
    renderApp({ route: '/shop' });
    await screen.findByRole('heading', { level: 1, name: 'Browse Courses' });
    expect(document.body).toHaveFocus();

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'LearnPath home' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Browse Courses' })).not.toBeInTheDocument());
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Adaptive learning · LearnPath');
  });

  it('a page that focuses a field of its own keeps it (the sign-in form)', async () => {
    installFetch({ ...signedOut, ...subjects });
    renderApp({ route: '/shop' });
    await screen.findByRole('heading', { level: 1, name: 'Browse Courses' });
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Login' }));
    const email = await screen.findByLabelText('Email', { exact: false, selector: 'input' });
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('choosing a subject (the query string only) does not move focus', async () => {
    installFetch({
      ...signedIn(),
      'GET /api/subjects': { body: [subject('metabolic', 'metabolic')] },
      'GET /api/entitlements': { body: [entitlement('metabolic')] },
    });
    renderApp({ route: '/notes' });
    await screen.findByRole('heading', { level: 1 });
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Choose subject' });
    await user.click(input);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'metabolic' }));
    await waitFor(() => expect(document.title).toBe('My Notes · metabolic · LearnPath'));
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
  });
});
