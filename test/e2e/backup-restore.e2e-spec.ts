import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { loadConfig } from '../../src/config/config';
import { backupInstallation } from '../../src/database/backup/backup';
import { installationSecrets } from '../../src/database/backup/backup.cli';
import { type BackupManifest, WrongPassphraseError } from '../../src/database/backup/backup-format';
import { BackupRefused, restoreInstallation } from '../../src/database/backup/restore';
import { CertificatesService } from '../../src/modules/challenges/certificates/certificates.service';
import { Ffmpeg } from '../../src/modules/media/speech/ffmpeg';
import { LocalDiskStorage, MEDIA_STORAGE, type MediaStorage } from '../../src/modules/media/storage/media-storage';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { Harness, type TestUser } from '../support/harness';

/**
 * Backup and restore, proven (issue 30): an installation filled through the API (learners who bought a course,
 * answered checks, wrote notes and bookmarks, enrolled in a challenge and hold certificates, one of them revoked;
 * an uploaded video) is backed up with its secrets encrypted, restored into a new, empty database and media
 * folder, and a second API booted on the restored data with the secrets restore wrote out. Every learner's
 * state reads the same through the API, with the same access tokens, and every certificate still verifies.
 */

const SUBJECT = 'vagus-nerve';
const CHALLENGE = 'vagus-breath-7';
const PASSPHRASE = 'correct horse battery staple';

interface Learner extends TestUser {
  certificateId: string;
}

let h: Harness;
let restored: Harness;
let learners: Learner[];
let backupDir: string;
let restoredDbUrl: string;
let manifest: BackupManifest;
let before: Record<string, unknown>;
let after: Record<string, unknown>;
let secretsFile: string;
let videoFile: string;
let restoredMedia: string;
const created: string[] = [];

function dbUrl(name: string): string {
  const u = new URL(loadConfig().databaseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const db = new Client({ connectionString: loadConfig().databaseUrl });
  await db.connect();
  try {
    await db.query(sql);
  } finally {
    await db.end();
  }
}

/** A new, empty database beside this file's; dropped after the file. */
async function emptyDatabase(tag: string): Promise<string> {
  const name = `${new URL(loadConfig().databaseUrl).pathname.slice(1)}_${tag}`.slice(0, 63);
  await adminQuery(`create database "${name}"`);
  created.push(name);
  return dbUrl(name);
}

/** Everything a learner sees of their own state, as the API answers it. */
async function stateOf(api: Harness, u: Learner): Promise<Record<string, unknown>> {
  const token = u.token;
  const read = async (url: string) => {
    const res = await api.get(url, { token });
    return { status: res.status, body: res.body };
  };
  const certificate = await api.get<{ verification: unknown; snapshot: unknown }>(
    `/api/certificates/${u.certificateId}`,
  );
  const credential = await api.get<string>(`/api/certificates/${u.certificateId}/credential`);
  const verified = await api.post('/api/certificates/verify', { credential: credential.body });
  return {
    session: await read('/api/auth/session'),
    profile: await read('/api/me/profile'),
    entitlements: await read('/api/entitlements'),
    purchases: await read('/api/purchases'),
    notes: await read('/api/notes'),
    bookmarks: await read(`/api/bookmarks?subjectId=${SUBJECT}`),
    mastery: await read(`/api/users/me/mastery?subjectId=${SUBJECT}`),
    path: await read(`/api/users/me/path?subjectId=${SUBJECT}`),
    practice: await read(`/api/practice/stats?subjectId=${SUBJECT}`),
    progress: await read(`/api/me/challenges/${CHALLENGE}/progress`),
    myCertificates: await read('/api/me/certificates'),
    certificate: {
      status: certificate.status,
      verification: certificate.body.verification,
      snapshot: certificate.body.snapshot,
    },
    verified: { status: verified.status, body: verified.body },
  };
}

/** The media library's files of the subject, as Studio lists them. */
async function mediaFiles(api: Harness, token: string): Promise<string> {
  const list = await api.get<{ path: string; size: number }[]>(
    `/api/admin/media?filter=${encodeURIComponent(JSON.stringify({ subjectId: SUBJECT }))}`,
    { token },
  );
  return JSON.stringify(list.body.map((m) => `${m.path} ${m.size}`).sort());
}

async function fill(): Promise<void> {
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  const admin = await h.demoToken('admin');
  const checks = await h.sql<{ id: string; node_id: string; correct: string }>(
    `select id, node_id, correct from quiz_items where subject_id = ? and use = 'check' order by node_id, position, id limit 4`,
    [SUBJECT],
  );
  learners = [];
  for (let i = 0; i < 3; i++) {
    const u = await h.learnerWith(SUBJECT, `backup-${i}`);
    expect((await h.put('/api/me/profile', { name: `Restored Learner ${i}` }, { token: u.token })).status).toBe(200);
    expect(
      (
        await h.post(
          '/api/notes',
          { subjectId: SUBJECT, nodeId: 'vn-anatomy', text: `note ${i}: "quoted", ünïcode, \\ and \t tab` },
          { token: u.token },
        )
      ).status,
    ).toBe(201);
    expect(
      (await h.post('/api/bookmarks', { subjectId: SUBJECT, nodeId: 'vn-anatomy' }, { token: u.token })).status,
    ).toBe(201);
    for (const c of checks.slice(0, i + 1)) {
      const res = await h.post(
        `/api/checks/${c.node_id}/answers`,
        { subjectId: SUBJECT, questionId: c.id, answer: c.correct },
        { token: u.token },
      );
      expect(res.status).toBe(200);
    }
    const enrolled = await h.post(
      `/api/challenges/${CHALLENGE}/enroll`,
      { startLocalDate: new Date().toISOString().slice(0, 10), timezone: 'UTC', dailyUnlockLocalTime: '00:00' },
      { token: u.token },
    );
    expect(enrolled.status).toBeLessThan(300);
    // Issued through the service the challenges module calls once every day is passed.
    const issued = await h.app.get(CertificatesService).issueIfNotIssued(u.id, CHALLENGE);
    learners.push({ ...u, certificateId: issued!.id });
  }
  const revoked = await h.post(
    `/api/admin/certificates/${learners[2].certificateId}/revoke`,
    { reason: 'Revoked before the backup' },
    { token: admin },
  );
  expect(revoked.status).toBe(200);

  const dir = mkdtempSync(join(tmpdir(), 'lp-backup-clip-'));
  const clip = join(dir, 'clip.mp4');
  execFileSync(Ffmpeg.locate().binary, [
    ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=160x120:d=1'],
    ...['-f', 'lavfi', '-i', 'sine=d=1', '-shortest', '-c:v', 'libx264', '-c:a', 'aac', clip],
  ]);
  const boundary = 'lp-backup-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="subjectId"\r\n\r\n${SUBJECT}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="restored.mp4"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    readFileSync(clip),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await h.request<{ path: string; name: string }>('POST', '/api/admin/media', {
    body,
    token: await h.demoToken('studio'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(uploaded.status).toBe(201);
  videoFile = uploaded.body.name;
  rmSync(dir, { recursive: true, force: true });
}

async function snapshot(api: Harness): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const u of learners) out[u.email] = await stateOf(api, u);
  out.media = await mediaFiles(api, await api.demoToken('studio'));
  return out;
}

beforeAll(async () => {
  h = await Harness.boot();
  await fill();
  before = await snapshot(h);

  const config = loadConfig();
  backupDir = mkdtempSync(join(tmpdir(), 'lp-backup-'));
  manifest = await backupInstallation({
    databaseUrl: config.databaseUrl,
    storage: h.app.get<MediaStorage>(MEDIA_STORAGE),
    storageKind: 'local',
    out: join(backupDir, 'full'),
    // the test server's major has no matching pg_dump on most machines: the portable method, always
    method: 'copy',
    secrets: installationSecrets(config),
    passphrase: PASSPHRASE,
  });

  restoredDbUrl = await emptyDatabase('restored');
  restoredMedia = mkdtempSync(join(tmpdir(), 'lp-restored-media-'));
  secretsFile = join(backupDir, 'restored-secrets.env');
  const report = await restoreInstallation({
    databaseUrl: restoredDbUrl,
    storage: new LocalDiskStorage(restoredMedia),
    from: join(backupDir, 'full'),
    passphrase: PASSPHRASE,
    secretsOut: secretsFile,
    currentSecrets: { JWT_SECRET: 'another', MEDIA_URL_SECRET: 'another', CERTIFICATE_SIGNING_KEY: '' },
  });
  expect(report.secretsWritten).toBe(secretsFile);

  // A second installation: the restored database and media folder, its own Redis prefix (nothing cached from the
  // first), and the secrets restore wrote out.
  const keys = [
    'DATABASE_URL',
    'MEDIA_DIR',
    'REDIS_PREFIX',
    'JWT_SECRET',
    'MEDIA_URL_SECRET',
    'CERTIFICATE_SIGNING_KEY',
  ];
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  try {
    process.env.DATABASE_URL = restoredDbUrl;
    process.env.MEDIA_DIR = restoredMedia;
    process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}-restored`;
    for (const line of readFileSync(secretsFile, 'utf8').split('\n').filter(Boolean)) {
      const eq = line.indexOf('=');
      process.env[line.slice(0, eq)] = line.slice(eq + 1);
    }
    restored = await Harness.boot({ worker: false });
  } finally {
    for (const k of keys) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  }
  after = await snapshot(restored);
}, 240_000);

afterAll(async () => {
  await restored?.close();
  await h?.close();
  for (const name of created) await adminQuery(`drop database if exists "${name}" with (force)`);
  if (backupDir) rmSync(backupDir, { recursive: true, force: true });
});

it('restores every learner’s state as the API reads it, with the same access tokens', () => {
  expect(Object.keys(before)).toHaveLength(learners.length + 1);
  for (const u of learners) {
    const b = before[u.email] as Record<string, { status: number }>;
    // the reads themselves worked before the backup: a comparison of two refusals would prove nothing
    for (const [what, read] of Object.entries(b)) expect(`${what} ${read.status}`).toBe(`${what} 200`);
    expect((b.notes as unknown as { body: unknown[] }).body).toHaveLength(1);
    expect((b.entitlements as unknown as { body: unknown[] }).body.length).toBeGreaterThan(0);
  }
  expect(after).toEqual(before);
});

it('keeps every certificate verifiable, and a revoked one revoked', () => {
  for (const [i, u] of learners.entries()) {
    const state = after[u.email] as { verified: { body: { signatureValid: boolean; revoked: boolean } } };
    expect(state.verified.body).toMatchObject({ signatureValid: true, revoked: i === 2 });
  }
});

it('restores the media objects byte for byte', () => {
  expect(after.media).toContain(`/${videoFile} `);
  const video = manifest.media.objects.filter((o) => o.key.endsWith(`/${videoFile}`));
  expect(video).toHaveLength(1);
  expect(video[0].size).toBeGreaterThan(1000);
  for (const o of manifest.media.objects) {
    const bytes = readFileSync(join(restoredMedia, ...o.key.split('/')));
    expect(`${o.key} ${createHash('sha256').update(bytes).digest('hex')}`).toBe(`${o.key} ${o.sha256}`);
  }
});

it('writes a manifest of sizes and hashes, row counts, and the secrets only encrypted', () => {
  expect(manifest.database.method).toBe('copy');
  expect(manifest.database.tables.find((t) => t.name === 'users')!.rows).toBeGreaterThanOrEqual(learners.length);
  expect(manifest.files.map((f) => f.path)).toContain('secrets.enc');
  expect(manifest.secrets.map((s) => s.name)).toEqual(['JWT_SECRET', 'MEDIA_URL_SECRET', 'CERTIFICATE_SIGNING_KEY']);
  const raw = readFileSync(join(backupDir, 'full', 'secrets.enc'), 'utf8');
  expect(raw).not.toContain(loadConfig().auth.jwtSecret);
  expect(readFileSync(secretsFile, 'utf8')).toContain(`JWT_SECRET=${loadConfig().auth.jwtSecret}\n`);
});

it('refuses a damaged backup before touching the database', async () => {
  const damaged = join(backupDir, 'damaged');
  cpSync(join(backupDir, 'full'), damaged, { recursive: true });
  const users = join(damaged, 'database', 'users.copy.gz');
  const bytes = readFileSync(users);
  bytes[bytes.length - 5] ^= 0xff;
  writeFileSync(users, bytes);
  const target = await emptyDatabase('damaged');
  await expect(
    restoreInstallation({
      databaseUrl: target,
      storage: new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'lp-restored-media-'))),
      from: damaged,
      currentSecrets: installationSecrets(loadConfig()),
    }),
  ).rejects.toThrow(
    new BackupRefused('The backup is damaged: database/users.copy.gz is not the file the manifest lists'),
  );
  const db = new Client({ connectionString: target });
  await db.connect();
  const { rows } = await db.query(
    `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
  );
  await db.end();
  expect(rows).toEqual([{ n: 0 }]);
});

it('refuses to restore over a database that holds data, and opens the secrets only with the passphrase', async () => {
  await expect(
    restoreInstallation({
      databaseUrl: restoredDbUrl,
      storage: new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'lp-restored-media-'))),
      from: join(backupDir, 'full'),
      currentSecrets: installationSecrets(loadConfig()),
    }),
  ).rejects.toThrow(/^The database is not empty \(\d+ tables\): restore fills a new, empty database$/);
  await expect(
    restoreInstallation({
      databaseUrl: await emptyDatabase('wrongpass'),
      storage: new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'lp-restored-media-'))),
      from: join(backupDir, 'full'),
      passphrase: 'not the passphrase at all',
      secretsOut: join(backupDir, 'wrong.env'),
      currentSecrets: installationSecrets(loadConfig()),
    }),
  ).rejects.toThrow(WrongPassphraseError);
});
