import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldReply, json, makeSession, mockFetch, stubLocation } from '../test/browser';

const REFRESH = 'POST /api/auth/refresh';
const ANALYTICS = 'GET /api/admin/analytics';

const BODY = {
  enrollments: [
    { challengeId: 'vagus-reset-14', count: 12 },
    { challengeId: 'vagus-breath-7', count: 5 },
    { challengeId: 'vagus-tvns-10', count: 0 },
  ],
  certificates: [
    { challengeId: 'vagus-reset-14', count: 3 },
    { challengeId: 'vagus-breath-7', count: 1 },
    { challengeId: 'vagus-tvns-10', count: 0 },
  ],
  funnels: [
    {
      challengeId: 'vagus-breath-7',
      steps: [
        { step: 'enrolled', label: 'Enrolled', count: 4 },
        { step: 'day-1', label: 'Day 1 passed', count: 3 },
        { step: 'day-2', label: 'Day 2 passed', count: 2 },
        { step: 'certificate', label: 'Certificate', count: 1 },
      ],
    },
    {
      challengeId: 'vagus-tvns-10',
      steps: [
        { step: 'enrolled', label: 'Enrolled', count: 0 },
        { step: 'certificate', label: 'Certificate', count: 0 },
      ],
    },
  ],
};

type Routes = Parameters<typeof mockFetch>[0];

async function renderAnalytics(routes: Routes = {}) {
  stubLocation('/studio/analytics');
  const server = mockFetch({
    [REFRESH]: json(makeSession(['learner', 'studio'], { token: 'token-a' })),
    [ANALYTICS]: () => json(BODY),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Analytics' });
  return { server, user: userEvent.setup({ delay: null }) };
}

const rows = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('Analytics screen', { timeout: 20_000 }, () => {
  it('shows a spinner, then Enrollments and Certificates per challenge with their counts', async () => {
    const held = heldReply(() => json(BODY));
    const { server } = await renderAnalytics({ [ANALYTICS]: held.reply });
    expect(await screen.findByRole('progressbar', { name: 'Loading analytics' })).toBeInTheDocument();
    held.release();

    await screen.findByRole('list', { name: 'Enrollments' });
    expect(rows('Enrollments')).toEqual(['vagus-reset-1412', 'vagus-breath-75', 'vagus-tvns-100']);
    expect(rows('Certificates')).toEqual(['vagus-reset-143', 'vagus-breath-71', 'vagus-tvns-100']);
    expect(within(screen.getByRole('region', { name: 'Enrollments' })).getByText('17 in all')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Certificates' })).getByText('4 in all')).toBeInTheDocument();
    const [call] = server.callsTo('GET', '/api/admin/analytics');
    expect(call.headers.get('Authorization')).toBe('Bearer token-a');
  });

  it('shows a failure with the server message, and Try again reads again', async () => {
    const { server, user } = await renderAnalytics({
      [ANALYTICS]: [apiError(500, 'Internal server error (id 5)'), json(BODY)],
    });
    expect(await screen.findByText('Could not load the analytics: Internal server error (id 5)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Certificates' })).toBeInTheDocument());
    expect(server.callsTo('GET', '/api/admin/analytics')).toHaveLength(2);
  });

  it("the app bar's refresh reads the counts again", async () => {
    const { server, user } = await renderAnalytics({
      [ANALYTICS]: [json(BODY), json({ ...BODY, certificates: [{ challengeId: 'vagus-reset-14', count: 4 }] })],
    });
    await screen.findByRole('list', { name: 'Certificates' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(rows('Certificates')).toEqual(['vagus-reset-144']));
    expect(server.callsTo('GET', '/api/admin/analytics')).toHaveLength(2);
  });

  it('shows each challenge funnel: every step with its count and share of the enrolled', async () => {
    await renderAnalytics();
    const funnel = await screen.findByRole('region', { name: 'Funnel: vagus-breath-7' });
    expect(
      within(within(funnel).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Enrolled4 (100%)', 'Day 1 passed3 (75%)', 'Day 2 passed2 (50%)', 'Certificate1 (25%)']);
    const empty = screen.getByRole('region', { name: 'Funnel: vagus-tvns-10' });
    expect(
      within(empty)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Enrolled0', 'Certificate0']);
  });

  it('with no challenges, says so in both lists', async () => {
    await renderAnalytics({ [ANALYTICS]: () => json({ enrollments: [], certificates: [], funnels: [] }) });
    const enrollments = await screen.findByRole('region', { name: 'Enrollments' });
    expect(within(enrollments).getByText('No challenges yet.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Certificates' })).getByText('No challenges yet.'),
    ).toBeInTheDocument();
  });
});
