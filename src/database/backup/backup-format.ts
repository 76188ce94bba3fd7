import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt as scryptCb } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';

/**
 * What `npm run backup` writes beside the data, and `npm run restore` checks before it touches anything:
 * every file of the backup with its size and sha256, the database's tables with their row counts, the media
 * store's objects, and the secrets that make the data usable (fingerprints only; their values are in
 * `secrets.enc`, encrypted with BACKUP_PASSPHRASE, or must be kept alongside the backup).
 */
export const BACKUP_FORMAT = 'lp-backup/1';
export const MANIFEST = 'manifest.json';
export const SECRETS_FILE = 'secrets.enc';

export type DatabaseMethod = 'pg_dump' | 'copy';

export interface TableEntry {
  name: string;
  /** the columns in the order of the file (generated columns are not copied) */
  columns: string[];
  rows: number;
  /** the file under the backup folder (copy method) */
  file?: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: {
    method: DatabaseMethod;
    /** e.g. "17.6" */
    serverVersion: string;
    /** names of the migrations applied, oldest first: restore brings a new database to exactly this schema */
    migrations: string[];
    tables: TableEntry[];
    /** pg_dump's custom-format file (pg_dump method) */
    dumpFile?: string;
  };
  media: { storage: 'local' | 's3'; objects: { key: string; size: number; sha256: string }[] };
  /** every file of the backup but this manifest */
  files: { path: string; size: number; sha256: string }[];
  /** the secrets the data needs, by the first 16 hex digits of their sha256 */
  secrets: { name: SecretName; fingerprint: string }[];
  secretsEncrypted: boolean;
}

export const SECRET_NAMES = ['JWT_SECRET', 'MEDIA_URL_SECRET', 'CERTIFICATE_SIGNING_KEY'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** What each secret is for, in the words restore uses when the new installation's differs. */
export const SECRET_EFFECT: Record<SecretName, string> = {
  JWT_SECRET: 'every session is signed out (people sign in again)',
  MEDIA_URL_SECRET: 'media links handed out before stop working (new ones are signed with the new secret)',
  CERTIFICATE_SIGNING_KEY:
    'new certificates are signed with another key (earlier ones still verify: their public keys are in the database)',
};

export const fingerprint = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 16);

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

interface Sealed {
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  iv: string;
  tag: string;
  data: string;
}

/** AES-256-GCM under a key derived from the passphrase with scrypt: tampering or a wrong passphrase fail to open. */
export async function seal(plain: string, passphrase: string): Promise<string> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await scrypt(passphrase, salt, 32, SCRYPT);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const sealed: Sealed = {
    kdf: 'scrypt',
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
  return JSON.stringify(sealed);
}

export class WrongPassphraseError extends Error {
  constructor() {
    super('The secrets of this backup do not open with this passphrase (BACKUP_PASSPHRASE), or were altered');
  }
}

export async function unseal(text: string, passphrase: string): Promise<string> {
  const s = JSON.parse(text) as Sealed;
  const key = await scrypt(passphrase, Buffer.from(s.salt, 'base64'), 32, {
    N: s.N,
    r: s.r,
    p: s.p,
    maxmem: SCRYPT.maxmem,
  });
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(s.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(s.tag, 'base64'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(s.data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new WrongPassphraseError();
  }
}

/** Tables in an order where each comes after every table it references; a cycle cannot be loaded table by table. */
export function loadOrder(tables: string[], references: { from: string; to: string }[]): string[] {
  const pending = new Set(tables);
  const order: string[] = [];
  while (pending.size) {
    const ready = [...pending]
      .filter((t) => !references.some((r) => r.from === t && r.to !== t && pending.has(r.to)))
      .sort();
    if (!ready.length) {
      throw new Error(`tables reference each other in a cycle: ${[...pending].sort().join(', ')}`);
    }
    for (const t of ready) {
      order.push(t);
      pending.delete(t);
    }
  }
  return order;
}
