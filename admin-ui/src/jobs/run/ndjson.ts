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
export const postNdjson = async (url: string, body: string, signal?: AbortSignal): Promise<Response> => {
  const token = await getAccessToken();
  let response = await postStream(url, token, body, signal);
  if (response.status === 401 && token) {
    const renewed = await renewAccessToken(token);
    if (renewed && renewed !== token) response = await postStream(url, renewed, body, signal);
  }
  return response;
};
