import { ConnectionException, DriverException } from '@mikro-orm/core';
import { BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { DependencyUnavailableException } from '../http/dependency-unavailable';
import { TooManyRequestsException } from '../http/too-many-requests.exception';
import { AllExceptionsFilter } from './all-exceptions.filter';

describe('AllExceptionsFilter.toBody', () => {
  it('keeps the status and message of HTTP exceptions', () => {
    expect(AllExceptionsFilter.toBody(new ForbiddenException('No entitlement')).body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'No entitlement',
    });
    expect(AllExceptionsFilter.toBody(new NotFoundException()).body).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
    });
    expect(AllExceptionsFilter.toBody(new TooManyRequestsException(30)).body.statusCode).toBe(429);
  });

  it('joins a list of validation messages into one string', () => {
    const { body } = AllExceptionsFilter.toBody(new BadRequestException(['a must be set', 'b must be a number']));
    expect(body.message).toBe('a must be set; b must be a number');
  });

  it('keeps framework client errors (bad JSON, too large) as 4xx', () => {
    const err = Object.assign(new Error('Body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(AllExceptionsFilter.toBody(err).body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Body is too large',
    });
  });

  it('does not pass on another library’s status code (e.g. a payment API rejecting our key)', () => {
    const err = Object.assign(new Error('Invalid API Key provided: sk_test_****1234'), {
      statusCode: 401,
      type: 'StripeAuthenticationError',
    });
    const { body } = AllExceptionsFilter.toBody(err);
    expect(body.statusCode).toBe(500);
    expect(body.message).not.toContain('sk_test');
  });

  it('answers 400 when PostgreSQL refuses a value the client sent', () => {
    const err = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    expect(AllExceptionsFilter.toBody(err).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request contains a value that is not valid',
    });
  });

  it('hides unknown errors behind an error id', () => {
    const err = new Error('secret detail');
    const { body, cause } = AllExceptionsFilter.toBody(err);
    expect(body.statusCode).toBe(500);
    expect(body.message).not.toContain('secret detail');
    expect(body.message).toContain(body.errorId!);
    expect(cause).toBe(err);
    const other = AllExceptionsFilter.toBody(new Error('x')).body;
    expect(other.errorId).not.toBe(body.errorId);
  });
});

const refused = (port: number) =>
  Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), {
    code: 'ECONNREFUSED',
    syscall: 'connect',
    address: '127.0.0.1',
    port,
  });

describe('AllExceptionsFilter.toBody: a dependency that is away', () => {
  const pgError = (message: string, extra: Record<string, unknown> = {}) =>
    new DriverException(Object.assign(new Error(message), extra));
  const DATABASE = {
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'The database is unavailable for a moment. Please try again shortly.',
  };

  it.each([
    [
      'a refused connection, as the ORM reports it',
      pgError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }),
    ],
    ['a connection cut by a restart', pgError('Connection terminated unexpectedly')],
    [
      'a connection cut mid-insert, as knex words it (the statement in front)',
      pgError(
        "insert into notes (id, text) values ('x', 'Connection terminated') - Connection terminated unexpectedly",
      ),
    ],
    ['a connection that ended', pgError('Connection ended unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    [
      'the server shutting down (57P01)',
      pgError('terminating connection due to administrator command', { code: '57P01' }),
    ],
    [
      'a crash shutdown (57P02)',
      pgError('terminating connection because of crash of another server process', { code: '57P02' }),
    ],
    ['the server starting up (57P03)', pgError('the database system is starting up', { code: '57P03' })],
    ['a connection failure class 08', new ConnectionException(Object.assign(new Error('x'), { code: '08006' }))],
    [
      "knex's pool acquire timeout",
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
        name: 'KnexTimeoutError',
      }),
    ],
    [
      'a refusal inside an AggregateError (a host name with two addresses), wrapped by the ORM',
      new DriverException(
        Object.assign(new AggregateError([Object.assign(new Error('x'), { code: '57P03' })], 'connect failed'), {}),
      ),
    ],
  ])('%s answers 503 with Retry-After, not 500', (_what, err) => {
    const { body, cause, retryAfterSeconds } = AllExceptionsFilter.toBody(err);
    expect(body).toEqual(DATABASE);
    expect(cause).toBeUndefined();
    expect(retryAfterSeconds).toBe(5);
  });

  it.each([
    [
      'ioredis giving up after its retries',
      Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' }),
    ],
    ['an ioredis command timeout', new Error('Command timed out')],
    ['a closed ioredis connection', new Error('Connection is closed.')],
  ])('%s answers 503 with Retry-After', (_what, err) => {
    const { body, retryAfterSeconds } = AllExceptionsFilter.toBody(err);
    expect(body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'This is unavailable for a moment. Please try again shortly.',
    });
    expect(retryAfterSeconds).toBe(5);
  });

  it('a connect refused at the database port (the pg pool passes it on raw) is the database being away', () => {
    expect(AllExceptionsFilter.toBody(refused(5433), { databasePort: 5433 })).toEqual({
      body: DATABASE,
      retryAfterSeconds: 5,
    });
    // localhost with two addresses: Node's AggregateError of both refusals
    const both = Object.assign(new AggregateError([refused(5433), refused(5433)], ''), { code: 'ECONNREFUSED' });
    expect(AllExceptionsFilter.toBody(both, { databasePort: 5433 }).body).toEqual(DATABASE);
  });

  it('a connect refused elsewhere is some service being away (503, not named the database)', () => {
    expect(AllExceptionsFilter.toBody(refused(8080), { databasePort: 5433 })).toEqual({
      body: {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'A service this needs is unavailable for a moment. Please try again shortly.',
      },
      retryAfterSeconds: 5,
    });
  });

  it('an outbound fetch that failed (its cause a refused connect) stays that feature’s error: a 500', () => {
    const fetchFailed = new TypeError('fetch failed', { cause: refused(5433) });
    expect(AllExceptionsFilter.toBody(fetchFailed, { databasePort: 5433 }).body.statusCode).toBe(500);
  });

  it('a deliberate DependencyUnavailableException keeps its message and carries Retry-After', () => {
    const { body, retryAfterSeconds } = AllExceptionsFilter.toBody(
      new DependencyUnavailableException('redis', 'Signing in is unavailable for a moment.'),
    );
    expect(body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Signing in is unavailable for a moment.',
    });
    expect(retryAfterSeconds).toBe(5);
    expect(AllExceptionsFilter.toBody(new TooManyRequestsException(30)).retryAfterSeconds).toBe(30);
    expect(AllExceptionsFilter.toBody(new ForbiddenException()).retryAfterSeconds).toBeUndefined();
  });

  it('an outbound call failing the same way (not the database) stays a 500, as do other ORM errors', () => {
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:443'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      pgError('relation "x" does not exist', { code: '42P01' }),
      new Error('Connection refused by the payment provider'),
    ]) {
      const { body, retryAfterSeconds } = AllExceptionsFilter.toBody(err);
      expect(body.statusCode).toBe(500);
      expect(retryAfterSeconds).toBeUndefined();
    }
  });
});

describe('AllExceptionsFilter.catch', () => {
  const replyMock = () => {
    const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
    const reply = {
      raw: { destroyed: false, socket: { destroyed: false } },
      header: (k: string, v: string) => ((sent.headers[k] = v), reply),
      status: (s: number) => ((sent.status = s), reply),
      send: (b: unknown) => ((sent.body = b), reply),
    };
    const host = { getType: () => 'http', switchToHttp: () => ({ getResponse: () => reply }) };
    return { sent, host: host as unknown as Parameters<AllExceptionsFilter['catch']>[1] };
  };

  it('sets Retry-After on a 503 for a dependency that is away, and on a 429', () => {
    const filter = new AllExceptionsFilter({ databaseUrl: 'postgres://u@db.internal:6543/lp' } as AppConfig);
    const a = replyMock();
    filter.catch(new Error('Connection terminated unexpectedly'), a.host);
    expect(a.sent).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    const b = replyMock();
    filter.catch(new TooManyRequestsException(12), b.host);
    expect(b.sent).toMatchObject({ status: 429, headers: { 'Retry-After': '12' } });
    const d = replyMock();
    filter.catch(refused(6543), d.host);
    expect(d.sent).toMatchObject({
      status: 503,
      body: { message: expect.stringMatching(/^The database is unavailable/) },
    });
    const c = replyMock();
    filter.catch(new Error('a bug'), c.host);
    expect(c.sent.status).toBe(500);
    expect(c.sent.headers).toEqual({});
  });
});

describe('AllExceptionsFilter.clientLeft', () => {
  const premature = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  const reply = (raw: { destroyed: boolean; socket: { destroyed: boolean } | null }) =>
    ({ raw }) as unknown as Parameters<typeof AllExceptionsFilter.clientLeft>[1];

  it('a premature close on a connection the client has closed is not an error', () => {
    expect(AllExceptionsFilter.clientLeft(premature, reply({ destroyed: true, socket: null }))).toBe(true);
    expect(AllExceptionsFilter.clientLeft(premature, reply({ destroyed: false, socket: { destroyed: true } }))).toBe(
      true,
    );
  });

  it('but is one while the client still listens, and other errors always are', () => {
    expect(AllExceptionsFilter.clientLeft(premature, reply({ destroyed: false, socket: { destroyed: false } }))).toBe(
      false,
    );
    expect(AllExceptionsFilter.clientLeft(new Error('boom'), reply({ destroyed: true, socket: null }))).toBe(false);
  });
});
