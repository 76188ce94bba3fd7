/** Error bodies from the API are `{ statusCode, error, message }`. */
export interface ApiErrorBody {
  statusCode?: number;
  error?: string;
  message?: string | string[];
}

function defaultMessage(status: number): string {
  if (status === 0) return 'Unable to reach the server. Please check your connection.';
  return `Request failed with status ${status}`;
}

export class ApiError extends Error {
  /** HTTP status, 0 when the request never got an answer. */
  readonly status: number;
  /** The server's own `message`, when it sent one. */
  readonly serverMessage?: string;
  readonly body?: unknown;

  constructor(status: number, serverMessage?: string, body?: unknown) {
    super(serverMessage || defaultMessage(status));
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage || undefined;
    this.body = body;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** The server's message when there is one, otherwise the given fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return fallback;
}

export function messageFromBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { message } = body as ApiErrorBody;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) {
    const parts = message.filter((m): m is string => typeof m === 'string');
    return parts.length ? parts.join('. ') : undefined;
  }
  return undefined;
}
