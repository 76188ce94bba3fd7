import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { callsTo, deferred, errorBody, installFetch, type MockReply } from '../../test/fetch-mock';
import { catalogHandlers, entitlement, purchase } from '../../test/catalog-fixtures';
import { masteryAnswer, topicSkills } from '../../test/mastery-fixtures';
import { currentLocation, signedIn } from '../../test/helpers';
import { renderApp, renderPage } from '../../test/render';
import { RequireAuth } from '../auth/components/RequireAuth';
import { DashboardPage } from './DashboardPage';

const NO_MASTERY = 'No mastery data yet. Take a diagnostic or practice to begin tracking.';

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('/dashboard: My Courses', () => {
  it('lists the first 5 purchases with Study Now, and "+N more"', async () => {
    const purchases = Array.from({ length: 7 }, (_, i) => purchase(i, `course-${i + 1}`, `Course ${i + 1}`));
    const fetchMock = installFetch({ ...signedIn(), 'GET /api/purchases': { body: purchases } });
    renderApp({ route: '/dashboard' });

    const mine = await screen.findByRole('region', { name: 'My Courses' });
    const links = await within(mine).findAllByRole('link', { name: 'Study Now' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/graph?subject=course-1',
      '/graph?subject=course-2',
      '/graph?subject=course-3',
      '/graph?subject=course-4',
      '/graph?subject=course-5',
    ]);
    const rows = within(mine).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('Course 1');
    expect(within(mine).queryByText('Course 6')).not.toBeInTheDocument();
    expect(within(mine).getByText('+2 more')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/purchases')[0].headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('exactly 5 purchases: no "+N more"', async () => {
    const purchases = Array.from({ length: 5 }, (_, i) => purchase(i, `course-${i + 1}`, `Course ${i + 1}`));
    installFetch({ ...signedIn(), 'GET /api/purchases': { body: purchases } });
    renderApp({ route: '/dashboard' });
    const mine = await screen.findByRole('region', { name: 'My Courses' });
    expect(await within(mine).findAllByRole('link', { name: 'Study Now' })).toHaveLength(5);
    expect(within(mine).queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('without purchases: an empty state with a link to the shop', async () => {
    installFetch({ ...signedIn(), 'GET /api/purchases': { body: [] } });
    renderApp({ route: '/dashboard' });
    const mine = await screen.findByRole('region', { name: 'My Courses' });
    expect(await within(mine).findByRole('link', { name: 'Visit the Shop' })).toHaveAttribute('href', '/shop');
    expect(within(mine).queryByRole('link', { name: 'Study Now' })).not.toBeInTheDocument();
  });
});

describe('/dashboard: Browse All Subjects', () => {
  it('shows the first 3 subjects: Owned with Study, the rest View', async () => {
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/entitlements': { body: [entitlement('vagus-nerve')] },
    });
    renderApp({ route: '/dashboard' });

    const browse = await screen.findByRole('region', { name: 'Browse All Subjects' });
    await within(browse).findAllByRole('article');
    const cards = within(browse).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Metabolic Health Essentials',
      'The Vagus Nerve',
      'Working with AI',
    ]);

    const owned = within(browse).getByRole('article', { name: 'The Vagus Nerve' });
    expect(await within(owned).findByText('Owned')).toBeInTheDocument();
    expect(within(owned).getByRole('link', { name: 'Study' })).toHaveAttribute('href', '/graph?subject=vagus-nerve');
    expect(within(owned).queryByRole('link', { name: 'View' })).not.toBeInTheDocument();

    for (const [title, id] of [
      ['Metabolic Health Essentials', 'metabolic'],
      ['Working with AI', 'ai-user'],
    ]) {
      const card = within(browse).getByRole('article', { name: title });
      expect(within(card).queryByText('Owned')).not.toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'View' })).toHaveAttribute('href', `/preview?subject=${id}`);
    }
    expect(within(browse).getAllByText('Owned')).toHaveLength(1);
  });
});

describe('/dashboard: Learning Progress', () => {
  it('shows the empty text while the mastery endpoint does not exist', async () => {
    installFetch(signedIn());
    renderApp({ route: '/dashboard' });
    const progress = await screen.findByRole('region', { name: 'Learning Progress' });
    expect(await within(progress).findByText(NO_MASTERY)).toBeInTheDocument();
    expect(within(progress).getByRole('link', { name: 'View Full Report' })).toHaveAttribute('href', '/mastery');
  });

  it('shows the empty text for an empty map', async () => {
    installFetch({ ...signedIn(), 'GET /api/users/me/mastery': { body: masteryAnswer() } });
    renderApp({ route: '/dashboard' });
    expect(await screen.findByText(NO_MASTERY)).toBeInTheDocument();
  });

  it('shows the first 4 entries as percent bars', async () => {
    installFetch({
      ...signedIn(),
      'GET /api/users/me/mastery': {
        body: masteryAnswer(
          topicSkills('vagus-nerve', { 'Vagal tone': 0.82, HRV: 0.5, Breathing: 0.256, Anatomy: 0, Stimulation: 0.9 }),
        ),
      },
    });
    renderApp({ route: '/dashboard' });
    const progress = await screen.findByRole('region', { name: 'Learning Progress' });
    const bars = await within(progress).findAllByRole('progressbar');
    expect(bars.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuenow')])).toEqual([
      ['Vagal tone', '82'],
      ['HRV', '50'],
      ['Breathing', '26'],
      ['Anatomy', '0'],
    ]);
    expect(within(progress).getByText('82%')).toBeInTheDocument();
    expect(within(progress).getByText('26%')).toBeInTheDocument();
    expect(within(progress).queryByText('Stimulation')).not.toBeInTheDocument();
    expect(within(progress).queryByText(NO_MASTERY)).not.toBeInTheDocument();
    expect(within(progress).getByRole('link', { name: 'View Full Report' })).toHaveAttribute('href', '/mastery');
  });
});

describe('/dashboard: payment return', () => {
  it('verifies the session once (StrictMode), removes checkout and session_id, and shows the course as owned', async () => {
    let paid = false;
    const verify = deferred<MockReply>();
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'POST /api/checkout/verify': async () => {
        const reply = await verify.promise;
        paid = true;
        return reply;
      },
      'GET /api/entitlements': () => ({ body: paid ? [entitlement('vagus-nerve')] : [] }),
      'GET /api/purchases': () => ({ body: paid ? [purchase(0, 'vagus-nerve', 'The Vagus Nerve')] : [] }),
    });
    renderPage(
      <StrictMode>
        <RequireAuth>
          <DashboardPage />
        </RequireAuth>
      </StrictMode>,
      '/dashboard',
      { route: '/dashboard?subject=metabolic&checkout=success&session_id=cs_1' },
    );

    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/checkout/verify')).toHaveLength(1));
    // Before the answer, the course is not owned yet.
    const mine = await screen.findByRole('region', { name: 'My Courses' });
    expect(await within(mine).findByRole('link', { name: 'Visit the Shop' })).toBeInTheDocument();

    verify.resolve({ body: { sessionId: 'cs_1', status: 'paid', subjectId: 'vagus-nerve', entitled: true } });

    await waitFor(() => expect(currentLocation()).toBe('/dashboard?subject=metabolic'));
    const call = callsTo(fetchMock, 'POST /api/checkout/verify');
    expect(call).toHaveLength(1);
    expect(call[0].body).toEqual({ session_id: 'cs_1' });
    expect(call[0].headers.get('authorization')).toMatch(/^Bearer /);

    // Entitlements, purchases and subjects are fetched again, so the course now shows as owned.
    expect(await within(mine).findByRole('link', { name: 'Study Now' })).toHaveAttribute(
      'href',
      '/graph?subject=vagus-nerve',
    );
    const browse = section('Browse All Subjects');
    const vagus = within(browse).getByRole('article', { name: 'The Vagus Nerve' });
    expect(await within(vagus).findByText('Owned')).toBeInTheDocument();
    expect(within(vagus).getByRole('link', { name: 'Study' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/subjects').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText(/Payment confirmed/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/checkout/verify')).toHaveLength(1);
  });

  it('only logs a verification error, and still cleans the address', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = installFetch({
      ...signedIn(),
      'POST /api/checkout/verify': { status: 403, body: errorBody(403, 'Forbidden resource') },
    });
    renderApp({ route: '/dashboard?checkout=success&session_id=cs_other' });

    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(callsTo(fetchMock, 'POST /api/checkout/verify')).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith('Payment verification failed', expect.objectContaining({ status: 403 }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does nothing without a session_id', async () => {
    const fetchMock = installFetch(signedIn());
    renderApp({ route: '/dashboard?subject=metabolic' });
    await screen.findByRole('region', { name: 'My Courses' });
    expect(callsTo(fetchMock, 'POST /api/checkout/verify')).toHaveLength(0);
    expect(currentLocation()).toBe('/dashboard?subject=metabolic');
  });
});
