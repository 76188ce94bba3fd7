import { generateKeyPairSync } from 'node:crypto';
import { type ApiError, Harness } from '../support/harness';

/** The same app booted as production: no dev payments, secure cookies. */
let h: Harness;
const savedEnv = { ...process.env };

beforeAll(async () => {
  // SMTP is required in production; this file starts no worker, so nothing is ever sent to it.
  Object.assign(process.env, {
    NODE_ENV: 'production',
    JWT_SECRET: 'p'.repeat(48),
    PUBLIC_URL: 'https://learn.example.com',
    SMTP_URL: 'smtp://127.0.0.1:9',
    MEDIA_URL_SECRET: 's'.repeat(48),
    // the certificates' issuer key: required in production (never generated into .data there)
    CERTIFICATE_SIGNING_KEY: JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })),
  });
  delete process.env.STRIPE_SECRET_KEY;
  h = await Harness.boot({ worker: false });
});
afterAll(async () => {
  await h.close();
  process.env = savedEnv;
});

it('refuses the built-in payment provider in production', async () => {
  const token = await h.demoToken('learner');
  const create = await h.post<ApiError>(
    '/api/checkout/create',
    { subjectId: 'metabolic', priceId: 'price_metabolic' },
    { token },
  );
  expect(create.status).toBe(503);
  expect(create.body.message).toBe('Payments are not configured on this server');
  expect((await h.get('/api/checkout/dev/cs_dev_0123456789', { token })).status).toBe(404);
  expect((await h.post('/api/checkout/dev/cs_dev_0123456789/complete', undefined, { token })).status).toBe(404);
});

it('marks the refresh cookie Secure on an https origin', async () => {
  const login = await h.post('/api/auth/login', { email: 'learner@example.com', password: 'demo-password' });
  expect(login.setCookies.find((c) => c.startsWith('lp_refresh='))).toMatch(/; Secure/);
});

it('does not serve the OpenAPI UI or document in production unless asked', async () => {
  expect((await h.get('/api/docs/json')).status).toBe(404);
  expect((await h.get('/api/docs')).status).toBe(404);
});

it('sends HSTS in production', async () => {
  expect(String((await h.get('/health')).headers['strict-transport-security'])).toMatch(/max-age=31536000/);
});
