/**
 * Entry of the worker thread that reads crawled pages (see extract-pool.ts): parsing a crafted page
 * can take seconds, which must not stall the worker process's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { extractReadableText, UnreadablePage } from './text-extract';

export interface ExtractRequest {
  id: number;
  html: string;
}

export type ExtractReply =
  /** sent once, when the thread has loaded its code and listens: the pool starts a page's clock then */
  | { ready: true }
  | { id: number; page: ReturnType<typeof extractReadableText> }
  /** `unreadable` is the reason of an UnreadablePage; any other error only has its message. */
  | { id: number; error: string; unreadable?: string };

parentPort?.on('message', ({ id, html }: ExtractRequest) => {
  let reply: ExtractReply;
  try {
    reply = { id, page: extractReadableText(html) };
  } catch (err) {
    reply = { id, error: (err as Error).message, unreadable: err instanceof UnreadablePage ? err.reason : undefined };
  }
  parentPort!.postMessage(reply);
});
parentPort?.postMessage({ ready: true } satisfies ExtractReply);
