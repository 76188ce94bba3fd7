import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldReply, json, makeSession, mockFetch, stubLocation } from '../test/browser';

const STUDIO_ROLES = ['learner', 'studio'];
const REFRESH = 'POST /api/auth/refresh';
const MIGRATE = 'POST /api/admin/migrate';

const counts = { archived: 0, quizItems: 12, lectureSections: 16 };
const RESULT = {
  jobId: 'job-1',
  source: 'bundled',
  totalMigrated: 78,
  subjects: [
    { id: 'vagus-nerve', nodes: 40, created: 30, updated: 6, unchanged: 4, ...counts },
    { id: 'metabolic', nodes: 38, created: 0, updated: 2, unchanged: 36, ...counts },
  ],
  skipped: [] as { subject: string; id: string; reason: string }[],
  challenges: 5,
  warnings: [] as string[],
  keptStudioEdits: [] as { subjectId: string; nodeId: string; title: string }[],
};

/** The whole Studio app on /studio/migrate, signed in as a studio user. */
type Routes = Parameters<typeof mockFetch>[0];

async function renderMigrate(migrateReply: Routes[string], moreRoutes: Routes = {}) {
  const { assign } = stubLocation('/studio/migrate');
  const server = mockFetch({
    [REFRESH]: json(makeSession(STUDIO_ROLES, { token: 'token-a' })),
    [MIGRATE]: migrateReply,
    ...moreRoutes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Migrate' });
  return { server, assign, user: userEvent.setup({ delay: null }) };
}

/** Replaces the URL field's text in one input event (typing key by key re-renders the whole Studio each time). */
async function enterUrl(user: ReturnType<typeof userEvent.setup>, value: string) {
  const field = screen.getByRole('textbox', { name: /Legacy API base URL/ });
  await user.clear(field);
  await user.paste(value);
  expect(field).toHaveValue(value);
}

const startButton = () => screen.getByRole('button', { name: /Start Content Migration|Migrating\.\.\./ });

describe('Migrate screen', { timeout: 30_000 }, () => {
  it('explains the migration and defaults to the bundled content, with no URL field', async () => {
    const { server } = await renderMigrate(json(RESULT));

    expect(screen.getByText(/imports every course/i)).toHaveTextContent(
      /subjects, topic nodes, prerequisites, quiz items, lecture sections and\s+challenges/,
    );
    expect(screen.getByText(/creates no duplicates/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Bundled content' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Legacy REST API' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: /Legacy API base URL/ })).not.toBeInTheDocument();
    expect(startButton()).toHaveTextContent('Start Content Migration');
    expect(startButton()).toBeEnabled();
    expect(server.callsTo('POST', '/api/admin/migrate')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Migration result' })).not.toBeInTheDocument();
  });

  it('posts {} for the bundled content with the access token, then toasts and shows the result', async () => {
    const { server, user } = await renderMigrate(json(RESULT));

    await user.click(startButton());

    expect(
      await screen.findByText('Migration Successful! Migrated 78 nodes from REST API to PostgreSQL'),
    ).toBeInTheDocument();
    const [call] = server.callsTo('POST', '/api/admin/migrate');
    expect(JSON.parse(call.body ?? 'null')).toEqual({});
    expect(call.headers.get('Authorization')).toBe('Bearer token-a');
    expect(call.headers.get('Content-Type')).toBe('application/json');

    const card = screen.getByRole('region', { name: 'Migration result' });
    expect(within(card).getByText('78 nodes migrated')).toBeInTheDocument();
    const table = within(card).getByRole('table', { name: 'Migrated subjects' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Subject', 'Nodes', 'Created', 'Updated', 'Unchanged'],
      ['vagus-nerve', '40', '30', '6', '4'],
      ['metabolic', '38', '0', '2', '36'],
    ]);
    expect(within(card).getByText('Challenges: 5')).toBeInTheDocument();
    expect(within(card).getByText('Nothing was skipped')).toBeInTheDocument();
    expect(startButton()).toHaveTextContent('Start Content Migration');
    expect(startButton()).toBeEnabled();
  });

  it('lists the kept Studio edits and reruns taking the pack for the chosen topics', async () => {
    const kept = [
      { subjectId: 'ai-user', nodeId: 'aiu-context-window', title: 'The Context Window' },
      { subjectId: 'vagus-nerve', nodeId: 'vn-anatomy', title: 'Anatomy' },
    ];
    const { server, user } = await renderMigrate([json({ ...RESULT, keptStudioEdits: kept }), json(RESULT)]);

    await user.click(startButton());
    const card = await screen.findByRole('region', { name: 'Migration result' });
    expect(
      within(card).getByText(
        'kept Studio edits: The Context Window (ai-user/aiu-context-window), Anatomy (vagus-nerve/vn-anatomy)',
      ),
    ).toBeInTheDocument();
    const rerun = within(card).getByRole('button', { name: /Run again with the pack's version/ });
    expect(rerun).toBeDisabled();

    await user.click(within(card).getByRole('checkbox', { name: /The Context Window/ }));
    expect(rerun).toHaveTextContent("Run again with the pack's version of 1 topic");
    await user.click(rerun);

    await waitFor(() => expect(server.callsTo('POST', '/api/admin/migrate')).toHaveLength(2));
    expect(JSON.parse(server.callsTo('POST', '/api/admin/migrate')[1].body ?? 'null')).toEqual({
      takePack: [{ subjectId: 'ai-user', nodeId: 'aiu-context-window' }],
    });
    await waitFor(() => expect(screen.queryByText(/kept Studio edits:/)).not.toBeInTheDocument());
  });

  it('posts { source: "rest", baseUrl } for the legacy REST API', async () => {
    const { server, user } = await renderMigrate(json({ ...RESULT, totalMigrated: 12 }));

    await user.click(screen.getByRole('radio', { name: 'Legacy REST API' }));
    await enterUrl(user, 'https://legacy.example.com/api');
    await user.click(startButton());

    expect(
      await screen.findByText('Migration Successful! Migrated 12 nodes from REST API to PostgreSQL'),
    ).toBeInTheDocument();
    const calls = server.callsTo('POST', '/api/admin/migrate');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body ?? 'null')).toEqual({
      source: 'rest',
      baseUrl: 'https://legacy.example.com/api',
    });
  });

  it('keeps the button disabled until the legacy URL looks like an http(s) URL', async () => {
    const { server, user } = await renderMigrate(json(RESULT));

    await user.click(screen.getByRole('radio', { name: 'Legacy REST API' }));
    expect(screen.getByRole('textbox', { name: /Legacy API base URL/ })).toHaveValue('');
    expect(startButton()).toBeDisabled();

    await enterUrl(user, 'legacy.example.com');
    expect(startButton()).toBeDisabled();
    expect(screen.getByText('Enter an http:// or https:// URL')).toBeInTheDocument();

    await enterUrl(user, 'ftp://legacy.example.com');
    expect(startButton()).toBeDisabled();

    await enterUrl(user, 'http://localhost:4000');
    expect(startButton()).toBeEnabled();

    // Back to the bundled content: no URL needed, the field goes away.
    await user.click(screen.getByRole('radio', { name: 'Bundled content' }));
    expect(screen.queryByRole('textbox', { name: /Legacy API base URL/ })).not.toBeInTheDocument();
    expect(startButton()).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: 'Legacy REST API' }));
    await enterUrl(user, 'not a url');
    // A disabled button takes no pointer events; a synthetic click must not start a run either.
    fireEvent.click(startButton());
    await server.idle();
    expect(server.callsTo('POST', '/api/admin/migrate')).toHaveLength(0);
  });

  it('disables the button and shows "Migrating..." with a spinner while the call runs', async () => {
    const held = heldReply(() => json(RESULT));
    const { server, user } = await renderMigrate(held.reply);

    await user.click(startButton());

    const button = await screen.findByRole('button', { name: /Migrating\.\.\./ });
    expect(button).toBeDisabled();
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Legacy REST API' })).toBeDisabled();
    fireEvent.click(button);
    await server.idle();
    expect(server.callsTo('POST', '/api/admin/migrate')).toHaveLength(1);

    held.release();
    expect(
      await screen.findByText('Migration Successful! Migrated 78 nodes from REST API to PostgreSQL'),
    ).toBeInTheDocument();
    expect(startButton()).toHaveTextContent('Start Content Migration');
    expect(startButton()).toBeEnabled();
    expect(within(startButton()).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('lists the skipped items with subject, id and reason', async () => {
    const { user } = await renderMigrate(
      json({
        ...RESULT,
        skipped: [
          { subject: 'ai-user', id: 'node-7', reason: 'missing title' },
          { subject: 'metabolic', id: 'quiz-3', reason: 'unknown prerequisite node-99' },
        ],
      }),
    );

    await user.click(startButton());

    const list = await screen.findByRole('list', { name: 'Skipped items' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('ai-user / node-7');
    expect(items[0]).toHaveTextContent('missing title');
    expect(items[1]).toHaveTextContent('metabolic / quiz-3');
    expect(items[1]).toHaveTextContent('unknown prerequisite node-99');
    expect(screen.queryByText('Nothing was skipped')).not.toBeInTheDocument();
  });

  it('toasts "Migration Failed" with the server message and shows no result card', async () => {
    const { user } = await renderMigrate(
      json(
        { statusCode: 502, error: 'Bad Gateway', message: 'Legacy API answered 500 for /subjects' },
        { status: 502 },
      ),
    );

    await user.click(screen.getByRole('radio', { name: 'Legacy REST API' }));
    await enterUrl(user, 'https://legacy.example.com');
    await user.click(startButton());

    expect(await screen.findByText('Migration Failed: Legacy API answered 500 for /subjects')).toBeInTheDocument();
    expect(screen.queryByText(/Migration Successful/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Migration result' })).not.toBeInTheDocument();
    expect(startButton()).toBeEnabled();
  });

  it('passes a 403 message on as it is, without signing out', async () => {
    const { server, assign, user } = await renderMigrate(apiError(403, 'Studio role required'));

    await user.click(startButton());

    expect(await screen.findByText('Migration Failed: Studio role required')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/migrate')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/auth/logout')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('signs the user out after a 401 that survives the token renewal, without a failure toast', async () => {
    const { server, assign, user } = await renderMigrate(apiError(401, 'Unauthorized'), {
      [REFRESH]: [
        json(makeSession(STUDIO_ROLES, { token: 'token-a' })),
        json(makeSession(STUDIO_ROLES, { token: 'token-b' })),
      ],
      'POST /api/auth/logout': new Response(null, { status: 204 }),
    });

    await user.click(startButton());

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(server.callsTo('POST', '/api/admin/migrate').map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer token-a',
      'Bearer token-b',
    ]);
    await server.idle();
    expect(screen.queryByText(/Migration Failed/)).not.toBeInTheDocument();
  });

  it('falls back to "Failed to migrate content" when the error has no message', async () => {
    const { user } = await renderMigrate(new Response('upstream exploded', { status: 500 }));

    await user.click(startButton());

    expect(await screen.findByText('Migration Failed: Failed to migrate content')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Migration result' })).not.toBeInTheDocument();
  });

  it('falls back to "Failed to migrate content" when the server cannot be reached', async () => {
    const { user } = await renderMigrate(() => {
      throw new TypeError('Failed to fetch');
    });

    await user.click(startButton());

    expect(await screen.findByText('Migration Failed: Failed to migrate content')).toBeInTheDocument();
  });

  it('clears an earlier result card when a later run fails', async () => {
    const { user } = await renderMigrate([json(RESULT), apiError(403, 'Forbidden resource')]);

    await user.click(startButton());
    expect(await screen.findByRole('region', { name: 'Migration result' })).toBeInTheDocument();

    await user.click(startButton());
    expect(await screen.findByText('Migration Failed: Forbidden resource')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Migration result' })).not.toBeInTheDocument();
  });
});
