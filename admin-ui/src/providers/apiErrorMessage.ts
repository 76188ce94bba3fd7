import { HttpError } from 'react-admin';

/** The `message` of a `{ statusCode, error, message }` error body, else the error's own text, else `fallback`. */
export const apiErrorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof HttpError) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && message.length && message.every((m) => typeof m === 'string')) {
      return message.join('; ');
    }
  }
  // HttpError's own message is the status text when the body had none; a network failure's is
  // the browser's text.
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
};
