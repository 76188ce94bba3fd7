// Container healthcheck for the worker (it has no HTTP port): healthy when Redis answers
// and at least one worker is registered on every queue. Exit code 0 = healthy.
import { Queue } from 'bullmq';
import { loadConfig } from '../src/config/config';
import { QUEUES } from '../src/queues/queues';
import { redisConnection } from '../src/queues/queues.module';

async function main() {
  const config = loadConfig();
  for (const name of Object.values(QUEUES)) {
    const queue = new Queue(name, {
      connection: redisConnection(config.redis.url),
      prefix: `${config.redis.prefix}:q`,
    });
    try {
      const workers = await queue.getWorkers();
      if (workers.length === 0) throw new Error(`no worker on queue ${name}`);
    } finally {
      await queue.close();
    }
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
