import { getQueueToken } from '@nestjs/bullmq';
import { Controller, Get } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, MikroOrmHealthIndicator } from '@nestjs/terminus';
import Redis from 'ioredis';
import { Public } from '../../common/decorators/public.decorator';
import { InjectRedis, redisEvictionPolicy } from '../../common/redis/redis.module';
import { QUEUES } from '../../queues/queues';

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
          const [workers, waiting, active, failed] = await Promise.all([
            q.getWorkersCount(),
            q.getWaitingCount(),
            q.getActiveCount(),
            q.getFailedCount(),
          ]);
          return [name, { workers, waiting, active, failed }] as const;
        }),
      );
      return indicator.up({
        ...Object.fromEntries(entries),
        redisEvictionPolicy: await redisEvictionPolicy(this.redis),
      });
    } catch (err) {
      return indicator.down({ message: (err as Error).message });
    }
  }

  @Public()
  @Get()
  @HealthCheck()
  check() {
    return this.health.check([
      () => this.db.pingCheck('database', { timeout: 2000 }),
      async () => {
        const indicator = this.indicators.check('redis');
        let timer: NodeJS.Timeout | undefined;
        try {
          const pong = await Promise.race([
            this.redis.ping(),
            new Promise<string>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 2000))),
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
