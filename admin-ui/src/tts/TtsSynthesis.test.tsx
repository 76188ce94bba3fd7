import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import {
  cancelButton,
  chooseSubject,
  endEvent,
  expectCancelByJobId,
  expectSubjectRequired,
  line,
  ndjsonStream,
  renderRunScreen,
  resultRows,
} from '../jobs/run/runScreen.testing';
import { apiError, json, listReply, makeSession, type mockFetch } from '../test/browser';

const SUBJECTS = 'GET /api/tts/subjects';
const STREAM = 'POST /api/tts/synthesize/bulk/stream';
const BULK = 'POST /api/tts/synthesize/bulk';

const TTS_SUBJECTS = [
  { id: 'vagus-nerve', name: 'Vagus Nerve', sections: 16, withAudio: 2, stale: 1 },
  { id: 'metabolic', name: 'Metabolic Health', sections: 16, withAudio: 0, stale: 0 },
];

type Routes = Parameters<typeof mockFetch>[0];

const item = (id: string, n: number, extra: object = {}) => ({
  type: 'item',
  id,
  ok: true,
  url: `/api/media/file/vagus-nerve/tts%2F${id}.mp3?sig=x`,
  error: null,
  status: 'synthesized',
  attempted: n,
  succeeded: n,
  failed: 0,
  skipped: 0,
  ...extra,
});

/** A speech run's `start` event: the engine used is the one asked for. */
const start = (total: number) => ({
  type: 'start',
  jobId: 'tts-1',
  total,
  provider: 'local',
  requestedProvider: 'local',
  fellBack: false,
});

/** The answer of the non-streamed run (the fallback). */
const bulkResult = (
  counters: { total: number; attempted: number; succeeded: number; failed: number; skipped: number },
  items: { id: string; ok: boolean; url: string | null; error: string | null }[],
) => ({
  jobId: 'tts-2',
  ...counters,
  cancelled: false,
  provider: 'local',
  fellBack: false,
  items: items.map((i) => ({ ...i, status: i.ok ? 'synthesized' : 'failed' })),
});

const renderTts = (routes: Routes = {}) => renderRunScreen('/studio/tts', 'TTS Synthesis', TTS_SUBJECTS, routes);

const startButton = () => screen.getByRole('button', { name: 'Synthesize All Sections' });
const progressBar = () => within(screen.getByRole('region', { name: 'Progress' })).getByRole('progressbar');
const counters = () => screen.getByTestId('tts-counters').textContent;

describe('TTS Synthesis screen', { timeout: 20_000 }, () => {
  // The fallback logs why the stream failed; keep the test output quiet.
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('needs a subject: says so and calls nothing', async () => {
    await expectSubjectRequired(await renderTts(), {
      start: 'Synthesize All Sections',
      message: 'Synthesis needs a subject',
      streamUrl: '/api/tts/synthesize/bulk/stream',
    });
  });

  it('lists the subjects with their audio counts', async () => {
    const { user } = await renderTts();
    await user.click(screen.getByRole('combobox', { name: /Subject/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'vagus-nerve (16 sections, 2 with audio, 1 stale)',
      'metabolic (16 sections, 0 with audio)',
    ]);
  });

  it('streams the run: sends the request with the token, counts, and lists OK and ERR rows with play links', async () => {
    const stream = ndjsonStream([line(start(3))], { keepOpen: true });
    const { server, user } = await renderTts({ [STREAM]: stream.response });

    await chooseSubject(user, /^vagus-nerve/);
    await user.type(screen.getByRole('textbox', { name: /Voice ID/ }), 'slt');
    await user.click(screen.getByRole('checkbox', { name: 'Re-synthesize all sections' }));
    await user.click(startButton());

    await waitFor(() => expect(counters()).toBe('0 attempted, 0 succeeded, 0 failed, 0 skipped of 3'));
    const [call] = server.callsTo('POST', '/api/tts/synthesize/bulk/stream');
    const body = JSON.parse(call.body ?? '{}') as Record<string, unknown>;
    expect(body).toEqual({
      subject: 'vagus-nerve',
      provider: 'elevenlabs',
      voiceId: 'slt',
      includeAll: true,
      format: 'mp3',
      delayMs: 0,
      jobId: expect.stringMatching(/^tts-[0-9a-f-]{36}$/) as unknown,
    });
    expect(call.headers.get('Authorization')).toBe('Bearer token-a');
    expect(startButton()).toBeDisabled();
    expect(cancelButton()).toBeEnabled();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Engine: local')).toBeInTheDocument();

    // An event cut across two chunks still arrives whole.
    const first = line(item('vn-intro', 1));
    stream.push(first.slice(0, 20));
    stream.push(
      first.slice(20) +
        line(item('vn-anatomy', 2, { ok: false, url: null, error: 'engine crashed', succeeded: 1, failed: 1 })),
    );
    await waitFor(() => expect(counters()).toBe('2 attempted, 1 succeeded, 1 failed, 0 skipped of 3'));
    expect(progressBar()).toHaveAttribute('aria-valuenow', '67');

    stream.push(
      line(item('vn-vagal-tone', 3, { status: 'skipped', attempted: 2, succeeded: 1, failed: 1, skipped: 1 })),
    );
    await waitFor(() => expect(counters()).toBe('2 attempted, 1 succeeded, 1 failed, 1 skipped of 3'));
    expect(progressBar()).toHaveAttribute('aria-valuenow', '100');
    stream.push(line(endEvent('done', { attempted: 2, succeeded: 1, failed: 1, skipped: 1, total: 3 })));
    stream.end();

    expect(await screen.findByRole('region', { name: 'Result' })).toBeInTheDocument();
    expect(resultRows()).toEqual([
      ['OK', 'vn-intro', 'Play', ''],
      ['ERR', 'vn-anatomy', '', 'engine crashed'],
      ['OK', 'vn-vagal-tone', 'Play', 'Up to date (skipped)'],
    ]);
    expect(screen.getByRole('link', { name: 'Play vn-intro' })).toHaveAttribute(
      'href',
      '/api/media/file/vagus-nerve/tts%2Fvn-intro.mp3?sig=x',
    );
    expect(progressBar()).toHaveAttribute('aria-valuenow', '100');
    expect(within(screen.getByRole('region', { name: 'Progress' })).getByText('Finished')).toBeInTheDocument();
    expect(startButton()).toBeEnabled();
    expect(cancelButton()).toBeDisabled();
    expect(server.callsTo('POST', '/api/tts/synthesize/bulk')).toHaveLength(0);
    // The subject list is read again for its new audio counts.
    await waitFor(() => expect(server.callsTo('GET', '/api/tts/subjects').length).toBeGreaterThanOrEqual(2));
  });

  it('shows 50% while running before the total is known, and caps at 100%', async () => {
    const stream = ndjsonStream([], { keepOpen: true });
    const { user } = await renderTts({ [STREAM]: stream.response });

    await chooseSubject(user, /^metabolic/);
    await user.click(startButton());
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuenow', '50'));
    expect(counters()).toBe('0 attempted, 0 succeeded, 0 failed, 0 skipped of ?');

    stream.push(line(start(1)));
    stream.push(line(item('m-1', 1)));
    stream.push(line(item('m-2', 2)));
    await waitFor(() => expect(counters()).toBe('2 attempted, 2 succeeded, 0 failed, 0 skipped of 1'));
    expect(progressBar()).toHaveAttribute('aria-valuenow', '100');
    stream.push(line(endEvent('done', { total: 1, attempted: 2, succeeded: 2, failed: 0, skipped: 0 })));
    stream.end();
    expect(await screen.findByRole('region', { name: 'Result' })).toBeInTheDocument();
  });

  it('cancels by job id: the stream ends with "cancelled" and the run is marked so', async () => {
    const server = await expectCancelByJobId(renderTts, {
      start: 'Synthesize All Sections',
      streamUrl: '/api/tts/synthesize/bulk/stream',
      cancelUrl: '/api/tts/synthesize/bulk/cancel',
      startEvent: start(16),
      firstItem: item('vn-intro', 1),
      counters: /^1 attempted, 1 succeeded, 0 failed, 0 skipped of 16$/,
    });
    // A cancelled run is not run again through the fallback.
    expect(server.callsTo('POST', '/api/tts/synthesize/bulk')).toHaveLength(0);
  });

  it('falls back to the non-streamed call when the stream answers an error, and shows its result', async () => {
    const { server, user } = await renderTts({
      [STREAM]: () => new Response('stream unavailable', { status: 503 }),
      [BULK]: json(
        bulkResult({ attempted: 2, succeeded: 1, failed: 1, total: 16, skipped: 14 }, [
          { id: 'm-1', ok: true, url: '/api/media/file/metabolic/m-1.mp3?sig=y', error: null },
          { id: 'm-2', ok: false, url: null, error: 'text is empty' },
        ]),
      ),
    });

    await chooseSubject(user, /^metabolic/);
    await user.type(screen.getByRole('textbox', { name: /Voice ID/ }), 'kal');
    await user.click(startButton());

    expect(await screen.findByRole('region', { name: 'Result' })).toBeInTheDocument();
    expect(resultRows()).toEqual([
      ['OK', 'm-1', 'Play', ''],
      ['ERR', 'm-2', '', 'text is empty'],
    ]);
    expect(counters()).toBe('2 attempted, 1 succeeded, 1 failed, 14 skipped of 16');
    const [bulk] = server.callsTo('POST', '/api/tts/synthesize/bulk');
    expect(JSON.parse(bulk.body ?? '{}')).toEqual({
      subject: 'metabolic',
      provider: 'elevenlabs',
      voiceId: 'kal',
      includeAll: false,
      format: 'mp3',
    });
    expect(bulk.headers.get('Authorization')).toBe('Bearer token-a');
  });

  it('falls back when the connection breaks in the middle of the stream', async () => {
    const stream = ndjsonStream([line(start(2)), line(item('m-1', 1))], { keepOpen: true });
    const { server, user } = await renderTts({
      [STREAM]: stream.response,
      [BULK]: json(
        bulkResult({ attempted: 2, succeeded: 2, failed: 0, total: 2, skipped: 0 }, [
          { id: 'm-1', ok: true, url: '/a', error: null },
          { id: 'm-2', ok: true, url: '/b', error: null },
        ]),
      ),
    });

    await chooseSubject(user, /^metabolic/);
    await user.click(startButton());
    await waitFor(() => expect(counters()).toBe('1 attempted, 1 succeeded, 0 failed, 0 skipped of 2'));
    stream.fail();

    await waitFor(() => expect(server.callsTo('POST', '/api/tts/synthesize/bulk')).toHaveLength(1));
    expect(await screen.findByRole('region', { name: 'Result' })).toBeInTheDocument();
    expect(resultRows()).toEqual([
      ['OK', 'm-1', 'Play', ''],
      ['OK', 'm-2', 'Play', ''],
    ]);
  });

  it('falls back when the stream ends without done or cancelled', async () => {
    const stream = ndjsonStream([line(start(2))]);
    const { server, user } = await renderTts({
      [STREAM]: stream.response,
      [BULK]: json(bulkResult({ attempted: 0, succeeded: 0, failed: 0, total: 2, skipped: 2 }, [])),
    });

    await chooseSubject(user, /^metabolic/);
    await user.click(startButton());

    await waitFor(() => expect(server.callsTo('POST', '/api/tts/synthesize/bulk')).toHaveLength(1));
    expect(await screen.findByText('No sections were synthesized.')).toBeInTheDocument();
    expect(counters()).toBe('0 attempted, 0 succeeded, 0 failed, 2 skipped of 2');
  });

  it('shows an empty result when the stream and the fallback both fail', async () => {
    const { server, user } = await renderTts({
      [STREAM]: () => {
        throw new TypeError('Failed to fetch');
      },
      [BULK]: apiError(403, 'Studio role required'),
    });

    await chooseSubject(user, /^vagus-nerve/);
    await user.click(startButton());

    const result = await screen.findByRole('region', { name: 'Result' });
    expect(within(result).getByText('No sections were synthesized.')).toBeInTheDocument();
    expect(within(result).queryByRole('table')).not.toBeInTheDocument();
    expect(within(result).getByText('Studio role required')).toBeInTheDocument();
    expect(counters()).toBe('0 attempted, 0 succeeded, 0 failed, 0 skipped of ?');
    expect(server.callsTo('POST', '/api/tts/synthesize/bulk')).toHaveLength(1);
    expect(startButton()).toBeEnabled();
  });

  it('signs the user out when the fallback is refused with a 401 too, and shows no result', async () => {
    const { server, assign, user } = await renderTts({
      'POST /api/auth/refresh': [
        json(makeSession(['learner', 'studio'], { token: 'token-a' })),
        json(makeSession(['learner', 'studio'], { token: 'token-b' })),
      ],
      [STREAM]: apiError(401, 'Unauthorized'),
      [BULK]: apiError(401, 'Unauthorized'),
      'POST /api/auth/logout': new Response(null, { status: 204 }),
    });

    await chooseSubject(user, /^vagus-nerve/);
    await user.click(startButton());

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(server.callsTo('POST', '/api/tts/synthesize/bulk').map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer token-b',
    ]);
    await server.idle();
    expect(screen.queryByRole('region', { name: 'Result' })).not.toBeInTheDocument();
  });

  it('cancels a run it joined by the job id the server answered', async () => {
    const stream = ndjsonStream([line({ ...start(16), jobId: 'tts-running' }), line(item('vn-intro', 1))], {
      keepOpen: true,
    });
    const { server, user } = await renderTts({
      [STREAM]: stream.response,
      'POST /api/tts/synthesize/bulk/cancel': () => {
        stream.push(line(endEvent('cancelled', { total: 16, attempted: 1, succeeded: 1, failed: 0, skipped: 0 })));
        stream.end();
        return json({ cancelled: true });
      },
    });

    await chooseSubject(user, /^vagus-nerve/);
    await user.click(startButton());
    await waitFor(() => expect(counters()).toBe('1 attempted, 1 succeeded, 0 failed, 0 skipped of 16'));
    await user.click(cancelButton());

    expect(await within(screen.getByRole('region', { name: 'Progress' })).findByText('Cancelled')).toBeInTheDocument();
    const [cancel] = server.callsTo('POST', '/api/tts/synthesize/bulk/cancel');
    expect(JSON.parse(cancel.body ?? '{}')).toEqual({ jobId: 'tts-running' });
  });

  it('offers the Studio courses when the TTS subject list cannot be loaded', async () => {
    const { user } = await renderTts({
      [SUBJECTS]: apiError(403, 'nope'),
      'GET /api/admin/courses': listReply('courses', [
        { id: 'ai-user', subjectId: 'ai-user', title: 'AI for Users', published: true },
      ]),
    });
    await user.click(screen.getByRole('combobox', { name: /Subject/ }));
    expect(await screen.findByRole('option', { name: 'AI for Users (ai-user)' })).toBeInTheDocument();
  });
});
