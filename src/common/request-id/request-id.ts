import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The header a request id travels in, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

const WELL_FORMED = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id of a request: the caller's (a proxy's or a client's) when it is well formed, else a new UUID.
 * An id with other characters could forge log fields or split a header, so it is replaced, not cleaned.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && WELL_FORMED.test(value) ? value : randomUUID();
}

export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}

/** What the code running for one request (in the API) or one job (in a worker) is working for. */
export interface RequestContext {
  /** absent in a worker running a job no request queued (a sweeper's, or one queued before ids existed) */
  requestId?: string;
  /** in a worker: the job being processed */
  jobId?: string;
  queue?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * A job's data with the id of the request that enqueues it, so the worker's log lines and the job's row
 * name the click that started it. Outside a request (a sweeper, a seed) the data is unchanged.
 */
export function withRequestId<T extends object>(data: T): T {
  const requestId = currentRequestId();
  return requestId ? { ...data, requestId } : data;
}

/** The request id a job carries, if any (jobs queued before ids existed, or outside a request, have none). */
export function requestIdOfJob(data: unknown): string | undefined {
  const id = (data as { requestId?: unknown } | null | undefined)?.requestId;
  return isRequestId(id) ? id : undefined;
}
