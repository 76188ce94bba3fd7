import { availableParallelism } from 'node:os';
import { abortError } from './speech-provider';

/** Who waits for a slot: a section someone is waiting for in the Studio or on /lectures goes first. */
export type SlotClass = 'interactive' | 'bulk';

interface Waiter {
  cls: number;
  ticket: number;
  start: () => void;
}

/**
 * The process's CPU slots for speech work (a local engine's sentence, ffmpeg's mp3): at most `capacity`
 * run at once, so the worker never starts more engine processes than it has cores, whatever the number
 * of jobs and sections in flight. Waiters are served by class (interactive before bulk), then by ticket:
 * a section takes one ticket when it starts and uses it for all its sentences, so the oldest section in
 * flight finishes first and a bulk run reports its first item after about one section's work divided by
 * the cores, instead of after every lane's section at once.
 */
export class EngineSlots {
  private running = 0;
  private nextTicket = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly capacity = availableParallelism()) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`engine slots: capacity ${capacity}`);
  }

  /** A ticket for one section's work (all its sentences and its mp3 share it). */
  ticket(): number {
    return this.nextTicket++;
  }

  /** How many run and wait right now (tests, diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `fn` in a slot; an abort while waiting leaves the queue and rejects with an AbortError. */
  async run<T>(at: { cls: SlotClass; ticket: number }, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw abortError(signal);
    await this.acquire(at.cls === 'interactive' ? 0 : 1, at.ticket, signal);
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  private acquire(cls: number, ticket: number, signal?: AbortSignal): Promise<void> {
    if (this.running < this.capacity && !this.waiting.length) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(abortError(signal));
      };
      const waiter: Waiter = {
        cls,
        ticket,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      // sorted insert: (class, ticket), first come first served within the same ticket
      let i = this.waiting.length;
      while (i > 0 && before(waiter, this.waiting[i - 1])) i--;
      this.waiting.splice(i, 0, waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running--;
  }
}

const before = (a: Waiter, b: Waiter) => a.cls < b.cls || (a.cls === b.cls && a.ticket < b.ticket);

let shared: EngineSlots | undefined;
/** The process's one pool of CPU slots, shared by speech and video work in it. */
export function sharedEngineSlots(): EngineSlots {
  return (shared ??= new EngineSlots());
}
