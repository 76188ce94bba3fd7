import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { apiError, json, makeSession, mockFetch, stubLocation } from './test/browser';

const HUB_CARDS = [
  ['Versions', '/studio/versions'],
  ['Subjects', '/studio/subjects'],
  ['Users', '/studio/users'],
  ['Media', '/studio/media'],
  ['TTS', '/studio/tts'],
  ['TTS Video', '/studio/tts-video'],
  ['Jobs', '/studio/jobs'],
  ['Review', '/studio/review'],
  ['Certificates', '/studio/certificates'],
  ['Analytics', '/studio/analytics'],
];

/** A fresh App (and so a fresh in-memory session) for each test. */
async function renderApp() {
  vi.resetModules();
  const { App } = await import('./App');
  return render(<App />);
}

describe('Studio app', () => {
  it('shows the hub with the ten screen cards, and no Migrate card, to a studio user', async () => {
    const { assign, replace } = stubLocation('/studio/');
    mockFetch({ 'POST /api/auth/refresh': json(makeSession(['learner', 'studio'])) });
    await renderApp();

    expect(await screen.findByRole('heading', { level: 1, name: 'Studio' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Studio screens' })).getAllByRole('link');
    expect(
      cards.map((card) => [within(card).getByRole('heading', { level: 2 }).textContent, card.getAttribute('href')]),
    ).toEqual(HUB_CARDS);
    expect(within(cards[2]).getByText('Assign roles, tags and module unlocks to users.')).toBeInTheDocument();
    expect(screen.queryByText(/migrat/i)).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
  });

  it('has a menu with the same screens and a full-page link to the learner site', async () => {
    stubLocation('/studio/');
    mockFetch({ 'POST /api/auth/refresh': json(makeSession(['learner', 'studio'])) });
    await renderApp();

    await screen.findByRole('heading', { level: 1, name: 'Studio' });
    const menu = screen.getByRole('menu');
    for (const [label, href] of HUB_CARDS) {
      expect(within(menu).getByRole('menuitem', { name: label })).toHaveAttribute('href', href);
    }
    // A plain href to "/", not a react-router link inside /studio.
    expect(within(menu).getByRole('menuitem', { name: 'Learner site' })).toHaveAttribute('href', '/');
    expect(within(menu).queryByRole('menuitem', { name: /migrat/i })).not.toBeInTheDocument();
    // the queue dashboard is for admins only
    expect(within(menu).queryByRole('menuitem', { name: 'Queues' })).not.toBeInTheDocument();
  });

  it('offers admins the queue dashboard: a dashboard session first, then the page in a new tab', async () => {
    stubLocation('/studio/');
    const server = mockFetch({
      'POST /api/auth/refresh': json(makeSession(['learner', 'studio', 'admin'])),
      'POST /api/admin/queues/session': () => new Response(null, { status: 204 }),
    });
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Studio' });
    within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Queues' }).click();
    await waitFor(() => expect(tab.location.href).toBe('/api/admin/queues/'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    const [session] = server.callsTo('POST', '/api/admin/queues/session');
    expect(session.headers.get('Authorization')).toBe('Bearer access-1');
    await server.idle();
    open.mockRestore();
  });

  it('keeps a spinner up and sends a user without the studio role to /dashboard', async () => {
    const { assign, replace } = stubLocation('/studio/users');
    const server = mockFetch({ 'POST /api/auth/refresh': json(makeSession(['learner'])) });
    await renderApp();

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
    await server.idle();
    expect(screen.getByRole('status', { name: 'Loading Studio' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to the learner sign-in page, coming back to the same screen', async () => {
    const { assign } = stubLocation('/studio/jobs');
    const server = mockFetch({ 'POST /api/auth/refresh': apiError(401, 'Auth session missing!') });
    await renderApp();

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?next=%2Fstudio%2Fjobs'));
    await server.idle();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'Loading Studio' })).toBeInTheDocument();
  });

  it("forwards react-admin's own login route to the learner sign-in page", async () => {
    const { assign } = stubLocation('/studio/login');
    const server = mockFetch({});
    await renderApp();

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?next=%2Fstudio'));
    expect(screen.getByRole('status', { name: 'Loading Studio' })).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('serves /studio/migrate (not on the hub) with the Migrate screen', async () => {
    stubLocation('/studio/migrate');
    mockFetch({ 'POST /api/auth/refresh': json(makeSession(['learner', 'studio'])) });
    await renderApp();

    expect(await screen.findByRole('heading', { level: 1, name: 'Migrate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Content Migration' })).toBeEnabled();
  });

  it('shows the node editor route with its id in the path', async () => {
    stubLocation('/studio/editor/node-42');
    const server = mockFetch({
      'POST /api/auth/refresh': json(makeSession(['learner', 'studio'])),
      'GET /api/studio/nodes/node-42': json({
        id: 'node-42',
        subjectId: 'vagus-nerve',
        title: 'Node Forty-Two',
        summary_html: '',
        variants: { beginner: '', advanced: '', practical: '', theoretical: '' },
        sources: [],
        hasOverlay: false,
      }),
    });
    await renderApp();

    expect(await screen.findByRole('heading', { level: 1, name: 'Node Forty-Two' })).toBeInTheDocument();
    // Without ?subject= the editor opens the default subject.
    expect(server.callsTo('GET', '/api/studio/nodes/node-42')[0].path).toBe(
      '/api/studio/nodes/node-42?subject=vagus-nerve',
    );
  });

  it('shows the 404 page for an unknown Studio path', async () => {
    stubLocation('/studio/nope');
    mockFetch({ 'POST /api/auth/refresh': json(makeSession(['learner', 'studio'])) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderApp();

    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('404: no Studio page at /studio/nope');
  });
});
