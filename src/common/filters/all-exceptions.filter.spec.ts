import { BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';
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
