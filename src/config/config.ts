import { createHmac, createPrivateKey, createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import PRODUCT from '@lp/shared/product.json';
import { QUEUES, type QueueName } from '../queues/queues';

/**
 * The one reader of process.env. Everything else receives an AppConfig, so a
 * bad or missing setting stops the process at boot with a message that names it,
 * instead of failing later inside a request.
 */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

// An empty variable (`SMTP_URL=` in a copied .env.example, `${SMTP_URL:-}` in compose) means "unset".
const dropEmpty = (env: unknown) =>
  Object.fromEntries(Object.entries(env as Record<string, unknown>).filter(([, v]) => v !== ''));

/**
 * How soon a job of a crashed worker runs again elsewhere: a worker holds a lock on each job it runs
 * (renewed every half lock duration) and every worker checks for jobs whose lock has lapsed every
 * stalled interval. BullMQ's defaults (30 s each) mean a retry within about a minute of the crash.
 */
const queueWorkerSchema = z.object({
  QUEUE_LOCK_DURATION_MS: int(30000, 1000),
  QUEUE_STALLED_INTERVAL_MS: int(30000, 1000),
});

const ALL_QUEUES = Object.values(QUEUES) as QueueName[];

/** Which queues a worker process runs: a comma list of queue names, default every queue. */
const workerQueuesSchema = z.object({
  WORKER_QUEUES: z
    .string()
    .default(ALL_QUEUES.join(','))
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((q) => q.trim())
          .filter(Boolean),
      ),
    ])
    .refine((qs) => qs.length > 0 && qs.every((q) => (ALL_QUEUES as string[]).includes(q)), {
      message: `must be a comma list of: ${ALL_QUEUES.join(', ')}`,
    })
    .transform((qs) => qs as QueueName[]),
});

const envSchema = z.preprocess(
  dropEmpty,
  z.object({
    // Production unless something asks for development: `npm start`/`npm run dev` set it, tests set test.
    NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
    HOST: z.string().default('127.0.0.1'),
    PORT: int(3000, 1),
    PUBLIC_URL: z.string().url().optional(),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .default('redis://127.0.0.1:6379'),
    REDIS_PREFIX: z
      .string()
      .regex(/^[a-zA-Z0-9:_-]+$/)
      .default('lp'),
    ...queueWorkerSchema.shape,
    /** Tests only, ignored in production: a pause after each subject of a content migration, to kill a worker mid-job. */
    CONTENT_MIGRATION_TEST_DELAY_MS: int(0),
    /** Tests only, ignored in production: a pause inside each section's render (work files made, mp4 not yet), to kill a worker mid-render. */
    VIDEO_RENDER_TEST_DELAY_MS: int(0),
    JOB_WAIT_MS: int(5 * 60 * 1000),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: int(900, 10),
    REFRESH_TOKEN_TTL_SECONDS: int(14 * 24 * 3600, 60),
    SESSION_ABSOLUTE_TTL_SECONDS: int(30 * 24 * 3600, 60),
    REFRESH_REUSE_GRACE_SECONDS: int(10, 0),
    VERIFY_TOKEN_TTL_SECONDS: int(24 * 3600, 60),
    RESET_TOKEN_TTL_SECONDS: int(3600, 60),
    RATE_LIMIT_WINDOW_SECONDS: int(900, 1),
    RATE_LIMIT_LOGIN_PER_IP: int(50, 1),
    RATE_LIMIT_LOGIN_PER_ACCOUNT: int(10, 1),
    RATE_LIMIT_REGISTER_PER_IP: int(20, 1),
    RATE_LIMIT_RESET_PER_IP: int(20, 1),
    RATE_LIMIT_RESET_PER_ACCOUNT: int(5, 1),
    // How much of X-Forwarded-For to believe: false, a hop count (1 behind one proxy) or trusted
    // proxy addresses/CIDRs. "true" would believe any client-supplied address and void per-IP limits.
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v): boolean | number | string =>
        v === 'false' || v === '0' ? false : /^\d+$/.test(v) ? Number(v) : v,
      )
      .refine(
        (v) => v !== 'true',
        'must be false, a hop count (e.g. 1) or proxy addresses; "true" would trust spoofed client IPs',
      ),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default(`${PRODUCT.name} <no-reply@localhost>`),
    MAIL_DIR: z.string().optional(),
    /** Production without SMTP: write mails (with their links) to MAIL_DIR only when explicitly asked. */
    MAIL_OUTBOX: bool.default('false'),
    /** Serve the OpenAPI UI and JSON in production too (always on outside production). */
    API_DOCS: bool.default('false'),
    /** Let the built-in dev payment provider run on a non-loopback HOST (never in production). */
    ALLOW_DEV_PAYMENTS: bool.default('false'),
    DEMO_PASSWORD: z.string().min(6).default('demo-password'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_PRETTY: bool.default('false'),
    SERVE_UI: bool.default('true'),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must be a Stripe secret key (sk_...)').optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_...)')
      .optional(),
    /** Where the Stripe SDK sends its calls; only for tests against a local fake Stripe API. */
    STRIPE_API_BASE: z.string().url().optional(),
    /** How often each API looks for paid purchases whose receipt mail was never queued (a process died); 0 = never. */
    RECEIPT_SWEEP_SECONDS: int(300, 0),
    LLM_BASE_URL: z.string().url().optional(),
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().default('gpt-4o-mini'),
    LLM_TIMEOUT_MS: int(30000, 1000),
    TUTOR_RATE_LIMIT_PER_MINUTE: int(20, 1),
    /** The adaptive diagnostic's length cap (assessment/adaptive-test.ts DEFAULT_MAX_QUESTIONS is the same 20). */
    QUIZ_MAX_QUESTIONS: int(20, 1),
    CRAWL_ALLOWED_HOSTS: z.string().default(''),
    CRAWL_MAX_BYTES: int(2 * 1024 * 1024, 1024),
    CRAWL_TIMEOUT_MS: int(10000, 100),
    /** Unset: `ffmpeg` on PATH, else the binary inside the @ffmpeg-installer/ffmpeg package. */
    FFMPEG_PATH: z.string().optional(),
    /**
     * The longest a video render (one ffmpeg run) may take, in seconds, whatever its audio's length; the
     * worker's stop_grace_period in docker-compose.yml must exceed it, so a stopping worker lets its render end.
     */
    RENDER_MAX_SECONDS: int(600, 1),
    /** Multiplies every engine run's time limit (ffmpeg, flite, espeak-ng): above 1 on slow machines (CI). */
    MEDIA_TIME_LIMIT_FACTOR: z.coerce.number().min(0.01).max(100).default(1),
    /** Set: requests for the `elevenlabs` speech provider use ElevenLabs; unset: they fall back to the local engine. */
    ELEVENLABS_API_KEY: z.string().optional(),
    /** Where the ElevenLabs SDK sends its calls; only for tests against a local fake API. */
    ELEVENLABS_BASE_URL: z.string().url().optional(),
    /** One user's single-section speech requests (POST /api/tts/synthesize) per minute and per hour; more: 429. */
    TTS_SECTION_LIMIT_PER_MINUTE: int(10, 1),
    TTS_SECTION_LIMIT_PER_HOUR: int(120, 1),
    MEDIA_DIR: z.string().optional(),
    /**
     * Fault drills only, refused in production: while a file exists at this path, every write to the media store
     * fails as a full disk would (ENOSPC), so the drills can fill the store and free it again.
     */
    MEDIA_FAULT_ENOSPC_FILE: z.string().optional(),
    /** Where media bytes live: `local` (MEDIA_DIR) or `s3` (an S3-compatible bucket, the S3_* settings). */
    MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
    /** Unset: AWS S3 itself; set for R2, B2, MinIO (and the tests' loopback server). */
    S3_ENDPOINT: z
      .string()
      .url()
      .regex(/^https?:\/\//, 'must be an http(s):// URL')
      .optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z, 0-9, . and -)')
      .optional(),
    /** Both or neither; neither: the AWS SDK's own chain (environment, instance or task role). */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** `bucket` in the path rather than the host name: MinIO and most self-hosted stores need it. */
    S3_FORCE_PATH_STYLE: bool.default('false'),
    /** Signs the expiring media URLs (range requests are checked without a database hit). */
    MEDIA_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The largest video the Studio may upload (POST /api/admin/media), in bytes; default 200 MB. */
    MEDIA_UPLOAD_MAX_BYTES: int(200 * 1024 * 1024, 1024),
    /** The longest video the Studio may upload, in seconds, as its streams last (not as its header claims); 4 h. */
    MEDIA_UPLOAD_MAX_SECONDS: int(4 * 3600, 1),
    /**
     * How often each API removes stored media bytes no library row names, and incomplete multipart uploads,
     * older than a day (MediaSweeper); 0 = never.
     */
    MEDIA_SWEEP_SECONDS: int(3600, 0),
    /** Browser tests only, refused in production: mounts PUT /api/test/clock, which shifts the challenge clock. */
    TEST_CLOCK: bool.default('false'),
    /** Bearer token for GET /metrics on the public port; unset: that route answers 404. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Also serve /metrics, without a token, on this port of 127.0.0.1 (a sidecar or local Prometheus). */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** A worker's own /metrics (it has no HTTP server else); unset: none. */
    WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** Where WORKER_METRICS_PORT listens: loopback unless a scraper on another host needs it (compose: 0.0.0.0). */
    WORKER_METRICS_HOST: z.string().default('127.0.0.1'),
    ...workerQueuesSchema.shape,
    /** The certificates' issuer key: an Ed25519 private JWK as JSON. Unset outside production: kept in .data. */
    CERTIFICATE_SIGNING_KEY: z.string().optional(),
    /** `npm run backup`: encrypts the secrets into the backup (and `npm run restore` opens them). Unset: left out. */
    BACKUP_PASSPHRASE: z.string().min(12, 'must be at least 12 characters').optional(),
    /** The pg_dump and pg_restore of the database server's major version (default: the ones on PATH). */
    PG_DUMP_PATH: z.string().optional(),
    PG_RESTORE_PATH: z.string().optional(),
  }),
);

export interface S3Config {
  /** undefined: AWS's endpoint for the region */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  appRoot: string;
  databaseUrl: string;
  redis: { url: string; prefix: string };
  auth: {
    jwtSecret: string;
    accessTokenTtlSeconds: number;
    refreshTokenTtlSeconds: number;
    sessionAbsoluteTtlSeconds: number;
    refreshReuseGraceSeconds: number;
    verifyTokenTtlSeconds: number;
    resetTokenTtlSeconds: number;
    secureCookies: boolean;
  };
  rateLimit: {
    windowSeconds: number;
    loginPerIp: number;
    loginPerAccount: number;
    registerPerIp: number;
    resetPerIp: number;
    resetPerAccount: number;
  };
  trustProxy: boolean | number | string;
  /** tests only (always 0 in production): pause after each item of a content migration job */
  contentMigrationTestDelayMs: number;
  videoRenderTestDelayMs: number;
  /** how long POST /api/admin/migrate and /api/rag/crawl wait for their job before a 504 that names it */
  jobWaitMs: number;
  /** without smtpUrl, mails (with their links) are written to `dir`: in production only with MAIL_OUTBOX */
  mail: { smtpUrl?: string; from: string; dir: string; logLinks: boolean };
  /** the OpenAPI UI and JSON at /api/docs */
  apiDocs: boolean;
  demoPassword: string;
  log: { level: string; pretty: boolean };
  ui: { serve: boolean; learnerDist: string; adminDist: string };
  payments: {
    provider: 'dev' | 'stripe';
    /** seconds between receipt sweeps (ReceiptSweeper); 0: off */
    receiptSweepSeconds: number;
    /** the dev provider may grant courses: outside production, on a loopback HOST or with ALLOW_DEV_PAYMENTS */
    devAllowed: boolean;
    stripe?: {
      secretKey: string;
      webhookSecret?: string;
      apiBase?: { host: string; port: number; protocol: 'http' | 'https' };
    };
  };
  tutor: {
    llm?: { baseUrl: string; apiKey?: string; model: string; timeoutMs: number };
    rateLimitPerMinute: number;
  };
  /** diagnostics and post tests stop after this many questions at the latest */
  assessment: { maxQuestions: number };
  crawl: {
    /** lower-cased `host` (every port) or `host:port` entries exempt from the special-purpose address and port refusals */
    allowedHosts: string[];
    maxBytes: number;
    timeoutMs: number;
  };
  /** the media library's bytes (local disk or a bucket), the secret of its signed URLs and the largest upload */
  media: {
    dir: string;
    urlSecret: string;
    uploadMaxBytes: number;
    /** the longest upload, by its measured stream length */
    uploadMaxSeconds: number;
    /** seconds between sweeps of orphaned media bytes (MediaSweeper); 0: off */
    sweepSeconds: number;
    storage: 'local' | 's3';
    s3?: S3Config;
    /** fault drills only (never in production): writes fail with ENOSPC while this file exists */
    faultEnospcFile?: string;
  };
  /** ffmpeg for speech and video: FFMPEG_PATH, else PATH, else the npm package's binary (media/speech/ffmpeg.ts) */
  ffmpegPath?: string;
  /** engine runs' time limits: a factor on each (from the audio's length), and the cap of a video render */
  mediaTimeLimits: { factor: number; renderMaxSeconds: number };
  /** without an ElevenLabs key, requests for `elevenlabs` fall back to the local engine */
  speech: {
    elevenLabs?: { apiKey: string; baseUrl?: string };
    /** one user's single-section requests (each may run an engine) per minute and per hour */
    sectionLimits: { perMinute: number; perHour: number };
  };
  /** PUT /api/test/clock (admin) shifts the challenge clock of this API process; never in production */
  testClock: boolean;
  /**
   * The key that signs certificates: CERTIFICATE_SIGNING_KEY, required in production; unset elsewhere,
   * generated on first start and kept in `keyFile` (.data/issuer-key.json) so restarts keep it.
   */
  certificates: { signingKey?: Ed25519PrivateJwk; keyFile: string };
  /** GET /metrics: the public route's bearer token (unset: 404), the API's loopback port, a worker's own port */
  metrics: { token?: string; port?: number; workerPort?: number; workerHost: string };
  /** the queues this worker process runs (WORKER_QUEUES) */
  workerQueues: QueueName[];
  /** npm run backup / restore */
  backup: { passphrase?: string; pgDump?: string; pgRestore?: string };
}

/** An Ed25519 private key as a JWK (RFC 8037): `x` is the public key, `d` the private one. */
export interface Ed25519PrivateJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  d: string;
}

/**
 * Reads an Ed25519 private JWK from JSON text, or says what is wrong with it: the public half (`x`)
 * must belong to the private one (`d`), so a key pasted from two different places fails at boot.
 */
export function parseEd25519PrivateJwk(text: string): Ed25519PrivateJwk | string {
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    return 'must be an Ed25519 private JWK as JSON ({"kty":"OKP","crv":"Ed25519","x":…,"d":…})';
  }
  const j = jwk as Partial<Record<keyof Ed25519PrivateJwk, unknown>>;
  const b64url = /^[A-Za-z0-9_-]{43}$/;
  if (
    typeof jwk !== 'object' ||
    jwk === null ||
    j.kty !== 'OKP' ||
    j.crv !== 'Ed25519' ||
    typeof j.x !== 'string' ||
    typeof j.d !== 'string' ||
    !b64url.test(j.x) ||
    !b64url.test(j.d)
  ) {
    return 'must be an Ed25519 private JWK with kty "OKP", crv "Ed25519", x and d';
  }
  const key = { kty: 'OKP' as const, crv: 'Ed25519' as const, x: j.x, d: j.d };
  try {
    const publicJwk = createPublicKey(createPrivateKey({ key, format: 'jwk' })).export({ format: 'jwk' });
    if (publicJwk.x !== key.x) return 'x is not the public key of d';
  } catch {
    return 'is not a usable Ed25519 key';
  }
  return key;
}

/** The repository root: the nearest folder above this file with our package.json. */
export function findAppRoot(start = __dirname): string {
  let dir = start;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if (JSON.parse(readFileSync(pkg, 'utf8')).name === 'adaptive-learning-platform') return dir;
      } catch {
        /* not ours; keep walking */
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export class ConfigError extends Error {}

/** A listen address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && e.TEST_CLOCK) {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_CLOCK: never in production (it lets an admin move the challenge clock)',
    );
  }
  if (isProduction && e.MEDIA_FAULT_ENOSPC_FILE) {
    throw new ConfigError(
      'Invalid configuration:\n  MEDIA_FAULT_ENOSPC_FILE: never in production (it makes media writes fail on purpose)',
    );
  }
  if (isProduction && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production');
  }
  if (isProduction && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: required in production');
  }
  if (isProduction && !e.SMTP_URL && !e.MAIL_OUTBOX) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: required in production (or MAIL_OUTBOX=true to write mails, with their links, to MAIL_DIR)',
    );
  }
  if (isProduction && !e.MEDIA_URL_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  MEDIA_URL_SECRET: required in production (at least 32 characters)',
    );
  }
  if (isProduction && !e.CERTIFICATE_SIGNING_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  CERTIFICATE_SIGNING_KEY: required in production (an Ed25519 private JWK as JSON; see README, Certificates)',
    );
  }
  const signingKey = e.CERTIFICATE_SIGNING_KEY ? parseEd25519PrivateJwk(e.CERTIFICATE_SIGNING_KEY) : undefined;
  if (typeof signingKey === 'string') {
    throw new ConfigError(`Invalid configuration:\n  CERTIFICATE_SIGNING_KEY: ${signingKey}`);
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET && isProduction) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY in production',
    );
  }
  if (e.MEDIA_STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required with MEDIA_STORAGE=s3');
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK then finds credentials itself)',
    );
  }
  const appRoot = findAppRoot();
  const stripeBase = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const jwtSecret = e.JWT_SECRET ?? `dev-only-secret:${e.DATABASE_URL}`.padEnd(32, '.');
  return {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    appRoot,
    databaseUrl: e.DATABASE_URL,
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    auth: {
      // Outside production a missing secret is derived from the database URL so that
      // every API and worker process of one local installation agrees on it.
      jwtSecret,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
      sessionAbsoluteTtlSeconds: e.SESSION_ABSOLUTE_TTL_SECONDS,
      refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
      verifyTokenTtlSeconds: e.VERIFY_TOKEN_TTL_SECONDS,
      resetTokenTtlSeconds: e.RESET_TOKEN_TTL_SECONDS,
      secureCookies: publicUrl.startsWith('https://'),
    },
    rateLimit: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
      resetPerIp: e.RATE_LIMIT_RESET_PER_IP,
      resetPerAccount: e.RATE_LIMIT_RESET_PER_ACCOUNT,
    },
    trustProxy: e.TRUST_PROXY,
    contentMigrationTestDelayMs: isProduction ? 0 : e.CONTENT_MIGRATION_TEST_DELAY_MS,
    videoRenderTestDelayMs: isProduction ? 0 : e.VIDEO_RENDER_TEST_DELAY_MS,
    jobWaitMs: e.JOB_WAIT_MS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      dir: resolve(appRoot, e.MAIL_DIR ?? '.data/mail'),
      // reset and verification links are secrets: logged only on a developer's machine
      logLinks: !isProduction,
    },
    apiDocs: !isProduction || e.API_DOCS,
    demoPassword: e.DEMO_PASSWORD,
    log: { level: e.LOG_LEVEL, pretty: e.LOG_PRETTY },
    ui: {
      serve: e.SERVE_UI,
      learnerDist: join(appRoot, 'learner-ui', 'dist'),
      adminDist: join(appRoot, 'admin-ui', 'dist'),
    },
    payments: {
      provider: e.STRIPE_SECRET_KEY ? 'stripe' : 'dev',
      receiptSweepSeconds: e.RECEIPT_SWEEP_SECONDS,
      devAllowed: !isProduction && (isLoopbackHost(e.HOST) || e.ALLOW_DEV_PAYMENTS),
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: stripeBase
              ? {
                  host: stripeBase.hostname,
                  port: Number(stripeBase.port || (stripeBase.protocol === 'https:' ? 443 : 80)),
                  protocol: stripeBase.protocol === 'https:' ? 'https' : 'http',
                }
              : undefined,
          }
        : undefined,
    },
    tutor: {
      llm: e.LLM_BASE_URL
        ? {
            baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.LLM_API_KEY || undefined,
            model: e.LLM_MODEL,
            timeoutMs: e.LLM_TIMEOUT_MS,
          }
        : undefined,
      rateLimitPerMinute: e.TUTOR_RATE_LIMIT_PER_MINUTE,
    },
    assessment: { maxQuestions: e.QUIZ_MAX_QUESTIONS },
    crawl: {
      allowedHosts: e.CRAWL_ALLOWED_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      maxBytes: e.CRAWL_MAX_BYTES,
      timeoutMs: e.CRAWL_TIMEOUT_MS,
    },
    // a bare name ("ffmpeg") is looked up on PATH; a path is relative to the app root
    ffmpegPath: e.FFMPEG_PATH?.includes('/') ? resolve(appRoot, e.FFMPEG_PATH) : e.FFMPEG_PATH,
    mediaTimeLimits: { factor: e.MEDIA_TIME_LIMIT_FACTOR, renderMaxSeconds: e.RENDER_MAX_SECONDS },
    speech: {
      elevenLabs: e.ELEVENLABS_API_KEY
        ? { apiKey: e.ELEVENLABS_API_KEY, baseUrl: e.ELEVENLABS_BASE_URL?.replace(/\/+$/, '') }
        : undefined,
      sectionLimits: { perMinute: e.TTS_SECTION_LIMIT_PER_MINUTE, perHour: e.TTS_SECTION_LIMIT_PER_HOUR },
    },
    media: {
      dir: resolve(appRoot, e.MEDIA_DIR ?? '.data/media'),
      // Outside production derived from the JWT secret (itself derived there), so every API process of
      // one installation agrees; a separate key, so a leaked media URL says nothing about tokens.
      urlSecret: e.MEDIA_URL_SECRET ?? createHmac('sha256', jwtSecret).update('media-url-secret').digest('base64url'),
      uploadMaxBytes: e.MEDIA_UPLOAD_MAX_BYTES,
      uploadMaxSeconds: e.MEDIA_UPLOAD_MAX_SECONDS,
      sweepSeconds: e.MEDIA_SWEEP_SECONDS,
      storage: e.MEDIA_STORAGE,
      faultEnospcFile: e.MEDIA_FAULT_ENOSPC_FILE ? resolve(appRoot, e.MEDIA_FAULT_ENOSPC_FILE) : undefined,
      s3:
        e.MEDIA_STORAGE === 's3'
          ? {
              endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
              region: e.S3_REGION,
              bucket: e.S3_BUCKET!,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            }
          : undefined,
    },
    testClock: e.TEST_CLOCK,
    certificates: { signingKey, keyFile: join(appRoot, '.data', 'issuer-key.json') },
    metrics: {
      token: e.METRICS_TOKEN,
      port: e.METRICS_PORT,
      workerPort: e.WORKER_METRICS_PORT,
      workerHost: e.WORKER_METRICS_HOST,
    },
    workerQueues: e.WORKER_QUEUES,
    backup: { passphrase: e.BACKUP_PASSPHRASE, pgDump: e.PG_DUMP_PATH, pgRestore: e.PG_RESTORE_PATH },
  };
}

/**
 * The queues this worker process runs (WORKER_QUEUES). Read when the worker module is declared, before
 * Nest boots (a processor is registered or not at declaration), so this parses only its own setting; a bad
 * value falls back to every queue here and loadConfig stops the process at boot with the usual message.
 */
export function workerQueues(env: NodeJS.ProcessEnv = process.env): QueueName[] {
  const parsed = z.preprocess(dropEmpty, workerQueuesSchema).safeParse(env);
  return parsed.success ? parsed.data.WORKER_QUEUES : ALL_QUEUES;
}

/** argon2id's cost: OWASP's baseline (19 MiB, 2 iterations, 1 lane). */
export const OWASP_PASSWORD_HASH_COST = { memoryCost: 19456, timeCost: 2 } as const;

/**
 * The cost passwords are hashed at: OWASP's baseline, except under NODE_ENV=test with PASSWORD_HASH_CHEAP=true
 * (the e2e tier signs up hundreds of users, and each hash took half a second on a loaded CI machine), where it
 * is argon2id's cheapest (1 MiB, 1 iteration). Never in development or production, whatever the setting says.
 * Read at each hash (a test file may set it before it signs anyone up); a stored hash carries its own cost.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env): { memoryCost: number; timeCost: number } {
  const schema = z.object({ NODE_ENV: z.string().default('production'), PASSWORD_HASH_CHEAP: bool.default('false') });
  const parsed = z.preprocess(dropEmpty, schema).safeParse(env);
  const cheap = parsed.success && parsed.data.PASSWORD_HASH_CHEAP && parsed.data.NODE_ENV === 'test';
  return cheap ? { memoryCost: 1024, timeCost: 1 } : OWASP_PASSWORD_HASH_COST;
}

/**
 * Whether PUT /api/test/clock is mounted. Read when the challenges module is declared, before Nest boots
 * (a controller is mounted or not at declaration), so this parses only its own settings; loadConfig, which
 * checks the same settings, stops a production process that asks for it at boot.
 */
export function testClockEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const schema = z.object({ NODE_ENV: z.string().default('production'), TEST_CLOCK: bool.default('false') });
  const parsed = z.preprocess(dropEmpty, schema).safeParse(env);
  return parsed.success && parsed.data.TEST_CLOCK && parsed.data.NODE_ENV !== 'production';
}

/**
 * The lock and stalled-check settings of every BullMQ worker, plus a name saying which process ran a
 * job (BullMQ stores it on the job as `processedBy`). Read when the processors are declared, before
 * Nest boots, so this parses only its own settings; a bad value falls back to the defaults here and
 * loadConfig, which checks the same schema, stops the process at boot with the usual message.
 */
export function queueWorkerOptions(env: NodeJS.ProcessEnv = process.env): {
  lockDuration: number;
  stalledInterval: number;
  name: string;
} {
  const parsed = z.preprocess(dropEmpty, queueWorkerSchema).safeParse(env);
  const e = parsed.success ? parsed.data : queueWorkerSchema.parse({});
  return {
    lockDuration: e.QUEUE_LOCK_DURATION_MS,
    stalledInterval: e.QUEUE_STALLED_INTERVAL_MS,
    name: `${hostname()}:${process.pid}`,
  };
}
