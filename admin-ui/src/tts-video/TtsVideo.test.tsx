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
import { apiError, type mockFetch } from '../test/browser';

const STREAM = 'POST /api/tts/video/render/stream';

const TTS_SUBJECTS = [
  { id: 'vagus-nerve', name: 'Vagus Nerve', sections: 16, withAudio: 12, stale: 1 },
  { id: 'metabolic', name: 'Metabolic Health', sections: 16, withAudio: 0, stale: 0 },
];

type Routes = Parameters<typeof mockFetch>[0];

const item = (id: string, n: number, extra: object = {}) => ({
  type: 'item',
  id,
  ok: true,
  url: `/api/media/file/vagus-nerve/video%2F${id}-0a1b2c3d.mp4?sig=x`,
  error: null,
  skipped: false,
  status: 'rendered',
  attempted: n,
  succeeded: n,
  failed: 0,
  skippedCount: 0,
  ...extra,
});

/** A video run's `start` event, for the default size. */
const start = (total: number) => ({
  type: 'start',
  jobId: 'video-1',
  total,
  width: 1280,
  height: 720,
  burnCaptions: false,
});

const renderVideo = (routes: Routes = {}) => renderRunScreen('/studio/tts-video', 'TTS Video', TTS_SUBJECTS, routes);

const renderButton = () => screen.getByRole('button', { name: 'Render Videos' });
const widthField = () => screen.getByRole('spinbutton', { name: 'Width' });
const heightField = () => screen.getByRole('spinbutton', { name: 'Height' });
const progress = () => screen.getByRole('region', { name: 'Progress' });
const progressBar = () => within(progress()).getByRole('progressbar', { name: 'Render progress' });
const counters = () => screen.getByTestId('video-counters').textContent;
const requestBody = (server: ReturnType<typeof mockFetch>) =>
  JSON.parse(server.callsTo('POST', '/api/tts/video/render/stream')[0].body ?? '{}') as Record<string, unknown>;

describe('TTS Video screen', { timeout: 20_000 }, () => {
  // A failed stream is logged; keep the test output quiet.
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('needs a subject: says so and calls nothing', async () => {
    await expectSubjectRequired(await renderVideo(), {
      start: 'Render Videos',
      message: 'Rendering needs a subject',
      streamUrl: '/api/tts/video/render/stream',
    });
  });

  it('streams a run: sends the settings with the token, shows the section in progress and lists OK, ERR and SKIPPED rows', async () => {
    const stream = ndjsonStream([line(start(4))], { keepOpen: true });
    const { server, user } = await renderVideo({ [STREAM]: stream.response });

    await chooseSubject(user, /^vagus-nerve/);
    await user.click(screen.getByRole('checkbox', { name: 'Burn captions' }));
    await user.clear(widthField());
    await user.type(widthField(), '1920');
    await user.clear(heightField());
    await user.type(heightField(), '1080');
    await user.click(renderButton());

    await waitFor(() => expect(counters()).toBe('0 of 4 sections: 0 rendered, 0 failed, 0 skipped'));
    const [call] = server.callsTo('POST', '/api/tts/video/render/stream');
    expect(requestBody(server)).toEqual({
      subject: 'vagus-nerve',
      width: 1920,
      height: 1080,
      burnCaptions: true,
      jobId: expect.stringMatching(/^video-[0-9a-f-]{36}$/) as unknown,
    });
    expect(call.headers.get('Authorization')).toBe('Bearer token-a');
    expect(call.headers.get('Accept')).toBe('application/x-ndjson');
    expect(renderButton()).toBeDisabled();
    expect(cancelButton()).toBeEnabled();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Waiting for the first section…')).toBeInTheDocument();

    stream.push(line({ type: 'progress', id: 'vn-intro', percent: 42.4 }));
    expect(await screen.findByTestId('video-current')).toHaveTextContent('Rendering vn-intro: 42%');
    expect(within(progress()).getByRole('progressbar', { name: 'Rendering vn-intro' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );

    stream.push(
      line(item('vn-intro', 1)) +
        line(
          item('vn-anatomy', 2, {
            ok: false,
            url: null,
            error: 'ffmpeg exited with code 1',
            status: 'failed',
            succeeded: 1,
            failed: 1,
          }),
        ),
    );
    await waitFor(() => expect(counters()).toBe('2 of 4 sections: 1 rendered, 1 failed, 0 skipped'));
    // The finished section's own progress line goes away.
    expect(screen.queryByTestId('video-current')).not.toBeInTheDocument();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '50');

    stream.push(
      line(
        item('vn-tone', 2, { ok: true, skipped: true, status: 'skipped', succeeded: 1, failed: 1, skippedCount: 1 }),
      ),
    );
    stream.push(
      line(
        item('vn-reflex', 2, {
          ok: false,
          url: null,
          skipped: true,
          error: 'no audio yet',
          status: 'skipped',
          succeeded: 1,
          failed: 1,
          skippedCount: 2,
        }),
      ),
    );
    await waitFor(() => expect(counters()).toBe('4 of 4 sections: 1 rendered, 1 failed, 2 skipped'));
    expect(progressBar()).toHaveAttribute('aria-valuenow', '100');
    stream.push(line(endEvent('done', { total: 4, attempted: 2, succeeded: 1, failed: 1, skipped: 2 })));
    stream.end();

    expect(await within(progress()).findByText('Finished')).toBeInTheDocument();
    expect(resultRows()).toEqual([
      ['OK', 'vn-intro', 'Play', ''],
      ['ERR', 'vn-anatomy', '', 'ffmpeg exited with code 1'],
      ['SKIPPED', 'vn-tone', 'Play', 'Up to date (skipped)'],
      ['SKIPPED', 'vn-reflex', '', 'no audio yet'],
    ]);
    const play = screen.getByRole('link', { name: 'Play vn-intro' });
    expect(play).toHaveAttribute('href', '/api/media/file/vagus-nerve/video%2Fvn-intro-0a1b2c3d.mp4?sig=x');
    expect(play).toHaveAttribute('target', '_blank');
    expect(renderButton()).toBeEnabled();
    expect(cancelButton()).toBeDisabled();
  });

  it('sends 1280 and 720 when the resolution fields are cleared', async () => {
    const stream = ndjsonStream([
      line(start(0)),
      line(endEvent('done', { total: 0, attempted: 0, succeeded: 0, failed: 0, skipped: 0 })),
    ]);
    const { server, user } = await renderVideo({ [STREAM]: stream.response });

    await chooseSubject(user, /^metabolic/);
    await user.clear(widthField());
    await user.clear(heightField());
    expect(widthField()).toHaveValue(null);
    await user.click(renderButton());

    expect(await screen.findByText('No sections were rendered.')).toBeInTheDocument();
    expect(requestBody(server)).toMatchObject({ subject: 'metabolic', width: 1280, height: 720, burnCaptions: false });
    expect(progressBar()).toHaveAttribute('aria-valuenow', '100');
  });

  it('refuses a size the server cannot render, and sends nothing', async () => {
    const { server, user } = await renderVideo();

    await chooseSubject(user, /^metabolic/);
    await user.clear(widthField());
    await user.type(widthField(), '1001');
    await user.click(renderButton());

    expect(screen.getByText('An even number from 160 to 3840')).toBeInTheDocument();
    await server.idle();
    expect(server.callsTo('POST', '/api/tts/video/render/stream')).toHaveLength(0);
  });

  it('appends an error row for an error event: its message, or "Failed" when it has none', async () => {
    const first = ndjsonStream([line(start(3)), line(item('vn-intro', 1)), line({ type: 'error', message: '' })]);
    const second = ndjsonStream([line(start(3)), line({ type: 'error', message: 'Redis is down' })]);
    const { user } = await renderVideo({ [STREAM]: [first.response, second.response] });

    await chooseSubject(user, /^vagus-nerve/);
    await user.click(renderButton());

    expect(await within(progress()).findByText('Stopped')).toBeInTheDocument();
    expect(resultRows()).toEqual([
      ['OK', 'vn-intro', 'Play', ''],
      ['ERR', '', '', 'Failed'],
    ]);
    expect(renderButton()).toBeEnabled();

    await user.click(renderButton());
    await waitFor(() => expect(resultRows()).toEqual([['ERR', '', '', 'Redis is down']]));
  });

  it('appends an error row with the server\'s message for a non-200 answer, and "Failed" when it has none', async () => {
    const { server, user } = await renderVideo({
      [STREAM]: [
        apiError(409, 'A render of vagus-nerve is already running'),
        () => new Response('<html>Bad gateway</html>', { status: 502 }),
      ],
    });

    await chooseSubject(user, /^vagus-nerve/);
    await user.click(renderButton());

    expect(await within(progress()).findByText('Stopped')).toBeInTheDocument();
    expect(resultRows()).toEqual([['ERR', '', '', 'A render of vagus-nerve is already running']]);
    expect(counters()).toBe('0 of ? sections: 0 rendered, 0 failed, 0 skipped');
    expect(progressBar()).toHaveAttribute('aria-valuenow', '0');

    await user.click(renderButton());
    await waitFor(() => expect(resultRows()).toEqual([['ERR', '', '', 'Failed']]));
    expect(server.callsTo('POST', '/api/tts/video/render/stream')).toHaveLength(2);
  });

  it('appends a "Failed" row when the connection fails or breaks mid-stream, keeping the rows so far', async () => {
    const broken = ndjsonStream([line(start(2)), line(item('vn-intro', 1))], { keepOpen: true });
    const { user } = await renderVideo({
      [STREAM]: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        broken.response,
      ],
    });

    await chooseSubject(user, /^vagus-nerve/);
    await user.click(renderButton());
    await waitFor(() => expect(resultRows()).toEqual([['ERR', '', '', 'Failed']]));
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();

    await user.click(renderButton());
    await waitFor(() => expect(resultRows()).toEqual([['OK', 'vn-intro', 'Play', '']]));
    broken.fail();
    await waitFor(() =>
      expect(resultRows()).toEqual([
        ['OK', 'vn-intro', 'Play', ''],
        ['ERR', '', '', 'Failed'],
      ]),
    );
    expect(renderButton()).toBeEnabled();
  });

  it('cancels by job id: the stream ends with "cancelled" and the run is marked so', async () => {
    await expectCancelByJobId(renderVideo, {
      start: 'Render Videos',
      streamUrl: '/api/tts/video/render/stream',
      cancelUrl: '/api/tts/video/render/cancel',
      startEvent: start(16),
      firstItem: item('vn-intro', 1),
      counters: /^1 of 16 sections: 1 rendered, 0 failed, 0 skipped$/,
    });
  });
});
