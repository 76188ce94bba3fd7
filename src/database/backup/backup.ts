import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { MediaStorage } from '../../modules/media/storage/media-storage';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  type DatabaseMethod,
  fingerprint,
  MANIFEST,
  SECRET_NAMES,
  type SecretName,
  SECRETS_FILE,
  seal,
  sha256OfFile,
  type TableEntry,
} from './backup-format';

const execFileP = promisify(execFile);

export interface BackupOptions {
  databaseUrl: string;
  storage: MediaStorage;
  storageKind: 'local' | 's3';
  /** an empty or missing folder */
  out: string;
  /** auto: pg_dump when one of the server's major version is found, else copy */
  method?: DatabaseMethod | 'auto';
  /** the secrets the data needs, as the running installation has them */
  secrets: Record<SecretName, string>;
  /** BACKUP_PASSPHRASE: when set, the secrets go into the backup, encrypted */
  passphrase?: string;
  /** pg_dump to use (PG_DUMP_PATH); default: the one on PATH */
  pgDump?: string;
  log?: (line: string) => void;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The major version of a `pg_dump`/`pg_restore` binary, or null when there is none. */
export async function clientMajor(binary: string): Promise<number | null> {
  try {
    const { stdout } = await execFileP(binary, ['--version'], { timeout: 10_000 });
    const m = /(\d+)(?:\.\d+)?/.exec(stdout.replace(/^[^)]*\)\s*/, ''));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

async function serverVersion(db: Client): Promise<{ text: string; major: number }> {
  const { rows } = await db.query<{ v: string; n: string }>(
    `select current_setting('server_version') as v, current_setting('server_version_num') as n`,
  );
  return { text: rows[0].v.split(' ')[0], major: Math.floor(Number(rows[0].n) / 10000) };
}

/** The application's tables (the public schema), with the columns COPY writes (generated ones are left out). */
export async function publicTables(db: Client): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await db.query<{ table_name: string; columns: string[] }>(
    `select c.table_name, array_agg(c.column_name::text order by c.ordinal_position) as columns
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      group by c.table_name
      order by c.table_name`,
  );
  return rows.map((r) => ({ name: r.table_name, columns: r.columns }));
}

/** Counts the newlines going through: in COPY's text format, one per row (newlines in values are escaped). */
function lineCounter(): { stream: Transform; lines: () => number } {
  let lines = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
      done(null, chunk);
    },
  });
  return { stream, lines: () => lines };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/**
 * Backs up one installation into `out`: the database, every object of the media store and a manifest of
 * sizes and hashes (plus the secrets, encrypted, when a passphrase is given).
 *
 * The database: with `pg_dump` (custom format) when one of the server's major version is at hand (the
 * production image ships it); otherwise by COPY of every table of the public schema, all in one
 * repeatable-read, read-only transaction, so the tables agree with each other as of one instant while the
 * installation keeps running. Media objects are read while the API runs too: an object written after the
 * database snapshot may be in the backup without a row (harmless), one removed after it may be missing (the
 * manifest's list is what was there).
 */
export async function backupInstallation(o: BackupOptions): Promise<BackupManifest> {
  const log = o.log ?? (() => undefined);
  await mkdir(o.out, { recursive: true });
  if ((await readdir(o.out)).length) throw new Error(`The backup folder ${o.out} is not empty`);

  const db = new Client({ connectionString: o.databaseUrl, application_name: 'lp-backup' });
  await db.connect();
  let database: BackupManifest['database'];
  try {
    const server = await serverVersion(db);
    const pgDump = o.pgDump ?? 'pg_dump';
    const dumpMajor = o.method === 'copy' ? null : await clientMajor(pgDump);
    const method: DatabaseMethod =
      o.method === 'pg_dump' || (o.method !== 'copy' && dumpMajor === server.major) ? 'pg_dump' : 'copy';
    if (method === 'pg_dump' && dumpMajor !== server.major) {
      throw new Error(
        `pg_dump ${dumpMajor ?? 'was not found'}${dumpMajor ? ' cannot dump' : ';'} PostgreSQL ${server.major}: ` +
          `install the client of that major (PG_DUMP_PATH names it) or back up with --method=copy`,
      );
    }
    log(`database: PostgreSQL ${server.text}, by ${method === 'pg_dump' ? `pg_dump ${dumpMajor}` : 'COPY'}`);
    await db.query('begin isolation level repeatable read read only');
    const migrations = (await db.query<{ name: string }>('select name from mikro_orm_migrations order by id')).rows.map(
      (r) => r.name,
    );
    const tables: TableEntry[] = [];
    let dumpFile: string | undefined;
    if (method === 'pg_dump') {
      // pg_dump takes its own snapshot; the counts here come from ours, taken first: restore compares the
      // tables' rows only when the method is copy, whose files are this snapshot.
      dumpFile = 'database.pgdump';
      await execFileP(
        pgDump,
        ['--format=custom', '--no-owner', '--no-acl', `--file=${join(o.out, dumpFile)}`, o.databaseUrl],
        { timeout: 60 * 60 * 1000 },
      );
      for (const t of await publicTables(db)) tables.push({ name: t.name, columns: t.columns, rows: -1 });
    } else {
      await mkdir(join(o.out, 'database'), { recursive: true });
      for (const t of await publicTables(db)) {
        const file = `database/${t.name}.copy.gz`;
        const counter = lineCounter();
        const cols = t.columns.map(quoteIdent).join(', ');
        await pipeline(
          db.query(copyTo(`COPY public.${quoteIdent(t.name)} (${cols}) TO STDOUT`)),
          counter.stream,
          createGzip(),
          createWriteStream(join(o.out, file)),
        );
        tables.push({ name: t.name, columns: t.columns, rows: counter.lines(), file });
      }
    }
    await db.query('commit');
    database = { method, serverVersion: server.text, migrations, tables, dumpFile };
    log(
      `database: ${tables.length} tables${method === 'copy' ? `, ${tables.reduce((n, t) => n + t.rows, 0)} rows` : ''}`,
    );
  } finally {
    await db.end().catch(() => undefined);
  }

  const objects: BackupManifest['media']['objects'] = [];
  const keys: string[] = [];
  for await (const { key } of o.storage.list()) keys.push(key);
  for (const key of keys.sort()) {
    const target = join(o.out, 'media', ...key.split('/'));
    await mkdir(dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    await pipeline(
      await o.storage.openRead(key),
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      }),
      createWriteStream(target),
    );
    objects.push({ key, size, sha256: hash.digest('hex') });
  }
  log(`media: ${objects.length} objects, ${objects.reduce((n, x) => n + x.size, 0)} bytes`);

  if (o.passphrase) {
    const env = SECRET_NAMES.map((name) => `${name}=${o.secrets[name]}`).join('\n') + '\n';
    await writeFile(join(o.out, SECRETS_FILE), await seal(env, o.passphrase), { mode: 0o600 });
  }

  const files: BackupManifest['files'] = [];
  for (const path of await filesUnder(o.out)) {
    const full = join(o.out, ...path.split('/'));
    files.push({ path, size: (await stat(full)).size, sha256: await sha256OfFile(full) });
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database,
    media: { storage: o.storageKind, objects },
    files,
    secrets: SECRET_NAMES.map((name) => ({ name, fingerprint: fingerprint(o.secrets[name]) })),
    secretsEncrypted: !!o.passphrase,
  };
  await writeFile(join(o.out, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  log(`manifest: ${files.length} files${o.passphrase ? ', secrets encrypted' : ', secrets NOT included'}`);
  return manifest;
}
