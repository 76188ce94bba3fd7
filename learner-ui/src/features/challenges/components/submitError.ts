import { errorMessage, isApiError } from '../../../api';
import type { LockedDayErrorBody, QuizLimitErrorBody } from '../../../api/challenges';
import { formatLocalDateTime } from '../format';

/**
 * The server's message for a refused submission. A 403 on a locked day carries `unlockAt`: the
 * message names it in UTC, so the learner's local time is added. A 429 (today's quiz tries used up)
 * carries `retryAt`, said in the learner's local time.
 */
export function submitErrorMessage(err: unknown, fallback: string): string {
  const message = errorMessage(err, fallback);
  // A 4th quiz submission in the learner's day: the server names the next allowed instant; say it in local time.
  if (isApiError(err) && err.status === 429) {
    const retryAt = (err.body as Partial<QuizLimitErrorBody> | undefined)?.retryAt;
    const local = typeof retryAt === 'string' ? formatLocalDateTime(retryAt) : '';
    if (local) return quizLimitText(local);
  }
  if (isApiError(err) && err.status === 403) {
    const unlockAt = (err.body as Partial<LockedDayErrorBody> | undefined)?.unlockAt;
    const local = typeof unlockAt === 'string' ? formatLocalDateTime(unlockAt) : '';
    if (local) return `${message} (${local} your time)`;
  }
  return message;
}

/** What the learner reads once today's tries of a quiz are used up. */
export function quizLimitText(localTime: string): string {
  return `You have used today's 3 tries for this quiz. Try again after ${localTime}.`;
}
