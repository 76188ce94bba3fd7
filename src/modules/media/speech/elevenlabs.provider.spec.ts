import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ELEVENLABS_DEFAULT_VOICE, ElevenLabsProvider } from './elevenlabs.provider';
import { Ffmpeg } from './ffmpeg';
import { SectionSynthesizer } from './section-synthesizer';

/** `seconds` of a 440 Hz tone as ElevenLabs' pcm_22050: raw signed 16-bit little-endian mono. */
function sinePcm(seconds: number): Buffer {
  const n = Math.round(22050 * seconds);
  const pcm = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / 22050) * 12000), i * 2);
  return pcm;
}

interface Seen {
  method: string;
  url: string;
  apiKey: string | undefined;
  body: { text: string; model_id?: string };
}

/** A local stand-in for the ElevenLabs API: one tone, 0.5 s per word, for each text-to-speech call. */
function fakeElevenLabs(opts: { status?: number; delayMs?: number } = {}) {
  const seen: Seen[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Seen['body'];
      seen.push({ method: req.method!, url: req.url!, apiKey: req.headers['xi-api-key'] as string | undefined, body });
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (req.method === 'GET' && req.url?.startsWith('/v1/voices') && !opts.status) {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(
            JSON.stringify({
              voices: [
                { voice_id: ELEVENLABS_DEFAULT_VOICE, name: 'Rachel' },
                { voice_id: 'voice123', name: 'Mine' },
              ],
            }),
          );
        }
        if (opts.status) {
          res.writeHead(opts.status, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } }));
        }
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(sinePcm(body.text.split(/\s+/).length * 0.5));
      }, opts.delayMs ?? 0);
      timers.add(timer);
    });
  });
  return new Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        seen,
        close: () =>
          new Promise((r) => {
            timers.forEach(clearTimeout);
            server.close(() => r());
            server.closeAllConnections();
          }),
      }),
    ),
  );
}

// The provider loads the SDK on its first synthesis (it is large and most installations never use it).
// Under jest's transform that first load takes seconds on a busy machine, which would count against
// whichever test happens to run first: load it here, with its own time limit.
beforeAll(() => {
  jest.requireActual('@elevenlabs/elevenlabs-js');
  jest.requireActual('@elevenlabs/elevenlabs-js/core');
}, 60_000);

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lp-elevenlabs-spec-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('ElevenLabsProvider (against a local fake API)', () => {
  it('sends the voice, text, model, output format and API key; the PCM becomes an exact WAV', async () => {
    const api = await fakeElevenLabs();
    try {
      const provider = new ElevenLabsProvider({ apiKey: 'xi-test-key', baseUrl: api.url });
      const clip = await provider.synthesize('Four words of text.', { voiceId: 'voice123', dir });
      expect(api.seen).toHaveLength(1);
      const [call] = api.seen;
      expect(call.method).toBe('POST');
      const url = new URL(call.url, api.url);
      expect(url.pathname).toBe('/v1/text-to-speech/voice123');
      expect(url.searchParams.get('output_format')).toBe('pcm_22050');
      expect(call.apiKey).toBe('xi-test-key');
      expect(call.body.text).toBe('Four words of text.');
      expect(call.body.model_id).toBe('eleven_multilingual_v2');
      expect(clip.voice).toBe('voice123');
      expect(clip.durationMs).toBe(2000);
      expect(readdirSync(dir)).toEqual([clip.wavPath.slice(dir.length + 1)]);
      const measured = await Ffmpeg.locate().analyze(clip.wavPath);
      expect(measured.durationMs).toBe(2000);

      await provider.synthesize('Default voice.', { dir });
      expect(new URL(api.seen[1].url, api.url).pathname).toBe(`/v1/text-to-speech/${ELEVENLABS_DEFAULT_VOICE}`);
    } finally {
      await api.close();
    }
  });

  it('a whole section through SectionSynthesizer: mp3 and cues from the API audio', async () => {
    const api = await fakeElevenLabs();
    try {
      const synth = new SectionSynthesizer({ tmpDir: dir, elevenLabs: { apiKey: 'k', baseUrl: api.url } });
      expect(synth.resolveProvider('elevenlabs')).toEqual({ provider: 'elevenlabs', fellBack: false });
      const result = await synth.synthesize('One two. Three four five six. Seven.', {
        provider: 'elevenlabs',
        voiceId: 'v1',
      });
      expect(result.provider).toBe('elevenlabs');
      expect(result.voice).toBe('v1');
      expect(result.sentences).toEqual([
        { text: 'One two.', startMs: 0, endMs: 1000 },
        { text: 'Three four five six.', startMs: 1000, endMs: 3000 },
        { text: 'Seven.', startMs: 3000, endMs: 3500 },
      ]);
      expect(result.vtt).toBe(
        'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\nOne two.\n\n2\n00:00:01.000 --> 00:00:03.000\nThree four five six.\n\n' +
          '3\n00:00:03.000 --> 00:00:03.500\nSeven.\n',
      );
      const measured = await Ffmpeg.locate().analyze(result.mp3Path);
      expect(Math.abs(measured.durationMs - 3500)).toBeLessThanOrEqual(50);
      expect(measured.meanVolumeDb).toBeGreaterThan(-20);
      expect(api.seen.map((s) => s.body.text)).toEqual(['One two.', 'Three four five six.', 'Seven.']);
    } finally {
      await api.close();
    }
  });

  it('a refused key rejects and leaves no file', async () => {
    const api = await fakeElevenLabs({ status: 401 });
    try {
      const provider = new ElevenLabsProvider({ apiKey: 'wrong', baseUrl: api.url });
      await expect(provider.synthesize('Hello.', { dir })).rejects.toThrow(/401|invalid/i);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it('abort while waiting for the API rejects with an AbortError and leaves no file', async () => {
    // the API never answers within the test: only the abort can end the call (else the test's time limit does)
    const api = await fakeElevenLabs({ delayMs: 600_000 });
    try {
      const provider = new ElevenLabsProvider({ apiKey: 'k', baseUrl: api.url });
      const controller = new AbortController();
      const run = provider.synthesize('Hello.', { dir, signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await api.close();
    }
  }, 10_000);
});

describe('ElevenLabsProvider voices', () => {
  it("lists the account's voices (GET /v1/voices) once for a while; null when the API refuses", async () => {
    const api = await fakeElevenLabs();
    try {
      const synth = new SectionSynthesizer({ tmpDir: dir, elevenLabs: { apiKey: 'xi-test-key', baseUrl: api.url } });
      const want = { engine: 'ElevenLabs', voices: [ELEVENLABS_DEFAULT_VOICE, 'voice123'] };
      expect(await synth.voices('elevenlabs')).toEqual(want);
      expect(await synth.voices('elevenlabs')).toEqual(want);
      expect(api.seen.map((s) => `${s.method} ${new URL(s.url, api.url).pathname}`)).toEqual(['GET /v1/voices']);
      expect(api.seen[0].apiKey).toBe('xi-test-key');
    } finally {
      await api.close();
    }
    const refused = await fakeElevenLabs({ status: 401 });
    try {
      expect(await new ElevenLabsProvider({ apiKey: 'bad', baseUrl: refused.url }).voices()).toBeNull();
    } finally {
      await refused.close();
    }
  });
});

describe('ElevenLabsProvider time limit', () => {
  it('an API that does not answer in time is an error, not an abort', async () => {
    const api = await fakeElevenLabs({ delayMs: 5000 });
    try {
      const provider = new ElevenLabsProvider({ apiKey: 'k', baseUrl: api.url, timeoutSeconds: 0.3 });
      const err = (await provider.synthesize('Hello.', { dir }).catch((e: unknown) => e)) as Error;
      expect(err.name).not.toBe('AbortError');
      expect(err.message).toMatch(/did not answer within 0.3 s/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
