import { type ArgumentsHost, Catch, type ExceptionFilter, ForbiddenException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

export const NOT_ENROLLED_MESSAGE = 'Enrol in the challenge first';

/** A submission to a day that is not open: 403, with the day's unlock instant (null when not enrolled). */
export class DayLockedException extends ForbiddenException {
  constructor(
    readonly day: number,
    readonly unlockAt: string | null,
  ) {
    super(unlockAt ? `Day ${day} opens at ${unlockAt}` : NOT_ENROLLED_MESSAGE);
  }
}

/**
 * The app's one exception filter writes `{statusCode, error, message}` only; a locked day also tells the
 * client when it opens (`unlockAt`), so the learner page can count down without another call.
 */
@Catch(DayLockedException)
export class DayLockedFilter implements ExceptionFilter {
  catch(exception: DayLockedException, host: ArgumentsHost) {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply.status(403).send({
      statusCode: 403,
      error: 'Forbidden',
      message: exception.message,
      unlockAt: exception.unlockAt,
    });
  }
}
