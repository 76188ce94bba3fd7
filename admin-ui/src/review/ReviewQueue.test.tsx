import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldReply, json, listReply, makeSession, mockFetch, stubLocation } from '../test/browser';

const REFRESH = 'POST /api/auth/refresh';
const REVIEW = 'GET /api/admin/review';

const base = {
  userId: 'u-ada',
  subjectId: 'vagus-nerve',
  moduleId: 'vagus-breath-7',
  validatorType: 'rubric',
  status: 'pending',
  score: null,
  passed: null,
  note: null,
  gradedBy: null,
};
const LINK_ITEM = {
  ...base,
  id: 'r-1',
  title: '7-Day Breath Reset · Day 1: Diaphragmatic Breathing',
  taskId: 'vagus-breath-7/day-1',
  type: 'link',
  url: 'https://example.org/my-breathing-log',
  content: null,
  createdAt: '2026-03-02T10:00:00.000Z',
};
const ANSWERS_ITEM = {
  ...base,
  id: 'r-2',
  title: '7-Day Breath Reset · Day 2: The Extended Exhale',
  taskId: 'vagus-breath-7/day-2',
  type: 'other',
  url: null,
  content: 'minutes_practised: 5\ninhale_seconds: 4\nexhale_seconds: 6',
  createdAt: '2026-03-03T11:30:00.000Z',
};

type Routes = Parameters<typeof mockFetch>[0];

async function renderReview(routes: Routes = {}) {
  stubLocation('/studio/review');
  const server = mockFetch({
    [REFRESH]: json(makeSession(['learner', 'studio'], { token: 'token-a' })),
    [REVIEW]: () => listReply('review', [LINK_ITEM, ANSWERS_ITEM]),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Review' });
  return { server, user: userEvent.setup({ delay: null }) };
}

const pendingList = () => screen.findByRole('list', { name: 'Pending Items' });
const details = () => screen.getByRole('region', { name: 'Details' });

describe('Review screen', { timeout: 20_000 }, () => {
  it('loads the pending items oldest first and shows a link submission with the grade defaults', async () => {
    const held = heldReply(() => listReply('review', [LINK_ITEM, ANSWERS_ITEM]));
    const { server, user } = await renderReview({ [REVIEW]: held.reply });
    expect(await screen.findByRole('progressbar', { name: 'Loading pending items' })).toBeInTheDocument();
    held.release();

    const list = await pendingList();
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      expect.stringContaining('Day 1: Diaphragmatic Breathing'),
      expect.stringContaining('Day 2: The Extended Exhale'),
    ]);
    const params = new URL(server.callsTo('GET', '/api/admin/review')[0].path, 'http://localhost').searchParams;
    expect(JSON.parse(params.get('filter') ?? '')).toEqual({ status: 'pending' });
    expect(JSON.parse(params.get('sort') ?? '')).toEqual(['createdAt', 'ASC']);
    expect(JSON.parse(params.get('range') ?? '')).toEqual([0, 24]);
    expect(within(details()).getByText('Select a pending item to grade it.')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /Day 1: Diaphragmatic Breathing/ }));
    const panel = details();
    expect(within(panel).getByText('link')).toBeInTheDocument();
    expect(within(panel).getByText('rubric')).toBeInTheDocument();
    const open = within(panel).getByRole('link', { name: 'Open link' });
    expect(open).toHaveAttribute('href', 'https://example.org/my-breathing-log');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(panel).queryByRole('textbox', { name: 'Content' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Score' })).toHaveValue('0.8');
    expect(within(panel).getByRole('checkbox', { name: 'Passed' })).toBeChecked();
    expect(within(panel).getByRole('textbox', { name: 'Rubric notes' })).toHaveValue('');
    expect(within(panel).getByRole('button', { name: 'Save grade' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('Save grade posts the defaults, closes the item and reads the queue again', async () => {
    const { server, user } = await renderReview({
      [REVIEW]: [listReply('review', [LINK_ITEM, ANSWERS_ITEM]), listReply('review', [ANSWERS_ITEM])],
      'POST /api/admin/review/r-1/grade': json({ ...LINK_ITEM, status: 'graded', gradedBy: 'reviewer' }),
    });
    await user.click(within(await pendingList()).getByRole('button', { name: /Day 1/ }));
    await user.click(within(details()).getByRole('button', { name: 'Save grade' }));

    expect(await screen.findByText('Grade saved')).toBeInTheDocument();
    await waitFor(() => expect(within(details()).getByText('Select a pending item to grade it.')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('button', { name: /Day 1/ })).not.toBeInTheDocument());
    const [call] = server.callsTo('POST', '/api/admin/review/r-1/grade');
    expect(JSON.parse(call.body ?? '')).toEqual({ passed: true, score: 0.8, rubric: { note: '' } });
    expect(call.headers.get('Authorization')).toBe('Bearer token-a');
    expect(server.callsTo('GET', '/api/admin/review')).toHaveLength(2);
  });

  it('shows answers read-only; a score that is not a number is sent as 0, with Passed unticked and the note', async () => {
    const { server, user } = await renderReview({
      'POST /api/admin/review/r-2/grade': json({ ...ANSWERS_ITEM, status: 'graded' }),
    });
    await user.click(within(await pendingList()).getByRole('button', { name: /Day 2/ }));
    const panel = details();
    expect(within(panel).getByText('other')).toBeInTheDocument();
    const content = within(panel).getByRole('textbox', { name: 'Content' });
    expect(content).toHaveValue('minutes_practised: 5\ninhale_seconds: 4\nexhale_seconds: 6');
    expect(content).toHaveAttribute('readonly');
    expect(within(panel).queryByRole('link', { name: 'Open link' })).not.toBeInTheDocument();

    const score = within(panel).getByRole('textbox', { name: 'Score' });
    await user.clear(score);
    await user.type(score, 'abc');
    await user.click(within(panel).getByRole('checkbox', { name: 'Passed' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Rubric notes' }), 'Exhale not longer');
    await user.click(within(panel).getByRole('button', { name: 'Save grade' }));

    await screen.findByText('Grade saved');
    const [call] = server.callsTo('POST', '/api/admin/review/r-2/grade');
    expect(JSON.parse(call.body ?? '')).toEqual({ passed: false, score: 0, rubric: { note: 'Exhale not longer' } });
  });

  it('sends a typed score as a number', async () => {
    const { server, user } = await renderReview({
      'POST /api/admin/review/r-2/grade': json({ ...ANSWERS_ITEM, status: 'graded' }),
    });
    await user.click(within(await pendingList()).getByRole('button', { name: /Day 2/ }));
    const score = within(details()).getByRole('textbox', { name: 'Score' });
    await user.clear(score);
    await user.type(score, '0.45');
    await user.click(within(details()).getByRole('button', { name: 'Save grade' }));
    await screen.findByText('Grade saved');
    expect(JSON.parse(server.callsTo('POST', '/api/admin/review/r-2/grade')[0].body ?? '')).toMatchObject({
      score: 0.45,
    });
  });

  it('a refused grade shows the server message and keeps the item open', async () => {
    const { server, user } = await renderReview({
      'POST /api/admin/review/r-1/grade': apiError(409, 'This item has already been graded'),
    });
    await user.click(within(await pendingList()).getByRole('button', { name: /Day 1/ }));
    await user.click(within(details()).getByRole('button', { name: 'Save grade' }));
    expect(await within(details()).findByRole('alert')).toHaveTextContent('This item has already been graded');
    expect(within(details()).getByRole('button', { name: 'Save grade' })).toBeEnabled();
    await server.idle();
    expect(server.callsTo('GET', '/api/admin/review')).toHaveLength(1);
  });

  it('Close leaves the item without saving', async () => {
    const { server, user } = await renderReview();
    await user.click(within(await pendingList()).getByRole('button', { name: /Day 1/ }));
    await user.click(within(details()).getByRole('button', { name: 'Close' }));
    expect(within(details()).getByText('Select a pending item to grade it.')).toBeInTheDocument();
    await server.idle();
    expect(server.calls.filter((c) => c.method === 'POST' && c.path.includes('/grade'))).toHaveLength(0);
  });

  it('says No items pending when the queue is empty', async () => {
    await renderReview({ [REVIEW]: () => listReply('review', []) });
    expect(await screen.findByText('No items pending')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Pending Items' })).not.toBeInTheDocument();
  });

  it('shows a load failure', async () => {
    await renderReview({ [REVIEW]: () => apiError(500, 'Internal server error (id 9)') });
    expect(
      await screen.findByText('Could not load the review queue: Internal server error (id 9)'),
    ).toBeInTheDocument();
  });
});
