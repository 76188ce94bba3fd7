import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { abortError } from './speech-provider';

export const ESPEAK_DEFAULT_VOICE = 'en-us';

/**
 * The thread's code, kept as a string so that it runs the same under `node dist/…` and under jest/swc
 * (a separate .ts worker file would need a TypeScript loader, a .js one a copy step into dist/).
 * espeak-ng's WebAssembly build is its CLI: each run instantiates the module, writes /out.wav into
 * its in-memory file system, and exits. An unknown voice writes nothing: then the default is used.
 * With `list`, the thread prints the voices table (`--voices`) instead and posts its lines.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { default: ESpeakNg } = await import(workerData.moduleUrl);
  if (workerData.list) {
    const lines = [];
    await ESpeakNg({ arguments: ['--voices'], print(line) { lines.push(line); }, printErr() {} });
    return parentPort.postMessage({ lines });
  }
  const run = async (voice) => {
    const espeak = await ESpeakNg({ arguments: ['-v', voice, '-w', '/out.wav', '--', workerData.text], print() {}, printErr() {} });
    try { return espeak.FS.readFile('/out.wav'); } catch { return null; }
  };
  let voice = workerData.voice;
  let wav = await run(voice);
  if (!wav && voice !== workerData.defaultVoice) wav = await run((voice = workerData.defaultVoice));
  if (!wav) throw new Error('espeak-ng wrote no audio');
  parentPort.postMessage({ wav, voice }, [wav.buffer]);
})().catch((err) => parentPort.postMessage({ error: String((err && err.message) || err) }));
`;

let moduleUrl: string | undefined;

/**
 * The voice names espeak-ng's `-v` takes (the languages of its voices table and the languages each voice
 * also speaks, such as `en`), read in a thread of its own; the voices are compiled in, so once per process.
 */
let voiceList: Promise<string[]> | undefined;
export function espeakVoices(): Promise<string[]> {
  voiceList ??= listVoices().catch((err: unknown) => {
    voiceList = undefined;
    throw err;
  });
  return voiceList;
}

function listVoices(): Promise<string[]> {
  moduleUrl ??= pathToFileURL(require.resolve('espeak-ng')).href;
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD_CODE, { eval: true, workerData: { moduleUrl, list: true } });
    // the table is all it prints: a thread that has not answered in a minute is stuck
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('espeak-ng did not list its voices within 60 s'));
    }, 60_000).unref();
    const end = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.on('message', (m: { lines?: string[]; error?: string }) => {
      end();
      if (!m.lines) return reject(new Error(`espeak-ng: ${m.error ?? 'no voices'}`));
      const names = new Set<string>();
      // " 2  en-us  --/M  English_(America)  gmw/en-US  (en 3)": the language, then "(language priority)" pairs
      for (const line of m.lines.slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (cols[1]) names.add(cols[1]);
        for (const other of line.matchAll(/\(([a-z0-9-]+) \d+\)/g)) names.add(other[1]);
      }
      resolve([...names].sort());
    });
    worker.on('error', (err) => {
      end();
      reject(err);
    });
  });
}

/**
 * espeak-ng (WebAssembly) in a worker thread of its own, so the event loop stays free; an abort (the caller's,
 * or its time limit: then the rejection is the TimeLimitError) terminates the thread.
 */
export function espeakInThread(
  text: string,
  voice: string,
  signal?: AbortSignal,
): Promise<{ wav: Buffer; voice: string }> {
  moduleUrl ??= pathToFileURL(require.resolve('espeak-ng')).href;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const worker = new Worker(THREAD_CODE, {
      eval: true,
      workerData: { moduleUrl, text, voice, defaultVoice: ESPEAK_DEFAULT_VOICE },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const onAbort = () => finish(() => reject(abortError(signal)));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: { wav?: Uint8Array; voice?: string; error?: string }) =>
      finish(() =>
        m.wav && m.voice
          ? resolve({ wav: Buffer.from(m.wav.buffer, m.wav.byteOffset, m.wav.byteLength), voice: m.voice })
          : reject(new Error(`espeak-ng: ${m.error ?? 'no audio'}`)),
      ),
    );
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) => finish(() => reject(new Error(`espeak-ng thread exited with code ${code}`))));
  });
}
