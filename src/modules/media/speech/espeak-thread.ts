import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { abortError } from './speech-provider';

export const ESPEAK_DEFAULT_VOICE = 'en-us';

/**
 * The thread's code, kept as a string so that it runs the same under `node dist/…` and under jest/swc
 * (a separate .ts worker file would need a TypeScript loader, a .js one a copy step into dist/).
 * espeak-ng's WebAssembly build is its CLI: each run instantiates the module, writes /out.wav into
 * its in-memory file system, and exits. An unknown voice writes nothing: then the default is used.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { default: ESpeakNg } = await import(workerData.moduleUrl);
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

/** espeak-ng (WebAssembly) in a worker thread of its own, so the event loop stays free; abort terminates the thread. */
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
