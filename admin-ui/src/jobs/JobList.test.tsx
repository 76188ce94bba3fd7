import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldReply, json, listReply, makeSession, mockFetch, stubLocation } from '../test/browser';

const REFRESH = 'POST /api/auth/refresh';
const JOBS = 'GET /api/admin/jobs';

const base = {
  progress: 0,
  error: null,
  resultSubjectId: null,
  requestedBy: 'user-1',
  attempts: 1,
  createdAt: '2026-03-02T10:00:00.000Z',
  startedAt: '2026-03-02T10:00:01.000Z',
  finishedAt: null,
  updatedAt: '2026-03-02T10:00:02.000Z',
};
const RUNNING = { ...base, id: 'tts-1', kind: 'tts-bulk', subject: 'vagus-nerve', status: 'running', progress: 0.375 };
const FAILED = {
  ...base,
  id: 'migrate-1',
  kind: 'migrate-content',
  subject: null,
  status: 'failed',
  attempts: 2,
  error: 'Could not read http://legacy/api/subjects',
  finishedAt: '2026-03-01T09:30:00.000Z',
};
const DONE = {
  ...base,
  id: 'video-1',
  kind: 'video-render',
  subject: 'metabolic',
  status: 'completed',
  progress: 1,
  resultSubjectId: 'metabolic',
  finishedAt: '2026-03-01T09:00:00.000Z',
};

type Routes = Parameters<typeof mockFetch>[0];

async function renderJobs(routes: Routes = {}) {
  stubLocation('/studio/jobs');
  const server = mockFetch({
    [REFRESH]: json(makeSession(['learner', 'studio'], { token: 'token-a' })),
    [JOBS]: () => listReply('jobs', [RUNNING, FAILED, DONE]),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Generation Jobs' });
  return { server, user: userEvent.setup({ delay: null }) };
}

const cardOf = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe('Generation Jobs screen', { timeout: 20_000 }, () => {
  it('shows a loading indicator, then one card per job: subject, status, progress, error, result subject', async () => {
    const held = heldReply(() => listReply('jobs', [RUNNING, FAILED, DONE]));
    const { server } = await renderJobs({ [JOBS]: held.reply });
    expect(await screen.findByRole('progressbar', { name: 'Loading jobs' })).toBeInTheDocument();
    held.release();

    const list = await screen.findByRole('list', { name: 'Jobs' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['vagus-nerve', 'All subjects', 'metabolic']);
    const [call] = server.callsTo('GET', '/api/admin/jobs');
    const params = new URL(call.path, 'http://localhost').searchParams;
    expect(params.get('sort')).toBe('["createdAt","DESC"]');
    expect(call.headers.get('Authorization')).toBe('Bearer token-a');

    const running = cardOf('vagus-nerve');
    expect(within(running).getByText('running')).toBeInTheDocument();
    expect(within(running).getByText('Speech (all sections)')).toBeInTheDocument();
    expect(within(running).getByRole('progressbar', { name: 'Progress of vagus-nerve' })).toHaveAttribute(
      'aria-valuenow',
      '38',
    );
    expect(within(running).getByText('38%')).toBeInTheDocument();
    expect(within(running).getByRole('button', { name: /^Retry/ })).toBeDisabled();
    expect(within(running).getByRole('button', { name: /^Cancel/ })).toBeEnabled();

    const failed = cardOf('All subjects');
    expect(within(failed).getByText('failed')).toBeInTheDocument();
    expect(within(failed).getByRole('alert')).toHaveTextContent('Could not read http://legacy/api/subjects');
    expect(within(failed).getByText(/2 attempts/)).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: /^Retry/ })).toBeEnabled();
    expect(within(failed).getByRole('button', { name: /^Cancel/ })).toBeDisabled();

    const done = cardOf('metabolic');
    expect(within(done).getByText('Result subject: metabolic')).toBeInTheDocument();
    expect(within(done).getByText('100%')).toBeInTheDocument();
    expect(within(done).getByRole('button', { name: /^Retry/ })).toBeDisabled();
    expect(within(done).getByRole('button', { name: /^Cancel/ })).toBeDisabled();
  });

  it('Retry posts for the job and reads the list again', async () => {
    const { server, user } = await renderJobs({
      [JOBS]: [listReply('jobs', [FAILED]), listReply('jobs', [{ ...FAILED, status: 'queued', error: null }])],
      'POST /api/admin/jobs/migrate-1/retry': json({ ...FAILED, status: 'queued', error: null }),
    });
    await screen.findByRole('list', { name: 'Jobs' });
    await user.click(within(cardOf('All subjects')).getByRole('button', { name: /^Retry/ }));
    await waitFor(() => expect(within(cardOf('All subjects')).getByText('queued')).toBeInTheDocument());
    expect(server.callsTo('POST', '/api/admin/jobs/migrate-1/retry')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/admin/jobs').length).toBeGreaterThanOrEqual(2);
  });

  it('Cancel posts for the job, reads the list again, and shows a refusal as an error', async () => {
    const { server, user } = await renderJobs({
      [JOBS]: [listReply('jobs', [RUNNING]), listReply('jobs', [{ ...RUNNING, status: 'completed', progress: 1 }])],
      'POST /api/admin/jobs/tts-1/cancel': apiError(409, 'The job has already ended (completed)'),
    });
    await screen.findByRole('list', { name: 'Jobs' });
    await user.click(within(cardOf('vagus-nerve')).getByRole('button', { name: /^Cancel/ }));
    expect(await screen.findByText('The job has already ended (completed)')).toBeInTheDocument();
    await waitFor(() => expect(within(cardOf('vagus-nerve')).getByText('completed')).toBeInTheDocument());
    expect(server.callsTo('POST', '/api/admin/jobs/tts-1/cancel')).toHaveLength(1);
  });

  it('shows the empty state', async () => {
    await renderJobs({ [JOBS]: () => listReply('jobs', []) });
    expect(
      await screen.findByText('No generation jobs yet. Migrations, crawls, speech and video runs appear here.'),
    ).toBeInTheDocument();
  });

  it('reads the list again by itself while a job runs', async () => {
    const { server } = await renderJobs({
      [JOBS]: [listReply('jobs', [RUNNING]), listReply('jobs', [{ ...RUNNING, progress: 0.9 }])],
    });
    await screen.findByRole('list', { name: 'Jobs' });
    await waitFor(() => expect(within(cardOf('vagus-nerve')).getByText('90%')).toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(server.callsTo('GET', '/api/admin/jobs').length).toBeGreaterThanOrEqual(2);
  });
});
