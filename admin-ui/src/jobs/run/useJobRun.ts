import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';

import { apiErrorMessage } from '../../providers/apiErrorMessage';
import type { Answer } from '../../providers/apiCall';
import type { StudioDataProvider } from '../../providers/dataProvider';
import { RunFailure } from './ndjson';
import type { RunEnd, RunFollow } from './runMethods';
import {
  type Counters,
  doneCount,
  FAILED,
  newJobId,
  progressPercent,
  type RunEvent,
  type RunItem,
  toRunItem,
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

/** A run answered at once (the speech run's fallback). */
export type RunResult = Answer<'/api/tts/synthesize/bulk', 'post'>;

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
        // a speech run says which engine it uses, and why when it fell back
        notice: 'provider' in event ? (event.message ?? `Engine: ${event.provider}`) : null,
      };
    case 'progress':
      return { ...state, current: { id: event.id, percent: Math.round(event.percent) } };
    case 'item':
      return {
        ...state,
        rows: [...state.rows, { kind: 'item', ...toRunItem(event) }],
        current: state.current?.id === event.id ? null : state.current,
        counters: {
          total: c.total,
          attempted: event.attempted,
          succeeded: event.succeeded,
          failed: event.failed,
          // a video item's `skipped` says whether it was skipped; a speech item's counts them
          skipped: 'skippedCount' in event ? event.skippedCount : event.skipped,
        },
      };
    case 'done':
    case 'cancelled': {
      const { attempted, succeeded, failed, skipped, total } = event;
      return { ...state, ending: event.type, counters: { attempted, succeeded, failed, skipped, total } };
    }
    default:
      // an event of a kind the document does not declare yet: nothing to show
      return state;
  }
};

const reduce = (state: RunState, action: Action): RunState => {
  switch (action.type) {
    case 'begin':
      return { ...IDLE, phase: 'running' };
    case 'event':
      return onEvent(state, action.event);
    case 'fallback': {
      const result = action.result;
      return {
        ...state,
        rows: (result?.items ?? []).map((item) => ({ kind: 'item', ...toRunItem(item) })),
        counters: result
          ? {
              attempted: result.attempted,
              succeeded: result.succeeded,
              failed: result.failed,
              skipped: result.skipped,
              total: result.total,
            }
          : ZERO,
        failure: action.failure ?? null,
      };
    }
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

/**
 * A kind of run a Studio screen starts, as data provider calls: follow a run's stream, cancel it by its job
 * id, and (speech) the same run answered at once, for when the stream fails in any way. Without a fallback,
 * a failure is a row of the result list: the server's message, or "Failed" (video).
 */
export interface RunKind<Request> {
  /** a new run's job id is `<idPrefix>-<uuid>` */
  idPrefix: string;
  stream(dataProvider: StudioDataProvider, request: Request, follow: RunFollow): Promise<RunEnd>;
  cancel(dataProvider: StudioDataProvider, jobId: string): Promise<unknown>;
  fallback?(dataProvider: StudioDataProvider, request: Request): Promise<RunResult>;
}

export interface JobRunOptions<Request> {
  kind: RunKind<Request>;
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

/**
 * One run of a Studio job screen: starts it under a new job id, follows its NDJSON events (a run that
 * outlives the screen goes on in the worker), falls back or reports a failure per the spec, and cancels
 * it by its job id.
 */
export function useJobRun<Request>({ kind, onFinished }: JobRunOptions<Request>): JobRun<Request> {
  const dataProvider = useDataProvider<StudioDataProvider>();
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

  const cancelCall = useMutation({
    mutationFn: (id: string) => kind.cancel(dataProvider, id),
    onError: () => {
      dispatch({ type: 'cancelling', on: false });
      notify('Cancel failed', { type: 'error' });
    },
  });

  const start = async (request: Request) => {
    if (inFlight.current) return;
    inFlight.current = true;
    jobId.current = newJobId(kind.idPrefix);
    dispatch({ type: 'begin' });
    const signal = unmounted.current?.signal;
    const onEvent = (event: RunEvent) => {
      if (event.type === 'start') jobId.current = event.jobId;
      dispatch({ type: 'event', event });
    };
    try {
      await kind.stream(dataProvider, request, { jobId: jobId.current, onEvent, signal });
    } catch (failure) {
      if (signal?.aborted) return;
      console.warn('The run stream failed', failure);
      if (!kind.fallback) {
        dispatch({ type: 'failed', message: failure instanceof RunFailure && failure.shown ? failure.shown : FAILED });
      } else {
        // Any failure of the stream: the same run through the non-streamed call instead.
        dispatch({ type: 'fallback', result: null });
        try {
          const result = await kind.fallback(dataProvider, request);
          if (!signal?.aborted) dispatch({ type: 'fallback', result });
        } catch (error) {
          if (!signal?.aborted) dispatch({ type: 'fallback', result: null, failure: apiErrorMessage(error, FAILED) });
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
    // stays on until the stream ends with `cancelled` (or the call fails)
    dispatch({ type: 'cancelling', on: true });
    await cancelCall.mutateAsync(id).catch(() => {});
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
