import { errorMessage, isApiError } from '../../../api';
import type { LockedDayErrorBody } from '../../../api/challenges';
import { formatLocalDateTime } from '../format';

/**
 * The server's message for a refused submission. A 403 on a locked day carries `unlockAt`: the
 * message names it in UTC, so the learner's local time is added.
 */
export function submitErrorMessage(err: unknown, fallback: string): string {
  const message = errorMessage(err, fallback);
  if (isApiError(err) && err.status === 403) {
    const unlockAt = (err.body as Partial<LockedDayErrorBody> | undefined)?.unlockAt;
    const local = typeof unlockAt === 'string' ? formatLocalDateTime(unlockAt) : '';
    if (local) return `${message} (${local} your time)`;
  }
  return message;
}
