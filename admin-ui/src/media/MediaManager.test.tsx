import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldReply, json, listReply, makeSession, mockFetch, stubLocation } from '../test/browser';

const REFRESH = 'POST /api/auth/refresh';
const COURSES = 'GET /api/admin/courses';
const MEDIA = 'GET /api/admin/media';
const ATTACH = 'POST /api/admin/media/attach';
const UPLOAD = 'POST /api/admin/media';

const COURSE_LIST = () =>
  listReply('courses', [
    { id: 'vagus-nerve', subjectId: 'vagus-nerve', title: 'The Vagus Nerve', published: true },
    { id: 'metabolic', subjectId: 'metabolic', title: 'Metabolic Health', published: false },
  ]);

const signed = (path: string) => `/api/media/file/vagus-nerve/${encodeURIComponent(path)}?exp=1&sig=abc`;

const INTRO = {
  id: 'f1',
  subjectId: 'vagus-nerve',
  nodeId: 'vn-intro',
  sectionId: 'vn-intro',
  name: 'vn-intro-0a1b2c3d.mp4',
  path: '/media/vagus-nerve/video/vn-intro-0a1b2c3d.mp4',
  url: signed('video/vn-intro-0a1b2c3d.mp4'),
  captions: signed('tts/vn-intro.vtt'),
  size: 4_404_019,
  durationMs: 65_000,
  stale: false,
  free: false,
  source: 'render',
  createdAt: '2026-03-02T10:00:00.000Z',
};
const TONE = {
  ...INTRO,
  id: 'f2',
  nodeId: 'vn-tone',
  sectionId: 'vn-tone',
  name: 'vn-tone-99aa88bb.mp4',
  path: '/media/vagus-nerve/video/vn-tone-99aa88bb.mp4',
  url: signed('video/vn-tone-99aa88bb.mp4'),
  captions: null,
  stale: true,
  createdAt: '2026-03-01T10:00:00.000Z',
};
const UPLOADED = {
  ...INTRO,
  id: 'f3',
  nodeId: null,
  sectionId: null,
  name: 'welcome.mp4',
  path: '/media/vagus-nerve/upload/1a2b3c4d-welcome.mp4',
  url: signed('upload/1a2b3c4d-welcome.mp4'),
  captions: null,
  source: 'upload',
  createdAt: '2026-03-03T10:00:00.000Z',
};

type Routes = Parameters<typeof mockFetch>[0];

async function renderMedia(routes: Routes = {}) {
  stubLocation('/studio/media');
  const server = mockFetch({
    [REFRESH]: json(makeSession(['learner', 'studio'], { token: 'token-a' })),
    [COURSES]: COURSE_LIST,
    [MEDIA]: () => listReply('media', [INTRO, TONE]),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Media Manager' });
  return { server, user: userEvent.setup({ delay: null }) };
}

const grid = () => screen.findByRole('list', { name: 'Videos' });
const status = () => screen.getByTestId('media-status');
const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;
const listQuery = (path: string) => {
  const params = new URL(path, 'http://localhost').searchParams;
  return { filter: params.get('filter'), sort: params.get('sort'), range: params.get('range') };
};

describe('Media Manager screen', { timeout: 20_000 }, () => {
  it("shows a loading indicator, then the subject's videos: player, captions track, stale chip, Open and Attach", async () => {
    const held = heldReply(() => listReply('media', [INTRO, TONE]));
    const { server } = await renderMedia({ [MEDIA]: held.reply });

    expect(await screen.findByRole('progressbar', { name: 'Loading videos' })).toBeInTheDocument();
    held.release();
    const cards = within(await grid()).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'vn-intro-0a1b2c3d.mp4',
      'vn-tone-99aa88bb.mp4',
    ]);
    expect(screen.queryByRole('progressbar', { name: 'Loading videos' })).not.toBeInTheDocument();

    const [list] = server.callsTo('GET', '/api/admin/media');
    expect(listQuery(list.path)).toEqual({
      filter: '{"subjectId":"vagus-nerve"}',
      sort: '["createdAt","DESC"]',
      range: '[0,99]',
    });
    expect(list.headers.get('Authorization')).toBe('Bearer token-a');

    const intro = cardOf('vn-intro-0a1b2c3d.mp4');
    const video = intro.querySelector('video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', INTRO.url);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    const track = video.querySelector('track') as HTMLTrackElement;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', INTRO.captions);
    expect(track).toHaveAttribute('default');
    expect(within(intro).queryByText('stale')).not.toBeInTheDocument();
    expect(within(intro).getByText('1:05 · 4.2 MB · rendered')).toBeInTheDocument();
    const open = within(intro).getByRole('link', { name: 'Open vn-intro-0a1b2c3d.mp4' });
    expect(open).toHaveAttribute('href', INTRO.url);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener');
    expect(within(intro).getByRole('button', { name: 'Attach vn-intro-0a1b2c3d.mp4' })).toBeEnabled();

    const tone = cardOf('vn-tone-99aa88bb.mp4');
    expect(tone.querySelector('video')).toHaveAttribute('src', TONE.url);
    expect(tone.querySelector('track')).toBeNull();
    expect(within(tone).getByText('stale')).toBeInTheDocument();
  });

  it('shows the empty state for a subject without videos, loading the chosen subject', async () => {
    const { server, user } = await renderMedia({
      [MEDIA]: [listReply('media', [INTRO, TONE]), listReply('media', [])],
    });
    await grid();

    await user.click(screen.getByRole('combobox', { name: 'Subject' }));
    await user.click(await screen.findByRole('option', { name: 'Metabolic Health (metabolic)' }));

    expect(await screen.findByText('No videos for this subject yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Videos' })).not.toBeInTheDocument();
    const calls = server.callsTo('GET', '/api/admin/media');
    expect(calls).toHaveLength(2);
    expect(listQuery(calls[1].path).filter).toBe('{"subjectId":"metabolic"}');
  });

  it('says "Enter a node id first" when Attach is pressed without a node id, and sends nothing', async () => {
    const { server, user } = await renderMedia({ [ATTACH]: json({}) });
    await grid();

    await user.type(screen.getByRole('textbox', { name: 'Node id' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Attach vn-intro-0a1b2c3d.mp4' }));

    expect(status()).toHaveTextContent('Enter a node id first');
    expect(screen.getByRole('textbox', { name: 'Node id' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Node id' })).toHaveAttribute('aria-invalid', 'true');
    await server.idle();
    expect(server.callsTo('POST', '/api/admin/media/attach')).toHaveLength(0);
    expect(screen.queryByText('Attached')).not.toBeInTheDocument();
  });

  it('attaches the video by its path to the node and says "Attached"', async () => {
    const held = heldReply(() =>
      json({ nodeId: 'vn-tone', subjectId: 'vagus-nerve', video: { url: TONE.path, title: 'Vagal tone' } }),
    );
    const { server, user } = await renderMedia({ [ATTACH]: held.reply });
    await grid();

    await user.type(screen.getByRole('textbox', { name: 'Node id' }), ' vn-tone ');
    const attach = screen.getByRole('button', { name: 'Attach vn-tone-99aa88bb.mp4' });
    await user.click(attach);

    await waitFor(() => expect(attach).toBeDisabled());
    held.release();
    expect(await screen.findByText('Attached')).toBeInTheDocument();
    expect(status()).toHaveTextContent('vn-tone-99aa88bb.mp4 is now the video of vn-tone (draft, live on publish).');
    expect(attach).toBeEnabled();

    const calls = server.callsTo('POST', '/api/admin/media/attach');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body ?? 'null')).toEqual({
      nodeId: 'vn-tone',
      subjectId: 'vagus-nerve',
      url: '/media/vagus-nerve/video/vn-tone-99aa88bb.mp4',
    });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer token-a');
    expect(screen.queryByText('Attach failed')).not.toBeInTheDocument();
  });

  it('says "Attach failed" on a 400, with the server\'s message in the status text', async () => {
    const { user } = await renderMedia({ [ATTACH]: apiError(400, 'The file is not a video of this subject') });
    await grid();

    await user.type(screen.getByRole('textbox', { name: 'Node id' }), 'vn-intro');
    await user.click(screen.getByRole('button', { name: 'Attach vn-intro-0a1b2c3d.mp4' }));

    expect(await screen.findByText('Attach failed')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Attach failed: The file is not a video of this subject');
    expect(screen.queryByText('Attached')).not.toBeInTheDocument();
  });

  it('uploads a video as multipart (subjectId, then the file) and refreshes the grid', async () => {
    const held = heldReply(() => json(UPLOADED, { status: 201 }));
    const { server, user } = await renderMedia({
      [MEDIA]: [listReply('media', [INTRO, TONE]), listReply('media', [UPLOADED, INTRO, TONE])],
      [UPLOAD]: held.reply,
    });
    await grid();

    const input = screen.getByLabelText('Upload video');
    expect(input).toHaveAttribute('accept', 'video/mp4,video/webm');
    const file = new File([new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70])], 'welcome.mp4', {
      type: 'video/mp4',
    });
    await user.upload(input, file);

    expect(status()).toHaveTextContent('Uploading welcome.mp4…');
    expect(input).toBeDisabled();
    held.release();
    await waitFor(() => expect(status()).toHaveTextContent('Uploaded welcome.mp4.'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Videos' })).getAllByRole('listitem')).toHaveLength(3),
    );
    expect(within(cardOf('welcome.mp4')).getByText('1:05 · 4.2 MB · uploaded')).toBeInTheDocument();
    expect(input).toBeEnabled();

    const [upload] = server.callsTo('POST', '/api/admin/media');
    expect(upload.form).toBeInstanceOf(FormData);
    const entries = [...(upload.form as FormData).entries()];
    expect(entries.map(([name]) => name)).toEqual(['subjectId', 'file']);
    expect(entries[0][1]).toBe('vagus-nerve');
    expect((entries[1][1] as File).name).toBe('welcome.mp4');
    expect(upload.headers.get('Authorization')).toBe('Bearer token-a');
    // The browser writes the multipart Content-Type with its boundary; a JSON one would break it.
    expect(upload.headers.get('Content-Type')).toBeNull();
    expect(server.callsTo('GET', '/api/admin/media')).toHaveLength(2);
  });

  it("shows the server's message when an upload is refused", async () => {
    const { server, user } = await renderMedia({ [UPLOAD]: apiError(400, 'Not a video file') });
    await grid();

    await user.upload(screen.getByLabelText('Upload video'), new File(['hello'], 'notes.mp4', { type: 'video/mp4' }));

    await waitFor(() => expect(status()).toHaveTextContent('Upload failed: Not a video file'));
    await server.idle();
    expect(server.callsTo('GET', '/api/admin/media')).toHaveLength(1);
  });
});
