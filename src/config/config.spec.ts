import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, queueWorkerOptions, workerQueues } from './config';

const base = { DATABASE_URL: 'postgres://u@localhost:5432/db' };
const signingJwk = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
const signingKey = JSON.stringify(signingJwk());
const dev = { ...base, NODE_ENV: 'development' };
const prod = {
  ...base,
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://learn.example.com',
  SMTP_URL: 'smtp://mail.example.com',
  MEDIA_URL_SECRET: 'm'.repeat(40),
  CERTIFICATE_SIGNING_KEY: signingKey,
};

describe('loadConfig', () => {
  it('is production when NODE_ENV is unset: development only when asked for', () => {
    expect(() => loadConfig({ ...base })).toThrow(/JWT_SECRET: required in production/);
    const { NODE_ENV: _unset, ...unset } = prod;
    const c = loadConfig(unset);
    expect(c.isProduction).toBe(true);
    expect(c.payments.devAllowed).toBe(false);
    expect(c.apiDocs).toBe(false);
    expect(c.mail.logLinks).toBe(false);
  });

  it('takes the media store fault (drills only) outside production and refuses it in production', () => {
    expect(loadConfig(dev).media.faultEnospcFile).toBeUndefined();
    expect(loadConfig({ ...dev, MEDIA_FAULT_ENOSPC_FILE: '/tmp/full' }).media.faultEnospcFile).toBe('/tmp/full');
    expect(() => loadConfig({ ...prod, MEDIA_FAULT_ENOSPC_FILE: '/tmp/full' })).toThrow(
      /MEDIA_FAULT_ENOSPC_FILE: never in production/,
    );
  });

  it('in production, needs SMTP or an explicit outbox, and shows the API docs only when asked', () => {
    const { SMTP_URL: _smtp, ...noSmtp } = prod;
    expect(() => loadConfig(noSmtp)).toThrow(/SMTP_URL: required in production/);
    expect(loadConfig({ ...noSmtp, MAIL_OUTBOX: 'true' }).mail.smtpUrl).toBeUndefined();
    expect(loadConfig({ ...prod, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('lets the dev payment provider run only on a loopback address unless explicitly allowed, never in production', () => {
    expect(loadConfig({ ...dev }).payments.devAllowed).toBe(true);
    expect(loadConfig({ ...dev, HOST: '::1' }).payments.devAllowed).toBe(true);
    expect(loadConfig({ ...dev, HOST: '0.0.0.0' }).payments.devAllowed).toBe(false);
    expect(loadConfig({ ...dev, HOST: '0.0.0.0', ALLOW_DEV_PAYMENTS: 'true' }).payments.devAllowed).toBe(true);
    expect(loadConfig({ ...prod, HOST: '127.0.0.1', ALLOW_DEV_PAYMENTS: 'true' }).payments.devAllowed).toBe(false);
  });

  it('fills in working defaults for a local start', () => {
    const c = loadConfig({ ...dev });
    expect(c.env).toBe('development');
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.redis.url).toBe('redis://127.0.0.1:6379');
    expect(c.auth.accessTokenTtlSeconds).toBe(900);
    expect(c.auth.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(c.auth.secureCookies).toBe(false);
    expect(c.mail.dir).toMatch(/\.data[/\\]mail$/);
  });

  it('names every invalid setting at once', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', PORT: 'eighty', REDIS_URL: 'http://x' })).toThrow(ConfigError);
    try {
      loadConfig({ DATABASE_URL: 'mysql://x', PORT: 'eighty', REDIS_URL: 'http://x' });
    } catch (err) {
      expect((err as Error).message).toContain('DATABASE_URL');
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('REDIS_URL');
    }
  });

  it('loads .env.example as it is: empty values mean unset', () => {
    const env: Record<string, string> = {};
    for (const line of readFileSync(join(__dirname, '..', '..', '.env.example'), 'utf8').split('\n')) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line);
      if (m) env[m[1]] = m[2];
    }
    const c = loadConfig({ ...env, ...base });
    expect(c.mail.smtpUrl).toBeUndefined();
    expect(c.payments.provider).toBe('dev');
  });

  it('media: the longest upload (4 h) and the sweep interval (an hour; 0 turns it off)', () => {
    expect(loadConfig(dev).media).toMatchObject({ uploadMaxSeconds: 14_400, sweepSeconds: 3600 });
    expect(loadConfig({ ...dev, MEDIA_UPLOAD_MAX_SECONDS: '60', MEDIA_SWEEP_SECONDS: '0' }).media).toMatchObject({
      uploadMaxSeconds: 60,
      sweepSeconds: 0,
    });
    expect(() => loadConfig({ ...dev, MEDIA_UPLOAD_MAX_SECONDS: '0' })).toThrow(/MEDIA_UPLOAD_MAX_SECONDS/);
    expect(() => loadConfig({ ...dev, MEDIA_SWEEP_SECONDS: '-1' })).toThrow(/MEDIA_SWEEP_SECONDS/);
  });

  it('media: local disk by default; s3 needs a bucket, both keys or neither, an http(s) endpoint', () => {
    expect(loadConfig(dev).media).toMatchObject({ storage: 'local', s3: undefined });
    expect(() => loadConfig({ ...dev, MEDIA_STORAGE: 's3' })).toThrow(/S3_BUCKET: required with MEDIA_STORAGE=s3/);
    expect(() => loadConfig({ ...dev, MEDIA_STORAGE: 'ftp' })).toThrow(/MEDIA_STORAGE/);
    expect(() => loadConfig({ ...dev, MEDIA_STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...dev, MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ ...dev, MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /set both, or neither/,
    );
    const c = loadConfig({
      ...dev,
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'lp-media',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(c.media.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'lp-media',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    // an empty endpoint (as in .env.example) is AWS itself
    expect(loadConfig({ ...dev, MEDIA_STORAGE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: '' }).media.s3?.endpoint).toBe(
      undefined,
    );
  });

  it('requires DATABASE_URL', () => {
    expect(() => loadConfig({})).toThrow(/DATABASE_URL/);
  });

  it('requires a real secret and a public URL in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://x.test' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/PUBLIC_URL/);
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'short', PUBLIC_URL: 'https://x.test' }),
    ).toThrow(/at least 32/);
    const c = loadConfig({ ...prod, PUBLIC_URL: 'https://learn.example.com/' });
    expect(c.isProduction).toBe(true);
    expect(c.publicUrl).toBe('https://learn.example.com');
    expect(c.auth.secureCookies).toBe(true);
  });

  it('parses booleans and numbers', () => {
    const c = loadConfig({ ...dev, TRUST_PROXY: '1', SERVE_UI: '0', RATE_LIMIT_LOGIN_PER_IP: '7' });
    expect(c.trustProxy).toBe(1);
    expect(loadConfig({ ...dev, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(() => loadConfig({ ...dev, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(c.ui.serve).toBe(false);
    expect(c.rateLimit.loginPerIp).toBe(7);
    expect(() => loadConfig({ ...base, SERVE_UI: 'maybe' })).toThrow(/SERVE_UI/);
  });

  it('reads the metrics settings: the public route off without a token, worker metrics on loopback', () => {
    const c = loadConfig({ ...dev });
    expect(c.metrics).toEqual({ token: undefined, port: undefined, workerPort: undefined, workerHost: '127.0.0.1' });
    const on = loadConfig({ ...dev, METRICS_TOKEN: 't'.repeat(16), METRICS_PORT: '9100', WORKER_METRICS_PORT: '9464' });
    expect(on.metrics).toMatchObject({ token: 't'.repeat(16), port: 9100, workerPort: 9464 });
    expect(() => loadConfig({ ...dev, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ...dev, WORKER_METRICS_PORT: '70000' })).toThrow(/WORKER_METRICS_PORT/);
  });

  it('runs every queue unless WORKER_QUEUES names some, and refuses an unknown one', () => {
    expect(loadConfig({ ...dev }).workerQueues).toEqual(['email', 'content-migration', 'crawl', 'tts', 'video']);
    expect(loadConfig({ ...dev, WORKER_QUEUES: ' tts, video ,tts' }).workerQueues).toEqual(['tts', 'video']);
    expect(workerQueues({ WORKER_QUEUES: 'email' })).toEqual(['email']);
    expect(() => loadConfig({ ...dev, WORKER_QUEUES: 'tts,speech' })).toThrow(/WORKER_QUEUES/);
    expect(() => loadConfig({ ...dev, WORKER_QUEUES: ',' })).toThrow(/WORKER_QUEUES/);
  });

  it("caps the adaptive tests' length at 20 questions unless set, and refuses a cap below 1", () => {
    expect(loadConfig({ ...dev }).assessment.maxQuestions).toBe(20);
    expect(loadConfig({ ...dev, QUIZ_MAX_QUESTIONS: '8' }).assessment.maxQuestions).toBe(8);
    // the service used to read the variable itself and quietly fall back to 20 on a typo
    expect(() => loadConfig({ ...dev, QUIZ_MAX_QUESTIONS: '0' })).toThrow(/QUIZ_MAX_QUESTIONS/);
    expect(() => loadConfig({ ...dev, QUIZ_MAX_QUESTIONS: 'twenty' })).toThrow(/QUIZ_MAX_QUESTIONS/);
  });

  it('has the test-only migration pause off by default and inert in production', () => {
    expect(loadConfig({ ...dev }).contentMigrationTestDelayMs).toBe(0);
    expect(loadConfig({ ...dev, CONTENT_MIGRATION_TEST_DELAY_MS: '500' }).contentMigrationTestDelayMs).toBe(500);
    expect(loadConfig({ ...prod, CONTENT_MIGRATION_TEST_DELAY_MS: '500' }).contentMigrationTestDelayMs).toBe(0);
    expect(loadConfig({ ...dev }).videoRenderTestDelayMs).toBe(0);
    expect(loadConfig({ ...dev, VIDEO_RENDER_TEST_DELAY_MS: '900' }).videoRenderTestDelayMs).toBe(900);
    expect(loadConfig({ ...prod, VIDEO_RENDER_TEST_DELAY_MS: '900' }).videoRenderTestDelayMs).toBe(0);
  });
});

describe('media settings', () => {
  it('needs its own URL secret in production; elsewhere derives one from the JWT secret', () => {
    const { MEDIA_URL_SECRET: _secret, ...noSecret } = prod;
    expect(() => loadConfig(noSecret)).toThrow(/MEDIA_URL_SECRET: required in production/);
    expect(() => loadConfig({ ...prod, MEDIA_URL_SECRET: 'short' })).toThrow(/MEDIA_URL_SECRET: must be at least 32/);
    expect(loadConfig(prod).media.urlSecret).toBe('m'.repeat(40));
    const derived = loadConfig({ ...dev, JWT_SECRET: 'j'.repeat(40) }).media.urlSecret;
    expect(derived).toHaveLength(43);
    expect(derived).not.toContain('j'.repeat(40));
    expect(loadConfig({ ...dev, JWT_SECRET: 'k'.repeat(40) }).media.urlSecret).not.toBe(derived);
    expect(loadConfig({ ...dev }).media.dir).toMatch(/[/\\]\.data[/\\]media$/);
    expect(loadConfig({ ...dev, MEDIA_DIR: '/srv/media' }).media.dir).toBe('/srv/media');
  });
});

describe('certificate settings', () => {
  it('needs the issuer key in production; elsewhere it is kept in .data', () => {
    const { CERTIFICATE_SIGNING_KEY: _key, ...noKey } = prod;
    expect(() => loadConfig(noKey)).toThrow(/CERTIFICATE_SIGNING_KEY: required in production/);
    expect(() => loadConfig({ ...prod, CERTIFICATE_SIGNING_KEY: '' })).toThrow(/CERTIFICATE_SIGNING_KEY: required/);
    expect(loadConfig(prod).certificates.signingKey).toEqual(JSON.parse(signingKey));
    const dev = loadConfig({ ...base, NODE_ENV: 'development' }).certificates;
    expect(dev.signingKey).toBeUndefined();
    expect(dev.keyFile).toMatch(/[/\\]\.data[/\\]issuer-key\.json$/);
  });

  it('refuses a key that is not an Ed25519 private JWK, or whose public half is another key', () => {
    const bad = (v: string) => () => loadConfig({ ...prod, CERTIFICATE_SIGNING_KEY: v });
    expect(bad('{not json')).toThrow(/CERTIFICATE_SIGNING_KEY: must be an Ed25519 private JWK/);
    const { d: _d, ...publicOnly } = signingJwk();
    expect(bad(JSON.stringify(publicOnly))).toThrow(/CERTIFICATE_SIGNING_KEY: must be an Ed25519 private JWK/);
    expect(bad(JSON.stringify({ ...JSON.parse(signingKey), x: signingJwk().x }))).toThrow(
      /CERTIFICATE_SIGNING_KEY: x is not the public key of d/,
    );
  });
});

describe('media time limits', () => {
  it('RENDER_MAX_SECONDS and MEDIA_TIME_LIMIT_FACTOR default to 600 s and 1, are read, and bad values stop the boot', () => {
    expect(loadConfig(dev).mediaTimeLimits).toEqual({ factor: 1, renderMaxSeconds: 600 });
    expect(loadConfig({ ...dev, RENDER_MAX_SECONDS: '120', MEDIA_TIME_LIMIT_FACTOR: '2.5' }).mediaTimeLimits).toEqual({
      factor: 2.5,
      renderMaxSeconds: 120,
    });
    expect(() => loadConfig({ ...dev, RENDER_MAX_SECONDS: '0' })).toThrow(/RENDER_MAX_SECONDS/);
    expect(() => loadConfig({ ...dev, RENDER_MAX_SECONDS: 'ten' })).toThrow(/RENDER_MAX_SECONDS/);
    expect(() => loadConfig({ ...dev, MEDIA_TIME_LIMIT_FACTOR: '0' })).toThrow(/MEDIA_TIME_LIMIT_FACTOR/);
    expect(() => loadConfig({ ...dev, MEDIA_TIME_LIMIT_FACTOR: 'slow' })).toThrow(/MEDIA_TIME_LIMIT_FACTOR/);
  });

  it("one user's single-section speech budget: 10 a minute and 120 an hour unless set; 0 is refused", () => {
    expect(loadConfig(dev).speech.sectionLimits).toEqual({ perMinute: 10, perHour: 120 });
    expect(
      loadConfig({ ...dev, TTS_SECTION_LIMIT_PER_MINUTE: '2', TTS_SECTION_LIMIT_PER_HOUR: '30' }).speech.sectionLimits,
    ).toEqual({ perMinute: 2, perHour: 30 });
    expect(() => loadConfig({ ...dev, TTS_SECTION_LIMIT_PER_HOUR: '0' })).toThrow(/TTS_SECTION_LIMIT_PER_HOUR/);
  });
});

describe('queueWorkerOptions', () => {
  it("keeps BullMQ's lock and stalled-check defaults unless set, and names the process", () => {
    expect(queueWorkerOptions({})).toMatchObject({ lockDuration: 30000, stalledInterval: 30000 });
    expect(queueWorkerOptions({}).name).toMatch(new RegExp(`:${process.pid}$`));
    expect(queueWorkerOptions({ QUEUE_LOCK_DURATION_MS: '4000', QUEUE_STALLED_INTERVAL_MS: '' })).toMatchObject({
      lockDuration: 4000,
      stalledInterval: 30000,
    });
  });

  it('falls back to the defaults on a bad value, which loadConfig refuses at boot', () => {
    expect(queueWorkerOptions({ QUEUE_LOCK_DURATION_MS: '5' }).lockDuration).toBe(30000);
    expect(() => loadConfig({ ...dev, QUEUE_LOCK_DURATION_MS: '5' })).toThrow(/QUEUE_LOCK_DURATION_MS/);
  });
});
