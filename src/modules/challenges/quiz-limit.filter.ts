import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/** Submissions of one day's quiz a learner may make per learner-local day. */
export const QUIZ_TRIES_PER_DAY = 3;

export function quizLimitMessage(retryAt: string): string {
  return `You have used today's ${QUIZ_TRIES_PER_DAY} tries for this quiz. Try again after ${retryAt}.`;
}

/** A fourth submission of a day's quiz in the learner's local day: 429 with the next allowed instant. */
export class QuizLimitException extends HttpException {
  /** whole seconds from the challenge clock's now to `retryAt` (the clock may differ from the system's in tests) */
  readonly retryAfterSeconds: number;

  constructor(
    readonly retryAt: Date,
    now: Date,
  ) {
    super(quizLimitMessage(retryAt.toISOString()), HttpStatus.TOO_MANY_REQUESTS);
    this.retryAfterSeconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  }
}

/**
 * The app's exception filter writes `{statusCode, error, message}` only; the learner page also needs the
 * instant to name in the learner's own time (`retryAt`), and HTTP clients get it as `Retry-After` (seconds).
 */
@Catch(QuizLimitException)
export class QuizLimitFilter implements ExceptionFilter {
  catch(exception: QuizLimitException, host: ArgumentsHost) {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply.status(429).header('Retry-After', String(exception.retryAfterSeconds)).send({
      statusCode: 429,
      error: 'Too Many Requests',
      message: exception.message,
      retryAt: exception.retryAt.toISOString(),
    });
  }
}
