import { HttpException } from '@nestjs/common';

/**
 * An HTTP error whose body carries more than `{statusCode, error, message}`: a refused field's path, or the
 * current version of what a stale write was based on. The one exception filter adds `extras` to the body.
 */
export class DetailedHttpException extends HttpException {
  constructor(
    status: number,
    message: string,
    readonly extras: Record<string, unknown>,
  ) {
    super(message, status);
  }
}
