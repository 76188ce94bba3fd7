import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESPEAK_DEFAULT_VOICE, espeakInThread, espeakVoices } from './espeak-thread';
import { abortError, type SpeechClip, type SpeechProvider, type SpeechRequest } from './speech-provider';
import { MediaTimeLimits, timeLimitSignal } from './time-limit';
import { readWavInfo } from './wav';

export type LocalEngine = 'flite' | 'espeak-ng';

/** flite's best bundled voices first; `kal` is an 8 kHz diphone voice. */
const FLITE_PREFERRED = ['slt', 'rms', 'awb', 'kal16', 'kal'];

/** The voices of the `flite` on PATH, or null when there is none (looked up once per process). */
let fliteVoices: string[] | null | undefined;
function installedFliteVoices(): string[] | null {
  if (fliteVoices === undefined) {
    const res = spawnSync('flite', ['-lv'], { encoding: 'utf8', timeout: 10_000 });
    fliteVoices =
      res.error || res.status !== 0
        ? null
        : res.stdout
            .replace(/^.*?:/s, '')
            .split(/\s+/)
            .filter((v) => /^[a-z0-9_]+$/i.test(v));
  }
  return fliteVoices;
}

/**
 * Speech with no network and no account: `flite` when it is on PATH (the better voice), else espeak-ng
 * compiled to WebAssembly (from npm, so any machine with Node has it). A voice id the engine does not
 * know falls back to its default voice; the clip's `voice` says which voice was used. Each run has a time
 * limit from the text's estimated speech length (`limits.speech`): past it flite gets SIGKILL, the espeak-ng
 * thread `terminate()`, and the call rejects with a TimeLimitError.
 */
export class LocalSpeechProvider implements SpeechProvider {
  readonly name = 'local' as const;
  readonly engine: LocalEngine;
  readonly limits: MediaTimeLimits;

  constructor(opts: { engine?: LocalEngine; limits?: MediaTimeLimits } = {}) {
    this.limits = opts.limits ?? new MediaTimeLimits();
    this.engine = opts.engine ?? (installedFliteVoices()?.length ? 'flite' : 'espeak-ng');
    if (this.engine === 'flite' && !installedFliteVoices()?.length) throw new Error('flite is not on PATH');
  }

  async voices(): Promise<{ engine: string; voices: string[] }> {
    return {
      engine: this.engine,
      voices: this.engine === 'flite' ? [...(installedFliteVoices() ?? [])] : await espeakVoices(),
    };
  }

  async synthesize(text: string, req: SpeechRequest = {}): Promise<SpeechClip> {
    if (req.signal?.aborted) throw abortError(req.signal);
    const wavPath = join(req.dir ?? tmpdir(), `lp-speech-${randomUUID()}.wav`);
    const clock = timeLimitSignal(this.limits.speech(text), this.engine, req.signal);
    try {
      const limited = { ...req, signal: clock.signal };
      const voice =
        this.engine === 'flite' ? await this.flite(text, limited, wavPath) : await this.espeak(text, limited, wavPath);
      const info = readWavInfo(await readFile(wavPath));
      if (!info.dataBytes) throw new Error(`${this.engine} produced no audio`);
      return { wavPath, durationMs: info.durationMs, voice };
    } catch (err) {
      await rm(wavPath, { force: true });
      throw err;
    } finally {
      clock.clear();
    }
  }

  private async espeak(text: string, req: SpeechRequest, wavPath: string): Promise<string> {
    const wanted = req.voiceId && /^[a-z0-9+_-]{1,40}$/i.test(req.voiceId) ? req.voiceId : ESPEAK_DEFAULT_VOICE;
    const { wav, voice } = await espeakInThread(text, wanted, req.signal);
    await writeFile(wavPath, wav);
    return `espeak-ng:${voice}`;
  }

  private async flite(text: string, req: SpeechRequest, wavPath: string): Promise<string> {
    const voices = installedFliteVoices() ?? [];
    // Only listed names: flite also takes a file path or URL as a voice, which a request must never name.
    const voice =
      req.voiceId && voices.includes(req.voiceId)
        ? req.voiceId
        : (FLITE_PREFERRED.find((v) => voices.includes(v)) ?? voices[0]);
    await new Promise<void>((resolve, reject) => {
      const child = spawn('flite', ['-voice', voice, '-t', text, '-o', wavPath], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
      const onAbort = () => child.kill('SIGKILL');
      req.signal?.addEventListener('abort', onAbort, { once: true });
      child.on('error', (err) => {
        req.signal?.removeEventListener('abort', onAbort);
        reject(err);
      });
      child.on('close', (code, sig) => {
        req.signal?.removeEventListener('abort', onAbort);
        if (req.signal?.aborted) reject(abortError(req.signal));
        else if (code === 0) resolve();
        else reject(new Error(`flite failed (${sig ?? `exit ${code}`}): ${stderr.trim()}`));
      });
    });
    return `flite:${voice}`;
  }
}
