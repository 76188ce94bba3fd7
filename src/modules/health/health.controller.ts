import { getQueueToken } from '@nestjs/bullmq';
import { Controller, Get, HttpStatus, ServiceUnavailableException } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { getHealthCheckSchema } from '@nestjs/terminus/dist/health-check/health-check.schema';
import {
  HealthCheck,
  type HealthCheckResult,
  HealthCheckService,
  HealthIndicatorService,
  MikroOrmHealthIndicator,
} from '@nestjs/terminus';
import Redis from 'ioredis';
import { Public } from '../../common/decorators/public.decorator';
import { DetailedHttpException } from '../../common/http/detailed-http.exception';
import { InjectRedis, redisEvictionPolicy } from '../../common/redis/redis.module';
import { QUEUES } from '../../queues/queues';

// Each check answers within this, so /health never hangs on a dependency that is away (BullMQ's connection
// waits for Redis forever by design; the checks must not).
const CHECK_TIMEOUT_MS = 2000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Terminus's 503 as our error body, naming what is down: `{statusCode: 503, error, message: "Unavailable: database
 * is down", down: ["database"], details}` (the exception filter would otherwise keep only "Service Unavailable").
 */
export function healthFailure(result: HealthCheckResult): DetailedHttpException {
  const details = result.details ?? {};
  const down = Object.keys(details).filter((name) => details[name]?.status === 'down');
  const message = down.length
    ? `Unavailable: ${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} down`
    : 'Unavailable';
  return new DetailedHttpException(HttpStatus.SERVICE_UNAVAILABLE, message, { status: 'error', down, details });
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: MikroOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @InjectRedis() private readonly redis: Redis,
    private readonly moduleRef: ModuleRef,
  ) {}

  /**
   * Each queue's live workers (BullMQ counts the worker connections that name it) and its waiting,
   * active and failed jobs, plus Redis's eviction policy: what an operator checks first. Informational:
   * no worker running does not make the API unhealthy.
   */
  private async queues() {
    const indicator = this.indicators.check('queues');
    try {
      const entries = await Promise.all(
        Object.values(QUEUES).map(async (name) => {
          const q = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
          const [workers, waiting, active, failed] = await within(
            CHECK_TIMEOUT_MS,
            Promise.all([q.getWorkersCount(), q.getWaitingCount(), q.getActiveCount(), q.getFailedCount()]),
          );
          return [name, { workers, waiting, active, failed }] as const;
        }),
      );
      return indicator.up({
        ...Object.fromEntries(entries),
        redisEvictionPolicy: await within(CHECK_TIMEOUT_MS, redisEvictionPolicy(this.redis)),
      });
    } catch (err) {
      return indicator.down({ message: (err as Error).message });
    }
  }

  @Public()
  @Get()
  // Terminus documents its own 503 body; ours is the error body naming what is down (healthFailure).
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOkResponse({ description: 'every dependency is up', schema: getHealthCheckSchema('ok') })
  @ApiServiceUnavailableResponse({
    description: 'a dependency is down; `down` names it (database, redis, queues)',
    schema: {
      type: 'object',
      required: ['statusCode', 'error', 'message', 'status', 'down', 'details'],
      properties: {
        statusCode: { type: 'number', example: 503 },
        error: { type: 'string', example: 'Service Unavailable' },
        message: { type: 'string', example: 'Unavailable: database is down' },
        status: { type: 'string', enum: ['error'] },
        down: { type: 'array', items: { type: 'string' }, example: ['database'] },
        details: { type: 'object', additionalProperties: { type: 'object' } },
      },
    },
  })
  async check() {
    try {
      return await this.checks();
    } catch (err) {
      if (err instanceof ServiceUnavailableException) throw healthFailure(err.getResponse() as HealthCheckResult);
      throw err;
    }
  }

  private checks() {
    return this.health.check([
      () => this.db.pingCheck('database', { timeout: CHECK_TIMEOUT_MS }),
      async () => {
        const indicator = this.indicators.check('redis');
        let timer: NodeJS.Timeout | undefined;
        try {
          const pong = await Promise.race([
            this.redis.ping(),
            new Promise<string>(
              (_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS)),
            ),
          ]);
          return pong === 'PONG' ? indicator.up() : indicator.down({ message: `unexpected reply ${pong}` });
        } catch (err) {
          return indicator.down({ message: (err as Error).message });
        } finally {
          clearTimeout(timer);
        }
      },
      () => this.queues(),
    ]);
  }
}
