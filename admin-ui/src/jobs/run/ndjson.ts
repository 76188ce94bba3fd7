import type { ApiPath, paths, RequestBody } from '@lp/api-types';
import { HttpError } from 'react-admin';

import { serverMessage } from '../../providers/apiErrorMessage';
import { getAccessToken, renewAccessToken } from '../../providers/authProvider';

/**
 * Splits a byte stream into JSON lines. A line may arrive cut across chunks (and a UTF-8
 * character across two reads), so bytes are decoded in streaming mode and only whole lines are
 * parsed; a last line without its newline is parsed at the end. Blank and non-JSON lines are skipped.
 */
export async function* readNdjson(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (line: string): { value: unknown } | null => {
    const trimmed = line.trim();
    if (!trimmed) return null;
    try {
      return { value: JSON.parse(trimmed) as unknown };
    } catch {
      return null;
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const parsed = parse(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        if (parsed) yield parsed.value;
        newline = buffer.indexOf('\n');
      }
    }
    buffer += decoder.decode();
    const last = parse(buffer);
    if (last) yield last.value;
  } finally {
    reader.releaseLock();
  }
}

const postStream = (url: string, token: string | null, body: string, signal?: AbortSignal) =>
  fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/x-ndjson',
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body,
    signal,
  });

/**
 * POSTs a JSON body to a streaming (NDJSON) endpoint with the session's token, under the data
 * provider's token rule: one retry with a renewed token after a 401. Answers the raw response.
 */
const postNdjson = async (url: string, body: string, signal?: AbortSignal): Promise<Response> => {
  const token = await getAccessToken();
  let response = await postStream(url, token, body, signal);
  if (response.status === 401 && token) {
    const renewed = await renewAccessToken(token);
    if (renewed && renewed !== token) response = await postStream(url, renewed, body, signal);
  }
  return response;
};

/** What a streaming operation sends, one event a line, as the API's document declares it. */
export type NdjsonEvent<P extends ApiPath> =
  NonNullable<paths[P]['post']> extends { responses: { 200: { content: { 'application/x-ndjson': infer Event } } } }
    ? Event
    : never;

/** A run that failed, with what the server said: `shown` is its JSON message, fit to show as it is. */
export class RunFailure extends Error {
  constructor(
    message: string,
    readonly shown = '',
  ) {
    super(message);
  }
}

/** A non-OK answer: the JSON body's `message` is shown; the body text or the HTTP status only says why. */
const answerError = async (response: Response): Promise<RunFailure> => {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // plain text, or a proxy's HTML page: not worth showing
  }
  const shown = serverMessage(new HttpError(text, response.status, body))?.trim() ?? '';
  return new RunFailure(shown || text.trim() || `HTTP ${response.status}`, shown);
};

/**
 * POSTs `body` to the streaming operation `path` and yields its events as their lines arrive. A non-OK
 * answer rejects with a RunFailure (the body text or the HTTP status); a broken connection rejects as fetch does.
 */
export async function* postEvents<P extends ApiPath>(
  path: P,
  body: RequestBody<P, 'post'>,
  signal?: AbortSignal,
): AsyncGenerator<NdjsonEvent<P>> {
  const response = await postNdjson(path, JSON.stringify(body), signal);
  if (!response.ok) throw await answerError(response);
  if (!response.body) throw new Error('The stream has no body');
  for await (const line of readNdjson(response.body)) yield line as NdjsonEvent<P>;
}
