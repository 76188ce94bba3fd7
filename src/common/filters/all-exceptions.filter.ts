import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { DetailedHttpException } from '../http/detailed-http.exception';
import {
  DEPENDENCY_RETRY_AFTER_SECONDS,
  DependencyUnavailableException,
  unavailableDependency,
} from '../http/dependency-unavailable';
import { TooManyRequestsException } from '../http/too-many-requests.exception';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errorId?: string;
  /** what a DetailedHttpException adds (a field path, the current version) */
  [extra: string]: unknown;
}

// 22021: invalid byte sequence (e.g. NUL); 22P02: invalid text representation; 22001: value too long.
const INVALID_INPUT_SQLSTATES = new Set(['22021', '22P02', '22001']);

export function databasePortOf(databaseUrl: string): number | undefined {
  try {
    return Number(new URL(databaseUrl).port || 5432);
  } catch {
    return undefined;
  }
}

function messageOf(response: unknown, fallback: string): string {
  if (typeof response === 'string') return response;
  if (response && typeof response === 'object' && 'message' in response) {
    const m = (response as { message: unknown }).message;
    if (Array.isArray(m)) return m.join('; ');
    if (typeof m === 'string') return m;
  }
  return fallback;
}

/**
 * The one exception filter: every error leaves as {statusCode, error, message}.
 * Unknown errors become a 500 whose body carries only an error id; the details go
 * to the log under that id.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  /** The database's port, so a connect refused there reads as "the database is unavailable". */
  private readonly databasePort: number | undefined;

  constructor(@Optional() @InjectConfig() config?: AppConfig) {
    this.databasePort = config ? databasePortOf(config.databaseUrl) : undefined;
  }

  static toBody(
    exception: unknown,
    opts: { databasePort?: number } = {},
  ): { body: ErrorBody; cause?: unknown; retryAfterSeconds?: number } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const error = STATUS_CODES[status] ?? 'Error';
      const extras = exception instanceof DetailedHttpException ? exception.extras : {};
      const retryAfterSeconds =
        exception instanceof TooManyRequestsException || exception instanceof DependencyUnavailableException
          ? exception.retryAfterSeconds
          : undefined;
      return {
        body: { statusCode: status, error, message: messageOf(exception.getResponse(), error), ...extras },
        retryAfterSeconds,
      };
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type) carry a 4xx
    // statusCode and an FST_ code. Other libraries' statusCodes (Stripe's 401 for a bad API key,
    // say) describe our call to them, not the client's request, and stay 500s.
    const e = exception as { statusCode?: unknown; code?: unknown };
    if (
      typeof e?.statusCode === 'number' &&
      e.statusCode >= 400 &&
      e.statusCode < 500 &&
      typeof e.code === 'string' &&
      e.code.startsWith('FST_')
    ) {
      const error = STATUS_CODES[e.statusCode] ?? 'Error';
      return { body: { statusCode: e.statusCode, error, message: (exception as Error).message || error } };
    }
    // PostgreSQL refused a value the client sent (a NUL byte, text that is not a uuid, ...).
    if (typeof e?.code === 'string' && INVALID_INPUT_SQLSTATES.has(e.code)) {
      return {
        body: { statusCode: 400, error: 'Bad Request', message: 'The request contains a value that is not valid' },
      };
    }
    // PostgreSQL or Redis is away (a restart, a failover): the client may try again shortly, and nothing is
    // wrong with its request or with our code. Logged as a warning by `catch`, not as an error with an id.
    const dependency = unavailableDependency(exception, opts);
    if (dependency) {
      const unavailable = new DependencyUnavailableException(dependency);
      return {
        body: { statusCode: 503, error: 'Service Unavailable', message: unavailable.message },
        retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS,
      };
    }
    const errorId = randomUUID();
    return {
      body: {
        statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
        error: 'Internal Server Error',
        message: `Something went wrong on our side. Error id: ${errorId}`,
        errorId,
      },
      cause: exception,
    };
  }

  /**
   * A stream cut short because the client left (a tab closed mid-video, a seek that dropped the old range): nothing
   * went wrong on our side and nobody is left to answer.
   */
  static clientLeft(exception: unknown, reply: FastifyReply | undefined): boolean {
    if ((exception as { code?: unknown })?.code !== 'ERR_STREAM_PREMATURE_CLOSE') return false;
    const raw = reply?.raw;
    return !raw || raw.destroyed || raw.socket === null || raw.socket.destroyed;
  }

  catch(exception: unknown, host: ArgumentsHost) {
    const reply = host.getType() === 'http' ? host.switchToHttp().getResponse<FastifyReply>() : undefined;
    if (AllExceptionsFilter.clientLeft(exception, reply)) {
      this.logger.debug('The client closed the connection before the answer was complete');
      return;
    }
    const { body, cause, retryAfterSeconds } = AllExceptionsFilter.toBody(exception, {
      databasePort: this.databasePort,
    });
    if (cause !== undefined) {
      this.logger.error({ errorId: body.errorId, err: cause }, `Unhandled error ${body.errorId}`);
    } else if (body.statusCode === 503) {
      // The name and code only: a driver's message may quote the statement, with what the user wrote in it.
      const e = exception as { name?: unknown; code?: unknown };
      this.logger.warn(`Answered 503: ${String(e?.name ?? 'Error')}${e?.code ? ` ${String(e.code)}` : ''}`);
    }
    if (!reply) return;
    if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(retryAfterSeconds));
    reply.status(body.statusCode).send(body);
  }
}
