/** For the run screens' tests: an NDJSON answer that sends `chunks`, then stays open until `end()` (or closes at once). */
export const ndjsonStream = (chunks: string[], { keepOpen = false } = {}) => {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      if (!keepOpen) c.close();
    },
  });
  const response = () =>
    new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } });
  return {
    response,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
};

/** One event as an NDJSON line. */
export const line = (event: object) => `${JSON.stringify(event)}\n`;
