import { DriverException } from '@mikro-orm/core';
import { HttpException, HttpStatus } from '@nestjs/common';

/** A service the API cannot answer without. */
export type Dependency = 'database' | 'redis' | 'service';

/** How long a client is told to wait before trying again while a dependency is away. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

const MESSAGES: Record<Dependency, string> = {
  database: 'The database is unavailable for a moment. Please try again shortly.',
  redis: 'This is unavailable for a moment. Please try again shortly.',
  service: 'A service this needs is unavailable for a moment. Please try again shortly.',
};

/**
 * 503 with Retry-After: a dependency (PostgreSQL, Redis) is away. Thrown on purpose where failing closed is the
 * rule (the Redis-backed rate limits), and what the exception filter turns a raw connection failure into.
 */
export class DependencyUnavailableException extends HttpException {
  readonly retryAfterSeconds = DEPENDENCY_RETRY_AFTER_SECONDS;
  constructor(
    readonly dependency: Dependency,
    message = MESSAGES[dependency],
    options?: { cause?: unknown },
  ) {
    super(message, HttpStatus.SERVICE_UNAVAILABLE, options);
  }
}

// PostgreSQL's admin_shutdown, crash_shutdown, cannot_connect_now, and the connection_exception class (08xxx).
const DATABASE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
// What a socket says when the server is not there or went away mid-query: the database's only when the ORM
// reports it (an outbound fetch to a payment or crawl site failing the same way is not a database outage).
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const DATABASE_MESSAGES = [
  // pg: the server closed the connection (restart, admin shutdown) or connecting timed out; knex puts the SQL in front
  /(^|- )Connection terminated (unexpectedly|due to connection timeout)/,
  /(^|- )Connection ended unexpectedly/,
  /Timeout acquiring a connection/, // knex: no pooled connection came within the acquire timeout
  /Client has encountered a connection error and is not queryable/, // pg: a client that lost its socket
];
const REDIS_MESSAGES = [
  'Command timed out', // ioredis commandTimeout
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
];

interface ErrorLike {
  name?: unknown;
  syscall?: unknown;
  port?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** A connect that failed at the socket (the pg pool passes these on raw, unwrapped by the ORM). */
function refusedConnect(e: ErrorLike): boolean {
  if (typeof e.code === 'string' && SOCKET_CODES.has(e.code) && e.syscall === 'connect') return true;
  // Node reports a refused connection to a name with several addresses as an AggregateError of those.
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((x) => refusedConnect(x as ErrorLike));
}

function portOf(e: ErrorLike): number | undefined {
  if (typeof e.port === 'number') return e.port;
  const first = Array.isArray(e.errors) ? (e.errors[0] as ErrorLike | undefined) : undefined;
  return typeof first?.port === 'number' ? first.port : undefined;
}

/**
 * Which dependency an error says is unreachable, if any: a PostgreSQL connection failure (the pg driver's, knex's pool,
 * MikroORM's wrapping of either) or an ioredis command given up on while Redis is away. A connect refused at the socket
 * is the database's when it was to the database's port, else some other service's. Anything else is undefined (a
 * real bug stays a 500).
 */
export function unavailableDependency(
  err: unknown,
  opts: { databasePort?: number } = {},
  depth = 0,
): Dependency | undefined {
  if (!err || typeof err !== 'object' || depth > 4) return undefined;
  if (err instanceof DependencyUnavailableException) return err.dependency;
  const e = err as ErrorLike;
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.includes(message)) return 'redis';
  if (name === 'KnexTimeoutError') return 'database';
  if (typeof e.code === 'string' && DATABASE_SQLSTATES.has(e.code)) return 'database';
  if (typeof e.code === 'string' && SOCKET_CODES.has(e.code) && err instanceof DriverException) return 'database';
  if (DATABASE_MESSAGES.some((re) => re.test(message))) return 'database';
  // Only at the top: an outbound fetch failing (`fetch failed`, its cause a refused connect) is that feature's error.
  if (depth === 0 && refusedConnect(e)) return portOf(e) === opts.databasePort ? 'database' : 'service';
  // The ORM may wrap the driver's error (its cause); an AggregateError lists one error per address tried.
  const inner = [...(err instanceof DriverException ? [e.cause] : []), ...(Array.isArray(e.errors) ? e.errors : [])];
  for (const x of inner) {
    const found = unavailableDependency(x, opts, depth + 1);
    if (found) return found;
  }
  return undefined;
}
