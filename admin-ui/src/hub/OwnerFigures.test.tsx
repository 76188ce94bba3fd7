import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldReply, json, makeSession, mockFetch, stubLocation } from '../test/browser';
import { changeOf, periodOf, rateChangeOf } from './figures';

const REFRESH = 'POST /api/auth/refresh';
const DASHBOARD = 'GET /api/admin/dashboard';

const figures = {
  newLearners: { current: 3, previous: 1 },
  activeLearners: { current: 2, previous: 4 },
  diagnosticTakers: { current: 1, previous: 1 },
  topicsCompleted: { current: 2, previous: 0 },
  challengeEnrollments: { current: 2, previous: 1 },
  challengeCompletionRate: { current: 0.5, previous: 0.25 },
  certificatesIssued: { current: 1, previous: 1 },
  pendingReview: 7,
  failedJobs: { current: 2, previous: 1 },
};
const series = [
  { date: '2025-03-01', activeLearners: 0 },
  { date: '2025-03-02', activeLearners: 2 },
  { date: '2025-03-03', activeLearners: 1 },
];
const STUDIO_BODY = {
  from: '2025-03-01',
  to: '2025-03-03',
  previousFrom: '2025-02-26',
  previousTo: '2025-02-28',
  figures,
  series,
};
const ADMIN_BODY = {
  ...STUDIO_BODY,
  series: series.map((d) => ({ ...d, revenue: d.date === '2025-03-02' ? [{ currency: 'usd', amount: 4900 }] : [] })),
  revenue: {
    current: [
      { subjectId: 'metabolic', currency: 'usd', sales: 2, gross: 5800, refunded: 2900, disputed: 0, net: 2900 },
      { subjectId: 'vagus-nerve', currency: 'usd', sales: 1, gross: 4900, refunded: 0, disputed: 0, net: 4900 },
    ],
    previous: [],
    netCurrent: [{ currency: 'usd', amount: 7800 }],
    netPrevious: [{ currency: 'usd', amount: 3900 }],
  },
};

type Routes = Parameters<typeof mockFetch>[0];

async function renderHub(roles: string[], routes: Routes = {}) {
  stubLocation('/studio/');
  const server = mockFetch({
    [REFRESH]: json(makeSession(roles, { token: 'token-a' })),
    [DASHBOARD]: () => json(roles.includes('admin') ? ADMIN_BODY : STUDIO_BODY),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Studio' });
  return { server, user: userEvent.setup({ delay: null }) };
}

const figure = (name: string) => screen.getByRole('listitem', { name });

describe('figures', () => {
  it('compares with the previous period in percent, "new" from none, rates in points', () => {
    expect(changeOf(3, 1)).toMatchObject({ arrow: '▲', text: '200%' });
    expect(changeOf(2, 4)).toMatchObject({ arrow: '▼', text: '50%', spoken: 'down 50% on the previous period' });
    expect(changeOf(2, 0)).toMatchObject({ arrow: '▲', text: 'new' });
    expect(changeOf(0, 0)).toMatchObject({ arrow: '=', text: '0%' });
    expect(rateChangeOf(0.5, 0.25)).toMatchObject({ arrow: '▲', text: '25 pts' });
    expect(rateChangeOf(null, 0.25)).toBeNull();
  });

  it('a period of the last N days ends today (UTC) and includes it', () => {
    expect(periodOf(7, new Date('2026-11-27T23:59:00Z'))).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(periodOf(30, new Date('2026-03-01T00:00:00Z'))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });
});

describe('Studio hub figures', { timeout: 20_000 }, () => {
  it('shows a spinner, then each figure with its comparison; figures with a list link to it', async () => {
    const held = heldReply(() => json(STUDIO_BODY));
    const { server } = await renderHub(['learner', 'studio'], { [DASHBOARD]: held.reply });
    expect(await screen.findByRole('progressbar', { name: 'Loading figures' })).toBeInTheDocument();
    held.release();
    await screen.findByRole('list', { name: 'Figures' });
    expect(figure('New learners')).toHaveTextContent('3▲ 200%up 200% on the previous period');
    expect(figure('Active learners')).toHaveTextContent('2▼ 50%');
    expect(figure('Topics completed')).toHaveTextContent('2▲ new');
    expect(figure('Challenge completion rate')).toHaveTextContent('50%▲ 25 pts');
    expect(figure('Pending review')).toHaveTextContent('7now');
    expect(within(figure('New learners')).getByRole('link')).toHaveAttribute('href', '/studio/users');
    expect(within(figure('Failed jobs')).getByRole('link')).toHaveAttribute('href', '/studio/jobs');
    expect(within(figure('Pending review')).getByRole('link')).toHaveAttribute('href', '/studio/review');
    expect(within(figure('Certificates issued')).getByRole('link')).toHaveAttribute('href', '/studio/certificates');
    expect(within(figure('Active learners')).queryByRole('link')).toBeNull();
    expect(
      screen.getByRole('img', {
        name: /Active learners per day from 2025-03-01 to 2025-03-03: highest 2 on 2025-03-02/,
      }),
    ).toBeInTheDocument();
    // no money for the studio role
    expect(screen.queryByText(/revenue/i)).toBeNull();
    expect(screen.queryByRole('table', { name: 'Sales by course' })).toBeNull();
    // the default period: the last 30 days
    const [call] = server.callsTo('GET', '/api/admin/dashboard');
    expect(call.path).toBe(`/api/admin/dashboard?from=${periodOf(30).from}&to=${periodOf(30).to}`);
    expect(call.headers.get('Authorization')).toBe('Bearer token-a');
    // the hub's cards are still there
    expect(within(screen.getByRole('list', { name: 'Studio screens' })).getAllByRole('listitem')).toHaveLength(10);
  });

  it('the period picker asks for the last 7 or 90 days', async () => {
    const { server, user } = await renderHub(['learner', 'studio']);
    await screen.findByRole('list', { name: 'Figures' });
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/dashboard')).toHaveLength(2));
    expect(server.callsTo('GET', '/api/admin/dashboard')[1].path).toContain(`from=${periodOf(7).from}`);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/dashboard')).toHaveLength(3));
    expect(server.callsTo('GET', '/api/admin/dashboard')[2].path).toContain(`from=${periodOf(90).from}`);
  });

  it('an admin also sees net revenue, its daily chart and sales by course', async () => {
    await renderHub(['learner', 'studio', 'admin']);
    await screen.findByRole('list', { name: 'Figures' });
    expect(figure('Net revenue (USD)')).toHaveTextContent('$78.00▲ 100%');
    const table = screen.getByRole('table', { name: 'Sales by course' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'CourseSalesGrossRefundedDisputedNet',
      'metabolic2$58.00$29.00$0.00$29.00',
      'vagus-nerve1$49.00$0.00$0.00$49.00',
    ]);
    expect(
      screen.getByRole('img', { name: /Net revenue per day in USD .*highest \$49\.00 on 2025-03-02/ }),
    ).toBeInTheDocument();
  });

  it('a quiet period says so; a failure shows the message and Try again reads again', async () => {
    const quiet = { ...STUDIO_BODY, series: series.map((d) => ({ ...d, activeLearners: 0 })) };
    const { server, user } = await renderHub(['learner', 'studio'], {
      [DASHBOARD]: [apiError(500, 'Internal server error (id 9)'), json(quiet)],
    });
    expect(await screen.findByText('Could not load the figures: Internal server error (id 9)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No learner activity in this period yet.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/dashboard')).toHaveLength(2);
  });
});
