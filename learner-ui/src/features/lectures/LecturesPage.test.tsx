import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, deferred, errorBody, installFetch, type Handler } from '../../test/fetch-mock';
import { catalogHandlers, entitlement } from '../../test/catalog-fixtures';
import { currentLocation, signedIn, signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';
import type { MediaFile, TtsSection } from '../../api/media';
import { LECTURES_SUBJECT_KEY } from './useLectureSubject';

const audioUrl = (name: string) => `/api/media/file/vagus-nerve/${encodeURIComponent(name)}?u=u-1&exp=9&sig=abc`;

/** Section 1 has recorded audio with captions, section 2 only text, section 3 a video. */
const SECTIONS: TtsSection[] = [
  {
    id: 'vn-intro',
    title: 'What the Vagus Nerve Is',
    text: 'Welcome to the course.',
    audio_url: audioUrl('tts/vn-intro-1a2b3c4d.mp3'),
    est_seconds: 83,
  },
  {
    id: 'vn-anatomy',
    title: 'Anatomy',
    text: 'The vagus nerve begins as rootlets. It leaves the skull!',
    audio_url: null,
    est_seconds: 40,
  },
  { id: 'vn-video', title: 'A Video Lecture', text: 'Watch this.', audio_url: null, est_seconds: 10 },
];

/** The signed URL of section 1's captions: captions travel with their media file, not as a file of their own. */
const CAPTIONS_URL = audioUrl('tts/vn-intro-1a2b3c4d.vtt');

const FILES: { files: MediaFile[] } = {
  files: [
    {
      name: 'tts/vn-intro-1a2b3c4d.mp3',
      url: audioUrl('tts/vn-intro-1a2b3c4d.mp3').replace('exp=9', 'exp=10'),
      free: true,
      size: 1000,
      captions: CAPTIONS_URL,
    },
    { name: 'video/vn-video.mp4', url: audioUrl('video/vn-video.mp4'), free: false, size: 5000, captions: null },
    // Another section's file whose id starts with this one's: not section 2's audio.
    {
      name: 'tts/vn-anatomy-advanced-99999999.mp3',
      url: audioUrl('tts/vn-anatomy-advanced-99999999.mp3'),
      free: false,
      size: 1,
      captions: null,
    },
  ],
};

function handlers(extra: Record<string, Handler> = {}, roles = ['learner']): Record<string, Handler> {
  return {
    ...signedIn('ada@example.com', roles),
    ...catalogHandlers,
    'GET /api/entitlements': { body: [entitlement('vagus-nerve')] },
    'GET /media/vagus-nerve/tts_scripts.json': { body: SECTIONS },
    'GET /api/media/secure': { body: FILES },
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// The browser's media and speech, which jsdom does not implement.

let played: HTMLMediaElement[] = [];
let playSpy: ReturnType<typeof vi.spyOn>;

class FakeUtterance {
  text: string;
  rate = 1;
  onend: (() => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  constructor(text: string) {
    this.text = text;
  }
}

const spoken: FakeUtterance[] = [];
const speechSynthesisMock = {
  speak: vi.fn((u: FakeUtterance) => void spoken.push(u)),
  cancel: vi.fn(),
};

beforeEach(() => {
  played = [];
  spoken.length = 0;
  speechSynthesisMock.speak.mockClear();
  speechSynthesisMock.cancel.mockClear();
  playSpy = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.stubGlobal('speechSynthesis', speechSynthesisMock);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
});

afterEach(() => {
  // Unmount while play() and pause() are still stubbed: jsdom implements neither.
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The last spoken sentence finishes. */
function endUtterance() {
  act(() => spoken.at(-1)!.onend?.());
}

function sectionCard(id: string) {
  return screen.getByTestId(`lecture-${id}`);
}

async function openLectures(
  route = '/lectures?subject=vagus-nerve',
  extra: Record<string, Handler> = {},
  roles?: string[],
) {
  const fetchMock = installFetch(handlers(extra, roles));
  const user = userEvent.setup();
  renderApp({ route });
  await screen.findByRole('heading', { name: '1. What the Vagus Nerve Is' });
  return { fetchMock, user };
}

describe('/lectures', () => {
  it('shows per section the video, else the audio player with captions, else the text', async () => {
    const { fetchMock } = await openLectures();

    const audio = sectionCard('vn-intro').querySelector('audio')!;
    expect(audio).toHaveAttribute('src', SECTIONS[0].audio_url);
    expect(audio).toHaveAttribute('controls');
    const track = audio.querySelector('track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', CAPTIONS_URL);
    expect(within(sectionCard('vn-intro')).queryByText('Welcome to the course.')).not.toBeInTheDocument();

    const text = sectionCard('vn-anatomy');
    expect(text.querySelector('audio, video')).toBeNull();
    expect(within(text).getByText(SECTIONS[1].text)).toBeInTheDocument();

    const video = sectionCard('vn-video').querySelector('video')!;
    expect(video).toHaveAttribute('src', FILES.files[1].url);
    expect(sectionCard('vn-video').querySelector('audio')).toBeNull();

    // Own origin, the subject in the path and in the query.
    expect(callsTo(fetchMock, 'GET /media/vagus-nerve/tts_scripts.json')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/media/secure')[0].url.searchParams.get('subject')).toBe('vagus-nerve');
    expect(callsTo(fetchMock, 'GET /media/vagus-nerve/tts_scripts.json')[0].headers.get('Authorization')).toBe(
      'Bearer token-for-ada@example.com',
    );
    // A learner sees no studio controls.
    expect(screen.queryByRole('button', { name: /Generate MP3 \(server\)/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Server voice id' })).not.toBeInTheDocument();
    expect(screen.queryByText(/free preview/)).not.toBeInTheDocument();
  });

  it('Play All plays section 1, speaks section 2 on "ended", then plays the video and stops at the end', async () => {
    const { user } = await openLectures();

    await user.click(screen.getByRole('button', { name: 'Play All' }));
    const audio = sectionCard('vn-intro').querySelector('audio')!;
    await waitFor(() => expect(played).toEqual([audio]));
    expect(sectionCard('vn-intro')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Playing section 1 of 3')).toBeInTheDocument();
    expect(speechSynthesisMock.speak).not.toHaveBeenCalled();

    fireEvent.ended(audio);
    // Section 2 has no recording: the browser reads it, one sentence at a time.
    await waitFor(() => expect(spoken.map((u) => u.text)).toEqual(['The vagus nerve begins as rootlets.']));
    expect(spoken[0].rate).toBe(1);
    expect(sectionCard('vn-anatomy')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Playing section 2 of 3 (browser speech)')).toBeInTheDocument();
    endUtterance();
    expect(spoken.map((u) => u.text)).toEqual(['The vagus nerve begins as rootlets.', 'It leaves the skull!']);
    endUtterance();

    const video = sectionCard('vn-video').querySelector('video')!;
    await waitFor(() => expect(played).toEqual([audio, video]));
    fireEvent.ended(video);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play All' })).toBeInTheDocument());
    expect(sectionCard('vn-video')).not.toHaveAttribute('aria-current');
  });

  it('Stop ends Play All and cancels the browser speech', async () => {
    const { user } = await openLectures();
    await user.click(screen.getByRole('button', { name: 'Play All' }));
    await waitFor(() => expect(played).toHaveLength(1));
    fireEvent.ended(sectionCard('vn-intro').querySelector('audio')!);
    await waitFor(() => expect(spoken).toHaveLength(1));
    speechSynthesisMock.cancel.mockClear();

    await user.click(screen.getByRole('button', { name: 'Stop' }));

    expect(speechSynthesisMock.cancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play All' })).toBeInTheDocument();
    // A late end of the cancelled sentence does not start anything.
    endUtterance();
    expect(spoken).toHaveLength(1);
    expect(played).toHaveLength(1);
  });

  it('a recording that cannot be played is read aloud instead', async () => {
    playSpy.mockImplementation(() => Promise.reject(new DOMException('no source', 'NotSupportedError')));
    const { user } = await openLectures();
    await user.click(screen.getByRole('button', { name: 'Play All' }));
    await waitFor(() => expect(spoken.map((u) => u.text)).toEqual(['Welcome to the course.']));
    endUtterance();
    await waitFor(() => expect(spoken).toHaveLength(2));
    expect(spoken[1].text).toBe('The vagus nerve begins as rootlets.');
  });

  it('skips a text section when the browser has no speech synthesis', async () => {
    vi.stubGlobal('speechSynthesis', undefined);
    const { user } = await openLectures();
    await user.click(screen.getByRole('button', { name: 'Play All' }));
    await waitFor(() => expect(played).toHaveLength(1));
    fireEvent.ended(sectionCard('vn-intro').querySelector('audio')!);
    await waitFor(() => expect(played).toHaveLength(2));
    expect(played[1].tagName).toBe('VIDEO');
  });

  it('the speech-rate slider goes 0.5 to 1.5 in 0.05 steps from 1 and applies to audio and speech', async () => {
    const { user } = await openLectures();
    const slider = screen.getByRole('slider', { name: /Speech rate/ });
    expect(slider).toHaveAttribute('aria-valuemin', '0.5');
    expect(slider).toHaveAttribute('aria-valuemax', '1.5');
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText('Speech rate: 1.00x')).toBeInTheDocument();

    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '1.1');
    expect(screen.getByText('Speech rate: 1.10x')).toBeInTheDocument();
    const audio = sectionCard('vn-intro').querySelector('audio')!;
    expect(audio.playbackRate).toBeCloseTo(1.1);
    expect(sectionCard('vn-video').querySelector('video')!.playbackRate).toBeCloseTo(1.1);

    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '1.5');
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0.5');
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '0.55');

    await user.click(screen.getByRole('button', { name: 'Play All' }));
    await waitFor(() => expect(played).toHaveLength(1));
    expect(audio.playbackRate).toBeCloseTo(0.55);
    fireEvent.ended(audio);
    await waitFor(() => expect(spoken).toHaveLength(1));
    expect(spoken[0].rate).toBeCloseTo(0.55);

    // A change during the section applies from the next sentence.
    slider.focus();
    await user.keyboard('{ArrowRight}');
    endUtterance();
    expect(spoken[1].rate).toBeCloseTo(0.6);
  });

  it('remembers the chosen subject in local storage and opens it next time', async () => {
    const metabolicScripts = vi.fn(() => ({
      body: [{ id: 'm-1', title: 'Energy', text: 'Food becomes energy.', audio_url: null, est_seconds: 5 }],
    }));
    const { user } = await openLectures('/lectures?subject=vagus-nerve', {
      'GET /media/metabolic/tts_scripts.json': metabolicScripts,
    });
    expect(window.localStorage.getItem(LECTURES_SUBJECT_KEY)).toBe('vagus-nerve');

    await user.click(screen.getByRole('combobox', { name: 'Subject' }));
    await user.click(await screen.findByRole('option', { name: 'Metabolic Health' }));

    expect(await screen.findByRole('heading', { name: '1. Energy' })).toBeInTheDocument();
    expect(window.localStorage.getItem(LECTURES_SUBJECT_KEY)).toBe('metabolic');
    expect(currentLocation()).toBe('/lectures?subject=metabolic');
  });

  it('opens the remembered subject when the address names none', async () => {
    window.localStorage.setItem(LECTURES_SUBJECT_KEY, 'vagus-nerve');
    await openLectures('/lectures');
    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveTextContent('Vagus Nerve');
  });

  it('defaults to metabolic without an address subject or a remembered one', async () => {
    installFetch({
      ...handlers(),
      'GET /media/metabolic/tts_scripts.json': { body: [] },
    });
    renderApp({ route: '/lectures' });
    expect(await screen.findByText('This course has no lecture sections yet.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveTextContent('Metabolic Health');
    expect(screen.getByRole('button', { name: 'Play All' })).toBeDisabled();
  });

  it('shows a spinner while loading and an error with a retry', async () => {
    const pending = deferred<{ status: number; body: unknown }>();
    let calls = 0;
    installFetch(
      handlers({
        'GET /media/vagus-nerve/tts_scripts.json': () => {
          calls += 1;
          return calls === 1 ? pending.promise : { body: SECTIONS };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/lectures?subject=vagus-nerve' });
    expect(await screen.findByRole('progressbar', { name: 'Loading lectures' })).toBeInTheDocument();
    pending.resolve({ status: 404, body: errorBody(404, 'Unknown subject') });
    expect(await screen.findByText('Unknown subject')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '1. What the Vagus Nerve Is' })).toBeInTheDocument();
  });

  it('shows the text when the media list cannot be read', async () => {
    await openLectures('/lectures?subject=vagus-nerve', {
      'GET /api/media/secure': { status: 500, body: errorBody(500, 'boom') },
    });
    // The script's own audio URL still plays; the video is not known.
    expect(sectionCard('vn-intro').querySelector('audio')).not.toBeNull();
    expect(within(sectionCard('vn-video')).getByText('Watch this.')).toBeInTheDocument();
  });

  it('tells a visitor without the course that this is the free preview', async () => {
    installFetch({
      ...signedOut,
      ...catalogHandlers,
      'GET /media/vagus-nerve/tts_scripts.json': { body: SECTIONS.slice(0, 2) },
      'GET /api/media/secure': { body: { files: [FILES.files[0]] } },
    });
    renderApp({ route: '/lectures?subject=vagus-nerve' });
    expect(await screen.findByText(/This is the free preview/)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('studio users get a voice id and "Generate MP3 (server)", which synthesises and plays the section', async () => {
    const synth = deferred<{ body: unknown }>();
    const newUrl = audioUrl('tts/vn-anatomy-deadbeef.mp3');
    const { fetchMock, user } = await openLectures(
      '/lectures?subject=vagus-nerve',
      { 'POST /api/tts/synthesize': () => synth.promise },
      ['learner', 'studio'],
    );

    await user.type(screen.getByRole('textbox', { name: 'Server voice id' }), 'kal');
    const generate = within(sectionCard('vn-anatomy')).getByRole('button', { name: /Generate MP3 \(server\)/ });
    expect(generate).toHaveTextContent('Generate MP3 (server)');
    await user.click(generate);
    expect(generate).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/tts/synthesize')[0].body).toEqual({
      subject: 'vagus-nerve',
      sectionId: 'vn-anatomy',
      provider: 'elevenlabs',
      voiceId: 'kal',
      format: 'mp3',
    });

    synth.resolve({ body: { url: newUrl, sectionId: 'vn-anatomy', provider: 'local', skipped: false } });
    await waitFor(() => expect(sectionCard('vn-anatomy').querySelector('audio')).toHaveAttribute('src', newUrl));
    const audio = sectionCard('vn-anatomy').querySelector('audio')!;
    await waitFor(() => expect(played).toContain(audio));
    expect(generate).toBeEnabled();
    // The lists are read again, so the new file's captions show up.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/media/secure').length).toBeGreaterThanOrEqual(2));
  });

  it('shows why "Generate MP3 (server)" failed', async () => {
    await openLectures(
      '/lectures?subject=vagus-nerve',
      { 'POST /api/tts/synthesize': { status: 500, body: errorBody(500, 'Speech engine unavailable') } },
      ['learner', 'studio'],
    );
    const user = userEvent.setup();
    await user.click(within(sectionCard('vn-intro')).getByRole('button', { name: /Generate MP3 \(server\)/ }));
    expect(await within(sectionCard('vn-intro')).findByText('Speech engine unavailable')).toBeInTheDocument();
  });
});
