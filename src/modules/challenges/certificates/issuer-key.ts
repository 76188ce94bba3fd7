import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Ed25519PrivateJwk, parseEd25519PrivateJwk } from '../../../config/config';

/** A new Ed25519 private key as a JWK. */
export function generateIssuerJwk(): Ed25519PrivateJwk {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x!, d: jwk.d! };
}

function readKeyFile(file: string): Ed25519PrivateJwk {
  const key = parseEd25519PrivateJwk(readFileSync(file, 'utf8'));
  if (typeof key === 'string') throw new Error(`${file}: the certificate issuer key ${key}`);
  return key;
}

/**
 * The issuer key of an installation without CERTIFICATE_SIGNING_KEY (never production): read from
 * `file`, or generated and written there (mode 0600) on first start. Every API process of one
 * installation must sign with the same key, so two that start at once must not each write their own:
 * the key is written to a private temporary file and hard-linked into place, which fails when the
 * file exists; the loser reads the winner's key. A half-written key file is never visible.
 */
export function loadOrCreateIssuerKey(file: string): Ed25519PrivateJwk {
  try {
    return readKeyFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true });
  const tmp = join(dirname(file), `.issuer-key-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const key = generateIssuerJwk();
  writeFileSync(tmp, `${JSON.stringify(key)}\n`, { mode: 0o600, flag: 'wx' });
  // the mode of writeFileSync is masked by the umask; a private key is for the owner only
  chmodSync(tmp, 0o600);
  try {
    linkSync(tmp, file);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readKeyFile(file);
  } finally {
    unlinkSync(tmp);
  }
}
