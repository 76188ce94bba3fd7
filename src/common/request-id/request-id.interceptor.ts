import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { runWithRequestContext } from './request-id';

/**
 * Runs each handler inside the request's context, so whatever it calls (a service enqueuing a job, a log
 * line) can read the request id without it being passed along. Set here, around the handler, rather than
 * in an onRequest hook: a context entered there is lost while Fastify reads the body.
 */
@Injectable()
export class RequestIdInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    return new Observable((subscriber) =>
      runWithRequestContext({ requestId: String(req.id) }, () => next.handle().subscribe(subscriber)),
    );
  }
}
