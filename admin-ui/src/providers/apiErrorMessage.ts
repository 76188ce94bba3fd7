import { HttpError } from 'react-admin';

/** The `message` of a `{ statusCode, error, message }` error body (a validation error's list joined), or null. */
export const serverMessage = (error: unknown): string | null => {
  if (!(error instanceof HttpError)) return null;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && message.length && message.every((m) => typeof m === 'string')) {
    return message.join('; ');
  }
  return null;
};

/** The server's message, else the error's own text, else `fallback`. */
export const apiErrorMessage = (error: unknown, fallback: string): string => {
  // HttpError's own message is the status text when the body had none; a network failure's is
  // the browser's text.
  return serverMessage(error) ?? (error instanceof Error && error.message.trim() ? error.message : fallback);
};
