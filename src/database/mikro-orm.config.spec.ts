import { MikroORM } from '@mikro-orm/postgresql';
import { createServer, type AddressInfo } from 'node:net';
import { AllExceptionsFilter } from '../common/filters/all-exceptions.filter';
import { ACQUIRE_TIMEOUT_MS, CONNECT_TIMEOUT_MS, createOrmConfig } from './mikro-orm.config';

describe('createOrmConfig: bounded waits for a database that is away', () => {
  it('bounds the connect and the pool acquire', () => {
    const config = createOrmConfig('postgres://u@127.0.0.1:5432/db');
    expect(config.pool).toMatchObject({ acquireTimeoutMillis: ACQUIRE_TIMEOUT_MS });
    expect(config.driverOptions).toMatchObject({ connection: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS } });
    expect(ACQUIRE_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
  });

  it('a query while nothing listens fails (does not wait) with an error the filter answers with 503', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const orm = await MikroORM.init({
      ...createOrmConfig(`postgres://postgres@127.0.0.1:${port}/none`),
      entities: [],
      discovery: { warnWhenNoEntities: false },
      connect: false,
    });
    try {
      const err = await orm.em
        .fork()
        .getConnection()
        .execute('select 1')
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(AllExceptionsFilter.toBody(err, { databasePort: port })).toMatchObject({
        body: { statusCode: 503, message: expect.stringMatching(/^The database is unavailable/) },
        retryAfterSeconds: 5,
      });
    } finally {
      await orm.close(true);
    }
  });
});
