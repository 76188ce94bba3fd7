import { join, resolve } from 'node:path';
import { type AppConfig, loadConfig } from '../../config/config';
import { createMediaStorage } from '../../modules/media/storage/create-media-storage';
import type { DatabaseMethod, SecretName } from './backup-format';
import { loadOrCreateIssuerKey } from '../../modules/challenges/certificates/issuer-key';
import { backupInstallation } from './backup';
import { restoreInstallation } from './restore';

/**
 * `npm run backup -- [--out DIR] [--method auto|pg_dump|copy]` and `npm run restore -- DIR [--secrets-out FILE]`
 * (after `npm run build:api`), with the installation's own settings (DATABASE_URL, MEDIA_STORAGE and S3_*,
 * MEDIA_DIR, the secrets, BACKUP_PASSPHRASE). README, "Backup and restore", has the procedure.
 */

export function installationSecrets(config: AppConfig): Record<SecretName, string> {
  return {
    JWT_SECRET: config.auth.jwtSecret,
    MEDIA_URL_SECRET: config.media.urlSecret,
    // the setting, else the key file the certificates module keeps outside production
    CERTIFICATE_SIGNING_KEY: JSON.stringify(
      config.certificates.signingKey ?? loadOrCreateIssuerKey(config.certificates.keyFile),
    ),
  };
}

function option(args: string[], name: string): string | undefined {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i === -1) return undefined;
  return args[i].includes('=') ? args[i].slice(name.length + 1) : args[i + 1];
}

async function main(args: string[]): Promise<void> {
  const [command] = args;
  const config = loadConfig();
  const storage = await createMediaStorage(config.media);
  const log = (line: string) => console.log(line);
  if (command === 'backup') {
    const method = (option(args, '--method') ?? 'auto') as DatabaseMethod | 'auto';
    if (!['auto', 'pg_dump', 'copy'].includes(method)) throw new Error('--method is auto, pg_dump or copy');
    const out = resolve(option(args, '--out') ?? join('backups', new Date().toISOString().replace(/[:.]/g, '-')));
    await backupInstallation({
      databaseUrl: config.databaseUrl,
      storage,
      storageKind: config.media.storage,
      out,
      method,
      secrets: installationSecrets(config),
      passphrase: config.backup.passphrase,
      pgDump: config.backup.pgDump,
      log,
    });
    console.log(`Backup written to ${out}`);
    if (!config.backup.passphrase) {
      console.log(
        'The secrets are not in it (no BACKUP_PASSPHRASE): keep JWT_SECRET, MEDIA_URL_SECRET and ' +
          'CERTIFICATE_SIGNING_KEY alongside it; the manifest has their fingerprints.',
      );
    }
    return;
  }
  if (command === 'restore') {
    const from = args[1] && !args[1].startsWith('--') ? resolve(args[1]) : undefined;
    if (!from) throw new Error('usage: npm run restore -- <backup folder> [--secrets-out FILE]');
    const secretsOut = option(args, '--secrets-out');
    const report = await restoreInstallation({
      databaseUrl: config.databaseUrl,
      storage,
      from,
      passphrase: config.backup.passphrase,
      secretsOut: secretsOut ? resolve(secretsOut) : undefined,
      currentSecrets: installationSecrets(config),
      pgRestore: config.backup.pgRestore,
      log,
    });
    console.log(`Restored ${report.tables} tables and ${report.mediaObjects} media objects from ${from}`);
    for (const s of report.secretsDiffer) {
      console.log(`${s.name} differs from the backup's: ${s.effect}`);
    }
    if (report.secretsWritten) console.log(`Install the secrets in ${report.secretsWritten} before starting the API.`);
    return;
  }
  throw new Error('usage: backup.cli.js backup [--out DIR] [--method auto|pg_dump|copy] | restore DIR');
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
