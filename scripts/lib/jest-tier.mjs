// What the scale and faults runners share: a jest project run in its own process group under a time limit
// (the API and worker processes it starts go with it), and a main that runs its clean-ups whatever happened.
import { spawn } from 'node:child_process';
import { ROOT, log } from './infra.mjs';

/** Runs `jest --selectProjects <project>`; resolves true when it passed within the limit. */
export function runJestProject(project, env, { limitMinutes, what }) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['jest', '--selectProjects', project, '--runInBand', '--forceExit'], {
      cwd: ROOT,
      env,
      stdio: 'inherit',
      detached: true,
    });
    const stopGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\x1b[31m[platform] ${what} still running after ${limitMinutes} min: stopping it\x1b[0m`);
      stopGroup('SIGTERM');
      setTimeout(() => stopGroup('SIGKILL'), 10_000).unref();
    }, limitMinutes * 60_000);
    const onSignal = () => stopGroup('SIGTERM');
    process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
    child.on('close', (code) => {
      clearTimeout(timer);
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      stopGroup('SIGKILL');
      resolve(code === 0 && !timedOut);
    });
  });
}

/**
 * Runs `body(cleanups, stopped)`, whose answer is whether the tier passed, then every clean-up it pushed (last
 * first, each one's failure logged, none skipped), and exits 0 or 1. `stopped()` says whether the process was
 * asked to stop (Ctrl-C, the tier's time limit) before the test began: skip it, still clean up.
 */
export async function runTier(name, body) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stopping = true));
  const cleanups = [];
  let ok = false;
  try {
    const started = Date.now();
    ok = await body(cleanups, () => stopping);
    log(`${name} ${ok ? 'passed' : 'failed'} in ${Math.round((Date.now() - started) / 1000)} s`);
  } catch (err) {
    console.error(err);
  } finally {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error(err);
      }
    }
  }
  process.exit(ok ? 0 : 1);
}
