import { HttpException, HttpStatus } from '@nestjs/common';

export class TooManyRequestsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many attempts. Please try again later.', HttpStatus.TOO_MANY_REQUESTS);
  }
}
