import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, parseEd25519PrivateJwk } from '../../../config/config';
import { CredentialSigner } from './credential-signer';
import { generateIssuerJwk, loadOrCreateIssuerKey } from './issuer-key';

describe('the issuer key', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lp-issuer-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated on first start into the key file (owner-only), and the same key is read back after', async () => {
    const file = join(dir, '.data', 'issuer-key.json');
    expect(existsSync(file)).toBe(false);
    const first = loadOrCreateIssuerKey(file);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseEd25519PrivateJwk(readFileSync(file, 'utf8'))).toEqual(first);
    expect(readdirSync(join(dir, '.data'))).toEqual(['issuer-key.json']); // no temporary file left
    const again = loadOrCreateIssuerKey(file);
    expect(again).toEqual(first);
    // a restart signs with the same key: what the first signer signed, the second verifies
    const a = await CredentialSigner.create(first, 'http://localhost:3000');
    const b = await CredentialSigner.create(again, 'http://localhost:3000');
    expect((await b.verify(await a.sign({ hello: 'world' }))).ok).toBe(true);
  });

  it('is the configured key when CERTIFICATE_SIGNING_KEY is set, and the .data file only when it is not', async () => {
    const jwk = generateIssuerJwk();
    const base = { DATABASE_URL: 'postgres://u@localhost:5432/db', NODE_ENV: 'development' };
    const configured = loadConfig({ ...base, CERTIFICATE_SIGNING_KEY: JSON.stringify(jwk) });
    expect(configured.certificates.signingKey).toEqual(jwk);
    const fromEnv = await CredentialSigner.fromConfig({
      ...configured,
      certificates: { ...configured.certificates, keyFile: join(dir, 'k.json') },
    });
    expect(fromEnv.publicJwk.x).toBe(jwk.x);
    expect(existsSync(join(dir, 'k.json'))).toBe(false);

    const unset = loadConfig(base);
    expect(unset.certificates.signingKey).toBeUndefined();
    expect(unset.certificates.keyFile).toMatch(/[/\\]\.data[/\\]issuer-key\.json$/);
    const keyFile = join(dir, 'k.json');
    const generated = await CredentialSigner.fromConfig({ ...unset, certificates: { keyFile } });
    const reread = await CredentialSigner.fromConfig({ ...unset, certificates: { keyFile } });
    expect(reread.publicJwk).toEqual(generated.publicJwk);
    expect(generated.publicJwk.x).not.toBe(jwk.x);
  });

  it('refuses a damaged key file instead of silently replacing it', () => {
    const file = join(dir, 'issuer-key.json');
    writeFileSync(file, '{"kty":"OKP"');
    expect(() => loadOrCreateIssuerKey(file)).toThrow(/issuer key must be an Ed25519 private JWK/);
    expect(readFileSync(file, 'utf8')).toBe('{"kty":"OKP"');
  });

  it('accepts only an Ed25519 private JWK whose x belongs to its d', () => {
    const jwk = generateIssuerJwk();
    expect(parseEd25519PrivateJwk(JSON.stringify(jwk))).toEqual(jwk);
    expect(parseEd25519PrivateJwk('not json')).toMatch(/must be an Ed25519 private JWK/);
    expect(parseEd25519PrivateJwk(JSON.stringify({ ...jwk, d: undefined }))).toMatch(
      /kty "OKP", crv "Ed25519", x and d/,
    );
    expect(parseEd25519PrivateJwk(JSON.stringify({ ...jwk, crv: 'X25519' }))).toMatch(/crv "Ed25519"/);
    expect(parseEd25519PrivateJwk(JSON.stringify({ ...jwk, x: generateIssuerJwk().x }))).toBe(
      'x is not the public key of d',
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'jwk' });
    expect(typeof parseEd25519PrivateJwk(JSON.stringify(rsa))).toBe('string');
  });
});
