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
    expect(AllExceptionsFilter.toBody(new NotFoundException()).body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(AllExceptionsFilter.toBody(new TooManyRequestsException(30)).body.statusCode).toBe(429);
  });

  it('joins a list of validation messages into one string', () => {
    const { body } = AllExceptionsFilter.toBody(new BadRequestException(['a must be set', 'b must be a number']));
    expect(body.message).toBe('a must be set; b must be a number');
  });

  it('keeps framework client errors (bad JSON, too large) as 4xx', () => {
    const err = Object.assign(new Error('Body is too large'), { statusCode: 413 });
    expect(AllExceptionsFilter.toBody(err).body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Body is too large' });
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
