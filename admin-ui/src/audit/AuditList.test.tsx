import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json, listReply, makeSession, mockFetch, stubLocation } from '../test/browser';
import { NEEDS_ADMIN, NO_MATCH } from './AuditList';
import { AUDIT_ACTION_LABELS } from './auditLabels';

const REFRESH = 'POST /api/auth/refresh';
const AUDIT = 'GET /api/admin/audit';

const base = {
  actorId: 'u-studio',
  actorEmail: 'studio@example.com',
  targetUserId: null,
  targetEmail: null,
  createdAt: '2026-12-07T10:00:00.000Z',
};
/** As the API answers them: one of each kind of target. */
const ENTRIES = [
  {
    ...base,
    id: 'a1',
    action: 'version.publish',
    targetType: 'subject',
    targetId: 'metabolic',
    details: { version: 4, changedNodes: ['insulin', 'glucose'] },
  },
  {
    ...base,
    id: 'a2',
    action: 'course.visibility',
    targetType: 'subject',
    targetId: 'ai-for-ceos',
    details: { before: { published: true }, after: { published: false } },
  },
  {
    ...base,
    id: 'a3',
    action: 'review.grade',
    targetType: 'submission',
    targetId: 's-1',
    details: { passed: false, score: 0.3, challengeId: 'vagus-breath-7', day: 1, userId: 'u-ada' },
  },
  {
    ...base,
    id: 'a4',
    actorId: 'u-admin',
    actorEmail: 'admin@example.com',
    action: 'queue.job.remove',
    targetType: 'queue_job',
    targetId: 'j-9',
    details: { queue: 'crawl', jobId: 'j-9' },
  },
  {
    ...base,
    id: 'a5',
    actorId: 'u-admin',
    actorEmail: 'admin@example.com',
    targetUserId: 'u-ada',
    targetEmail: 'ada@example.test',
    action: 'roles.set',
    details: { before: ['learner'], after: ['learner', 'studio'] },
  },
];

type Routes = Parameters<typeof mockFetch>[0];

async function renderAudit(routes: Routes = {}, roles = ['learner', 'studio', 'admin']) {
  stubLocation('/studio/audit');
  const server = mockFetch({
    [REFRESH]: json(makeSession(roles, { token: 'token-a' })),
    [AUDIT]: () => listReply('audit', ENTRIES),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Audit' });
  return { server, user: userEvent.setup({ delay: null }) };
}

const listQuery = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);
const filtersSent = (server: Awaited<ReturnType<typeof renderAudit>>['server']) =>
  server.callsTo('GET', '/api/admin/audit').map((c) => listQuery(c.path).filter);

describe('Audit screen', { timeout: 30_000 }, () => {
  it('lists every change newest first: when, a readable action, the change in words, the target and who', async () => {
    const { server } = await renderAudit();
    const grid = await screen.findByRole('table', { name: 'Changes' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Action', 'Change', 'Target', 'By']);
    const rows = within(grid)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Version published', 'Published version 4 of metabolic (2 topics)', 'subject metabolic', 'studio@example.com'],
      ['Course visibility changed', 'Hid ai-for-ceos from the shop', 'subject ai-for-ceos', 'studio@example.com'],
      ['Project graded', 'Failed day 1 of vagus-breath-7 (score 0.3)', 'submission s-1', 'studio@example.com'],
      ['Queue job removed', 'Removed job j-9 of crawl', 'queue_job j-9', 'admin@example.com'],
      ['Roles changed', 'Roles: learner → learner, studio', 'ada@example.test', 'admin@example.com'],
    ]);
    const [call] = server.callsTo('GET', '/api/admin/audit');
    expect(listQuery(call.path)).toEqual({ filter: '{}', sort: '["createdAt","DESC"]', range: '[0,24]' });
  });

  it('filters by action (chosen by its label) and by actor (a click on who made a change)', async () => {
    const { server, user } = await renderAudit();
    await screen.findByRole('table', { name: 'Changes' });
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    for (const label of ['Version published', 'Draft discarded', 'Media uploaded', 'Media attached'])
      expect(options).toContain(label);
    expect(options).toContain(AUDIT_ACTION_LABELS['certificate.revoke']);
    await user.click(screen.getByRole('option', { name: 'Version published' }));
    await waitFor(() => expect(filtersSent(server)).toContain('{"action":"version.publish"}'), { timeout: 3000 });

    await user.click(
      within(await screen.findByRole('table', { name: 'Changes' })).getAllByRole('button', {
        name: 'admin@example.com',
      })[0],
    );
    await waitFor(() => expect(filtersSent(server)).toContain('{"action":"version.publish","actorId":"u-admin"}'), {
      timeout: 3000,
    });
  });

  it('says when no change matches the filters', async () => {
    const { user } = await renderAudit({ [AUDIT]: [() => listReply('audit', ENTRIES), () => listReply('audit', [])] });
    await screen.findByRole('table', { name: 'Changes' });
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Queue emptied' }));
    expect(await screen.findByText(NO_MATCH)).toBeInTheDocument();
  });

  it('is for admins: a studio user gets a notice, no request and no menu item', async () => {
    const { server } = await renderAudit({}, ['learner', 'studio']);
    expect(await screen.findByText(NEEDS_ADMIN)).toBeInTheDocument();
    await server.idle();
    expect(server.callsTo('GET', '/api/admin/audit')).toHaveLength(0);
    expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: 'Audit' })).not.toBeInTheDocument();
  });

  it('admins reach it from the menu', async () => {
    await renderAudit();
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Audit' })).toHaveAttribute(
      'href',
      '/studio/audit',
    );
  });
});
