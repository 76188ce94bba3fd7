import { ServiceUnavailableException } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import {
  type HealthCheckService,
  type HealthIndicatorResult,
  HealthIndicatorService,
  type MikroOrmHealthIndicator,
} from '@nestjs/terminus';
import type Redis from 'ioredis';
import { AllExceptionsFilter } from '../../common/filters/all-exceptions.filter';
import { HealthController, healthFailure } from './health.controller';

describe('healthFailure', () => {
  it('names the dependency that is down in the message and the body', () => {
    const { body } = AllExceptionsFilter.toBody(
      healthFailure({
        status: 'error',
        details: { database: { status: 'down', message: 'connect ECONNREFUSED' }, redis: { status: 'up' } },
      }),
    );
    expect(body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Unavailable: database is down',
      status: 'error',
      down: ['database'],
      details: { database: { status: 'down', message: 'connect ECONNREFUSED' }, redis: { status: 'up' } },
    });
    expect(
      healthFailure({
        status: 'error',
        details: { database: { status: 'up' }, redis: { status: 'down' }, queues: { status: 'down' } },
      }).message,
    ).toBe('Unavailable: redis and queues are down');
  });
});

describe('HealthController.check', () => {
  /** Terminus's service, reduced to what it does: run the indicators, 503 when one is down. */
  const terminus = {
    async check(fns: (() => Promise<HealthIndicatorResult>)[]) {
      const results = await Promise.all(fns.map((f) => f()));
      const details = Object.assign({}, ...results) as Record<string, { status: string }>;
      if (Object.values(details).some((d) => d.status === 'down'))
        throw new ServiceUnavailableException({ status: 'error', details });
      return { status: 'ok', details };
    },
  } as unknown as HealthCheckService;
  const db = { pingCheck: async (key: string) => ({ [key]: { status: 'up' } }) } as unknown as MikroOrmHealthIndicator;
  const never = () => new Promise<never>(() => {});

  it('answers 503 naming redis and the queues when Redis does not answer, instead of waiting for it', async () => {
    // BullMQ's queue calls never settle while Redis is away (its connection retries forever); neither does PING here.
    const queue = { getWorkersCount: never, getWaitingCount: never, getActiveCount: never, getFailedCount: never };
    const redis = { ping: never, config: never } as unknown as Redis;
    const moduleRef = { get: () => queue } as unknown as ModuleRef;
    const controller = new HealthController(terminus, db, new HealthIndicatorService(), redis, moduleRef);
    const err = await controller.check().then(
      () => undefined,
      (e: unknown) => e,
    );
    const { body } = AllExceptionsFilter.toBody(err);
    expect(body).toMatchObject({
      statusCode: 503,
      message: 'Unavailable: redis and queues are down',
      down: ['redis', 'queues'],
    });
  });
});
