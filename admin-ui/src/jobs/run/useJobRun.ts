import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useNotify } from 'react-admin';

import { cancelRun, type RunKind, RunFailure, streamRun } from './jobRunApi';
import {
  type Counters,
  doneCount,
  FAILED,
  newJobId,
  progressPercent,
  type RunEvent,
  type RunItem,
  type RunResult,
  ZERO,
} from './runEvents';

export type RunPhase = 'idle' | 'running' | 'finished';
export type RunEnding = 'done' | 'cancelled' | 'error';

/** A row of the result list: an item's outcome, or a failure of the run itself. */
export type RunRow = ({ kind: 'item' } & RunItem) | { kind: 'error'; message: string };

export interface RunState {
  phase: RunPhase;
  ending: RunEnding | null;
  counters: Counters;
  rows: RunRow[];
  /** the item in flight and how far it is (a section rendering now) */
  current: { id: string; percent: number } | null;
  /** what the start event says about the run (the engine used) */
  notice: string | null;
  /** why the run and its fallback both failed */
  failure: string | null;
  cancelling: boolean;
}

type Action =
  | { type: 'begin' }
  | { type: 'event'; event: RunEvent }
  | { type: 'fallback'; result: RunResult | null; failure?: string }
  | { type: 'failed'; message: string }
  | { type: 'end'; ending?: RunEnding }
  | { type: 'cancelling'; on: boolean }
  | { type: 'reset' };

const IDLE: RunState = {
  phase: 'idle',
  ending: null,
  counters: ZERO,
  rows: [],
  current: null,
  notice: null,
  failure: null,
  cancelling: false,
};

const onEvent = (state: RunState, event: RunEvent): RunState => {
  const c = state.counters;
  switch (event.type) {
    case 'start':
      return {
        ...state,
        counters: { ...c, total: event.total },
        notice: event.message ?? (event.provider ? `Engine: ${event.provider}` : null),
      };
    case 'progress':
      return { ...state, current: { id: event.id, percent: event.percent } };
    case 'item': {
      const { id, ok, url, error, skipped } = event;
      return {
        ...state,
        rows: [...state.rows, { kind: 'item', id, ok, url, error, skipped }],
        current: state.current?.id === id ? null : state.current,
        counters: {
          total: c.total,
          attempted: event.attempted ?? c.attempted + (skipped ? 0 : 1),
          succeeded: event.succeeded ?? c.succeeded + (ok && !skipped ? 1 : 0),
          failed: event.failed ?? c.failed + (ok || skipped ? 0 : 1),
          skipped: event.skippedCount ?? c.skipped + (skipped ? 1 : 0),
        },
      };
    }
    case 'done':
    case 'cancelled':
      return {
        ...state,
        ending: event.type,
        counters: {
          attempted: event.attempted ?? c.attempted,
          succeeded: event.succeeded ?? c.succeeded,
          failed: event.failed ?? c.failed,
          skipped: event.skipped ?? c.skipped,
          total: event.total ?? c.total,
        },
      };
    case 'error':
      return state;
  }
};

const reduce = (state: RunState, action: Action): RunState => {
  switch (action.type) {
    case 'begin':
      return { ...IDLE, phase: 'running' };
    case 'event':
      return onEvent(state, action.event);
    case 'fallback':
      return {
        ...state,
        rows: (action.result?.items ?? []).map((item) => ({ kind: 'item', ...item })),
        counters: action.result ? { ...action.result } : ZERO,
        failure: action.failure ?? null,
      };
    case 'failed':
      return { ...state, ending: 'error', rows: [...state.rows, { kind: 'error', message: action.message }] };
    case 'end':
      return {
        ...state,
        phase: 'finished',
        ending: state.ending ?? action.ending ?? 'done',
        current: null,
        cancelling: false,
      };
    case 'cancelling':
      return { ...state, cancelling: action.on };
    case 'reset':
      return IDLE;
  }
};

export interface JobRunOptions<Request> {
  kind: RunKind<Request>;
  /**
   * The same run answered at once, for when the stream fails in any way (speech). Without one, a failure
   * is a row of the result list: the server's message, or "Failed" (video).
   */
  fallback?: (request: Request) => Promise<RunResult>;
  /** after every run, however it ended */
  onFinished?: () => void;
}

/** What a run screen shows of its run. */
export interface RunView extends RunState {
  running: boolean;
  /** items finished (made, failed or skipped) */
  done: number;
  /** 0..100 */
  percent: number;
}

export interface JobRun<Request> extends RunView {
  start(request: Request): Promise<void>;
  cancel(): Promise<void>;
  /** back to no run shown (a run going on in the worker is not stopped) */
  reset(): void;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : FAILED);

/**
 * One run of a Studio job screen: starts it under a new job id, follows its NDJSON events (a run that
 * outlives the screen goes on in the worker), falls back or reports a failure per the spec, and cancels
 * it by its job id.
 */
export function useJobRun<Request>({ kind, fallback, onFinished }: JobRunOptions<Request>): JobRun<Request> {
  const notify = useNotify();
  const [state, dispatch] = useReducer(reduce, IDLE);
  const jobId = useRef<string | null>(null);
  const inFlight = useRef(false);
  const unmounted = useRef<AbortController | null>(null);

  // Leaving the screen stops reading the stream; the run itself goes on in the worker.
  useEffect(() => {
    const controller = new AbortController();
    unmounted.current = controller;
    return () => controller.abort();
  }, []);

  const start = async (request: Request) => {
    if (inFlight.current) return;
    inFlight.current = true;
    jobId.current = newJobId(kind.idPrefix);
    dispatch({ type: 'begin' });
    const signal = unmounted.current?.signal;
    const follow = (event: RunEvent) => {
      if (event.type === 'start' && event.jobId) jobId.current = event.jobId;
      dispatch({ type: 'event', event });
    };
    try {
      await streamRun(kind, request, jobId.current, follow, signal);
    } catch (failure) {
      if (signal?.aborted) return;
      console.warn('The run stream failed', failure);
      if (!fallback) {
        dispatch({ type: 'failed', message: failure instanceof RunFailure && failure.shown ? failure.shown : FAILED });
      } else {
        // Any failure of the stream: the same run through the non-streamed call instead.
        dispatch({ type: 'fallback', result: null });
        try {
          const result = await fallback(request);
          if (!signal?.aborted) dispatch({ type: 'fallback', result });
        } catch (error) {
          if (!signal?.aborted) dispatch({ type: 'fallback', result: null, failure: messageOf(error) });
        }
      }
    } finally {
      inFlight.current = false;
      if (!signal?.aborted) {
        dispatch({ type: 'end' });
        onFinished?.();
      }
    }
  };

  const cancel = async () => {
    const id = jobId.current;
    if (!id || state.phase !== 'running') return;
    dispatch({ type: 'cancelling', on: true });
    try {
      await cancelRun(kind, id);
    } catch {
      dispatch({ type: 'cancelling', on: false });
      notify('Cancel failed', { type: 'error' });
    }
  };

  const reset = useCallback(() => {
    if (!inFlight.current) dispatch({ type: 'reset' });
  }, []);

  const running = state.phase === 'running';
  const done = doneCount(state.counters, state.rows.filter((row) => row.kind === 'item').length);
  return {
    ...state,
    running,
    done,
    percent: progressPercent(done, state.counters.total, running),
    start,
    cancel,
    reset,
  };
}
