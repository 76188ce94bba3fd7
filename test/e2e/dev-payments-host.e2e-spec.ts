import { Harness } from '../support/harness';

/** Development, but listening on every interface: the dev payment page would let anyone on the network grant courses. */
let h: Harness;
const savedEnv = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, { NODE_ENV: 'development', HOST: '0.0.0.0' });
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.ALLOW_DEV_PAYMENTS;
  h = await Harness.boot({ worker: false });
});
afterAll(async () => {
  await h.close();
  process.env = savedEnv;
});

it('refuses the built-in payment provider on a non-loopback address unless ALLOW_DEV_PAYMENTS is set', async () => {
  const token = await h.demoToken('learner');
  const create = await h.post<{ message: string }>(
    '/api/checkout/create',
    { subjectId: 'metabolic', priceId: 'price_metabolic' },
    { token },
  );
  expect(create.status).toBe(503);
  expect(create.body.message).toBe('Payments are not configured on this server');
  expect((await h.post('/api/checkout/dev/cs_dev_0123456789/complete', undefined, { token })).status).toBe(404);
});
