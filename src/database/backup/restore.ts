import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip } from 'node:zlib';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { MediaStorage } from '../../modules/media/storage/media-storage';
import { runMigrations } from '../cli';
import { MIGRATIONS } from '../migrations';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  fingerprint,
  loadOrder,
  MANIFEST,
  SECRET_EFFECT,
  type SecretName,
  SECRETS_FILE,
  sha256OfFile,
  unseal,
} from './backup-format';
import { clientMajor, publicTables, quoteIdent } from './backup';

const execFileP = promisify(execFile);
const MIGRATIONS_TABLE = 'mikro_orm_migrations';

export interface RestoreOptions {
  databaseUrl: string;
  storage: MediaStorage;
  /** the backup folder */
  from: string;
  /** BACKUP_PASSPHRASE: opens the backup's secrets */
  passphrase?: string;
  /** where the opened secrets are written (mode 600); default: restored-secrets.env in the backup folder */
  secretsOut?: string;
  /** the secrets this installation runs with, compared with the backup's */
  currentSecrets: Record<SecretName, string>;
  /** pg_restore to use (PG_RESTORE_PATH); default: the one on PATH */
  pgRestore?: string;
  log?: (line: string) => void;
}

export interface RestoreReport {
  tables: number;
  rows: number;
  mediaObjects: number;
  /** migrations newer than the backup, applied after its data was loaded */
  migratedAfter: string[];
  secretsWritten: string | null;
  /** secrets of this installation that differ from the backup's, and what that means */
  secretsDiffer: { name: SecretName; effect: string }[];
}

export class BackupRefused extends Error {}

/** The manifest, after every file it lists was found with its size and sha256: nothing is touched before. */
export async function readVerifiedManifest(from: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(from, MANIFEST), 'utf8')) as BackupManifest;
  } catch (err) {
    throw new BackupRefused(`${join(from, MANIFEST)} cannot be read: ${(err as Error).message}`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupRefused(`${from} is not a backup this version reads (format ${String(manifest.format)})`);
  }
  for (const f of manifest.files) {
    const path = join(from, ...f.path.split('/'));
    const size = await stat(path).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) throw new BackupRefused(`The backup is incomplete: ${f.path} is missing`);
    if (size !== f.size || (await sha256OfFile(path)) !== f.sha256) {
      throw new BackupRefused(`The backup is damaged: ${f.path} is not the file the manifest lists`);
    }
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const o of manifest.media.objects) {
    if (!listed.has(`media/${o.key}`)) throw new BackupRefused(`The backup is incomplete: media/${o.key} is missing`);
  }
  return manifest;
}

/**
 * Fills an empty installation from a backup: the database (brought to the backup's schema by the migrations
 * it had, then its rows, then any newer migration), every media object (each put checked against its sha256),
 * and, with the passphrase, the secrets written out for the operator to install.
 */
export async function restoreInstallation(o: RestoreOptions): Promise<RestoreReport> {
  const log = o.log ?? (() => undefined);
  const manifest = await readVerifiedManifest(o.from);
  const known = new Set(MIGRATIONS.map((m) => m.name));
  const unknown = manifest.database.migrations.filter((m) => !known.has(m));
  if (unknown.length) {
    throw new BackupRefused(`This backup was made by a newer version (migrations ${unknown.join(', ')}): update first`);
  }

  // The passphrase is tried first: a wrong one stops the restore before anything is written.
  let secretsWritten: string | null = null;
  let secretsEnv: string | null = null;
  let secrets: Partial<Record<SecretName, string>> = o.currentSecrets;
  if (manifest.secretsEncrypted && o.passphrase) {
    secretsEnv = await unseal(await readFile(join(o.from, SECRETS_FILE), 'utf8'), o.passphrase);
    secrets = Object.fromEntries(
      secretsEnv
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
  }

  const db = new Client({ connectionString: o.databaseUrl, application_name: 'lp-restore' });
  await db.connect();
  let rows = 0;
  try {
    const existing = await db.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = 'public'`,
    );
    if (Number(existing.rows[0].n) > 0) {
      throw new BackupRefused(
        `The database is not empty (${existing.rows[0].n} tables): restore fills a new, empty database`,
      );
    }
    if (manifest.database.method === 'pg_dump') {
      const pgRestore = o.pgRestore ?? 'pg_restore';
      const major = await clientMajor(pgRestore);
      const dumped = Number(manifest.database.serverVersion.split('.')[0]);
      if (major === null || major < dumped) {
        throw new BackupRefused(
          `This backup was made with pg_dump of PostgreSQL ${dumped}: restoring it needs pg_restore ${dumped} or later ` +
            `(${major === null ? 'none found' : `found ${major}`}; PG_RESTORE_PATH names it)`,
        );
      }
      await execFileP(
        pgRestore,
        [
          '--no-owner',
          '--no-acl',
          '--exit-on-error',
          `--dbname=${o.databaseUrl}`,
          join(o.from, manifest.database.dumpFile!),
        ],
        { timeout: 60 * 60 * 1000 },
      );
      log(`database: pg_restore ${major} loaded ${manifest.database.dumpFile}`);
    } else {
      rows = await loadCopies(db, manifest, o.from, o.databaseUrl, log);
    }
  } finally {
    await db.end().catch(() => undefined);
  }
  const migratedAfter = await runMigrations(o.databaseUrl);
  if (migratedAfter.length) log(`database: then applied the newer migrations ${migratedAfter.join(', ')}`);

  for (const obj of manifest.media.objects) {
    const stored = await o.storage.put(obj.key, join(o.from, 'media', ...obj.key.split('/')));
    if (stored.sha256 !== obj.sha256 || stored.size !== obj.size) {
      throw new Error(
        `media ${obj.key}: stored ${stored.size} bytes (sha256 ${stored.sha256}), the backup has ${obj.size}`,
      );
    }
  }
  log(`media: ${manifest.media.objects.length} objects restored`);

  if (secretsEnv !== null) {
    secretsWritten = o.secretsOut ?? join(o.from, 'restored-secrets.env');
    await writeFile(secretsWritten, secretsEnv, { mode: 0o600 });
    log(`secrets: written to ${secretsWritten}; start the API and workers with them`);
  }
  const secretsDiffer = manifest.secrets
    .filter((s) => fingerprint(secrets[s.name] ?? '') !== s.fingerprint)
    .map((s) => ({ name: s.name, effect: SECRET_EFFECT[s.name] }));
  return {
    tables: manifest.database.tables.length,
    rows,
    mediaObjects: manifest.media.objects.length,
    migratedAfter,
    secretsWritten,
    secretsDiffer,
  };
}

/**
 * The copy method: the migrations the backup had make the schema; in one transaction, the rows those
 * migrations inserted are dropped and every table is loaded from its file, parents before children, row
 * counts compared with the manifest, and every sequence moved past the largest id loaded.
 */
async function loadCopies(
  db: Client,
  manifest: BackupManifest,
  from: string,
  databaseUrl: string,
  log: (line: string) => void,
): Promise<number> {
  const last = manifest.database.migrations.at(-1);
  if (last) await runMigrations(databaseUrl, { to: last });
  const schema = await publicTables(db);
  const names = new Set(schema.map((t) => t.name));
  const missing = manifest.database.tables.filter((t) => !names.has(t.name)).map((t) => t.name);
  if (missing.length) throw new Error(`the backup's tables ${missing.join(', ')} are not in the migrated schema`);
  const references = (
    await db.query<{ from: string; to: string }>(
      `select cl.relname as "from", ref.relname as "to"
         from pg_constraint c
         join pg_class cl on cl.oid = c.conrelid
         join pg_class ref on ref.oid = c.confrelid
         join pg_namespace n on n.oid = cl.relnamespace
        where c.contype = 'f' and n.nspname = 'public'`,
    )
  ).rows;
  const tables = manifest.database.tables.filter((t) => t.name !== MIGRATIONS_TABLE);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const order = loadOrder(
    tables.map((t) => t.name),
    references,
  );
  let rows = 0;
  await db.query('begin');
  try {
    const applied = (await db.query<{ name: string }>(`select name from ${MIGRATIONS_TABLE} order by id`)).rows.map(
      (r) => r.name,
    );
    if (applied.join() !== manifest.database.migrations.join()) {
      throw new Error(`the migrated schema (${applied.length} migrations) is not the backup's`);
    }
    const others = schema.map((t) => t.name).filter((t) => t !== MIGRATIONS_TABLE);
    if (others.length) await db.query(`truncate ${others.map((t) => `public.${quoteIdent(t)}`).join(', ')} cascade`);
    for (const name of order) {
      const t = byName.get(name)!;
      const cols = t.columns.map(quoteIdent).join(', ');
      await pipeline(
        createReadStream(join(from, ...t.file!.split('/'))),
        createGunzip(),
        db.query(copyFrom(`COPY public.${quoteIdent(name)} (${cols}) FROM STDIN`)),
      );
      const { rows: counted } = await db.query<{ n: string }>(`select count(*) as n from public.${quoteIdent(name)}`);
      if (Number(counted[0].n) !== t.rows) {
        throw new Error(`table ${name}: loaded ${counted[0].n} rows, the backup has ${t.rows}`);
      }
      rows += t.rows;
    }
    const sequences = (
      await db.query<{ table_name: string; column_name: string; seq: string }>(
        `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
           from information_schema.columns
          where table_schema = 'public' and table_name <> $1
            and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
        [MIGRATIONS_TABLE],
      )
    ).rows;
    for (const s of sequences) {
      await db.query(
        `select setval($1, coalesce((select max(${quoteIdent(s.column_name)}) from public.${quoteIdent(s.table_name)}), 1),
                (select max(${quoteIdent(s.column_name)}) from public.${quoteIdent(s.table_name)}) is not null)`,
        [s.seq],
      );
    }
    await db.query('commit');
  } catch (err) {
    await db.query('rollback').catch(() => undefined);
    throw err;
  }
  log(`database: ${order.length} tables, ${rows} rows loaded`);
  return rows;
}
