import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';

import { json, listReply, makeSession, mockFetch, type RecordedCall, stubLocation } from '../../test/browser';

/** For the run screens' tests (TTS Synthesis, TTS Video): the screen against a mocked API, and its NDJSON. */

type Routes = Parameters<typeof mockFetch>[0];

/** An NDJSON answer that sends `chunks`, then stays open until `end()` (or closes at once). */
export const ndjsonStream = (chunks: string[], { keepOpen = false } = {}) => {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      if (!keepOpen) c.close();
    },
  });
  const response = () =>
    new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } });
  return {
    response,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
};

/** One event as an NDJSON line. */
export const line = (event: object) => `${JSON.stringify(event)}\n`;

/** The job id a run's request names (the server's `start` event answers it back). */
export const jobIdOf = (call: RecordedCall) => (JSON.parse(call.body ?? '{}') as { jobId: string }).jobId;

/** The last event of a run, with its counters. */
export const endEvent = (
  type: 'done' | 'cancelled',
  counters: { total: number; attempted: number; succeeded: number; failed: number; skipped: number },
) => ({ type, ...counters });

/** The Studio at `path`, signed in as a studio user, once the screen's heading shows. */
export async function renderRunScreen(path: string, heading: string, subjects: unknown, routes: Routes) {
  const { assign } = stubLocation(path);
  const server = mockFetch({
    'POST /api/auth/refresh': json(makeSession(['learner', 'studio'], { token: 'token-a' })),
    'GET /api/tts/subjects': json(subjects),
    'GET /api/admin/courses': listReply('courses', []),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: heading });
  return { server, assign, user: userEvent.setup({ delay: null }) };
}

export async function chooseSubject(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(screen.getByRole('combobox', { name: /Subject/ }));
  await user.click(await screen.findByRole('option', { name }));
}

export const cancelButton = () => screen.getByRole('button', { name: 'Cancel' });

/** The result table's rows (none without a table), each as its cells' text. */
export const resultRows = () => {
  const table = within(screen.getByRole('region', { name: 'Result' })).queryByRole('table');
  if (!table) return [];
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
};

/** Starting without a subject says `message`, calls nothing and shows no progress; choosing one clears it. */
export async function expectSubjectRequired(
  { server, user }: Awaited<ReturnType<typeof renderRunScreen>>,
  { start, message, streamUrl }: { start: string; message: string; streamUrl: string },
) {
  expect(cancelButton()).toBeDisabled();
  await user.click(screen.getByRole('button', { name: start }));

  expect(await screen.findByText(message)).toBeInTheDocument();
  await server.idle();
  expect(server.callsTo('POST', streamUrl)).toHaveLength(0);
  expect(screen.queryByRole('region', { name: 'Progress' })).not.toBeInTheDocument();

  await chooseSubject(user, /^metabolic/);
  expect(screen.queryByText(message)).not.toBeInTheDocument();
}

/**
 * A run Cancel stops: the stream (`startEvent` with the run's job id, then `firstItem`) ends with `cancelled`
 * once the cancel call comes, the progress says Cancelled, and the call names the run's job id with the
 * session's token.
 */
export async function expectCancelByJobId(
  renderScreen: (routes: Routes) => ReturnType<typeof renderRunScreen>,
  {
    start,
    streamUrl,
    cancelUrl,
    startEvent,
    firstItem,
    counters,
  }: {
    start: string;
    streamUrl: string;
    cancelUrl: string;
    /** the run's `start` event, but its job id (16 items) */
    startEvent: object;
    firstItem: object;
    /** the counters' text once the first item is in */
    counters: RegExp;
  },
) {
  const stream = ndjsonStream([], { keepOpen: true });
  const { server, user } = await renderScreen({
    [`POST ${streamUrl}`]: (call) => {
      stream.push(line({ ...startEvent, jobId: jobIdOf(call) }) + line(firstItem));
      return stream.response();
    },
    [`POST ${cancelUrl}`]: () => {
      stream.push(line(endEvent('cancelled', { total: 16, attempted: 1, succeeded: 1, failed: 0, skipped: 0 })));
      stream.end();
      return json({ cancelled: true });
    },
  });

  await chooseSubject(user, /^vagus-nerve/);
  await user.click(screen.getByRole('button', { name: start }));
  const progress = () => screen.getByRole('region', { name: 'Progress' });
  await waitFor(() => expect(within(progress()).getByText(counters)).toBeInTheDocument());

  await user.click(cancelButton());

  expect(await within(progress()).findByText('Cancelled')).toBeInTheDocument();
  const { jobId } = JSON.parse(server.callsTo('POST', streamUrl)[0].body ?? '{}') as { jobId: string };
  const [cancel] = server.callsTo('POST', cancelUrl);
  expect(JSON.parse(cancel.body ?? '{}')).toEqual({ jobId });
  expect(cancel.headers.get('Authorization')).toBe('Bearer token-a');
  expect(resultRows()).toEqual([['OK', 'vn-intro', 'Play', '']]);
  expect(within(progress()).getAllByRole('progressbar')[0]).toHaveAttribute('aria-valuenow', '6');
  return server;
}
