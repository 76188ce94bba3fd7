import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, MikroOrmHealthIndicator } from '@nestjs/terminus';
import Redis from 'ioredis';
import { Public } from '../../common/decorators/public.decorator';
import { InjectRedis } from '../../common/redis/redis.module';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: MikroOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @InjectRedis() private readonly redis: Redis,
  ) {}

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
    ]);
  }
}
