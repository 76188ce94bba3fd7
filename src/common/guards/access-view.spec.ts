import type Redis from 'ioredis';
import type { AppConfig } from '../../config/config';
import { AccessView } from './access-view';

const config = { redis: { prefix: 'av-spec' } } as AppConfig;

function fakeRedis(status: string) {
  const calls: string[] = [];
  const record =
    (name: string, answer: unknown) =>
    (..._args: unknown[]) => {
      calls.push(name);
      return Promise.resolve(answer);
    };
  const redis = {
    status,
    mget: record('mget', ['3', '0', null, null]),
    set: record('set', 'OK'),
  } as unknown as Redis;
  return { redis, calls };
}

describe('AccessView while Redis is away', () => {
  it.each(['reconnecting', 'end'])(
    'reads nothing (the guards use the database) and caches nothing, without a command, when the connection is %s',
    async (status) => {
      const { redis, calls } = fakeRedis(status);
      const view = new AccessView(redis, config);
      expect(await view.read('s1', 'u1')).toBeNull();
      await view.putSession('s1', 'u1', '3.0', ['learner'], Date.now() + 60_000);
      await view.putEntitled('u1', '3.0', ['metabolic']);
      expect(calls).toEqual([]);
    },
  );

  it('reads and caches through Redis when it is there', async () => {
    const { redis, calls } = fakeRedis('ready');
    const view = new AccessView(redis, config);
    expect(await view.read('s1', 'u1')).toEqual({ gen: '3.0', session: null, entitled: null });
    await view.putEntitled('u1', '3.0', ['metabolic']);
    expect(calls).toEqual(['mget', 'set']);
  });
});
