import { CompactSign, importJWK } from 'jose';
import { CertificatesService } from '../../src/modules/challenges/certificates/certificates.service';
import { generateIssuerJwk } from '../../src/modules/challenges/certificates/issuer-key';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { Harness, type TestUser } from '../support/harness';

/**
 * Rotating CERTIFICATE_SIGNING_KEY (issue 27 §8): the API is stopped and started again with another key, as an
 * operator would; what the first key signed still verifies, because the issuer recorded it by kid at first use and
 * keeps publishing it. And a certificate made under the old rules is re-signed by the boot itself.
 */

const CHALLENGE = 'vagus-breath-7';
const key1 = generateIssuerJwk();
const key2 = generateIssuerJwk();

interface Issuer {
  publicKeyJwk: { kid: string; x: string };
  keys: { kid: string; x: string; kty: string; crv: string; alg: string; use: string }[];
}
interface Page {
  verification: { signatureValid: boolean; revoked: boolean };
  snapshot: { learnerName: string };
}
interface Verified {
  signatureValid: boolean;
  revoked: boolean;
  errors: string[];
}

const kidOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString()) as { kid: string }).kid;

let h: Harness;
const saved = process.env.CERTIFICATE_SIGNING_KEY;

async function boot(key: typeof key1): Promise<Harness> {
  process.env.CERTIFICATE_SIGNING_KEY = JSON.stringify(key);
  return Harness.boot();
}

afterAll(async () => {
  await h?.close();
  if (saved === undefined) delete process.env.CERTIFICATE_SIGNING_KEY;
  else process.env.CERTIFICATE_SIGNING_KEY = saved;
});

async function namedLearner(tag: string, name: string): Promise<TestUser> {
  const u = await h.learnerWith('vagus-nerve', tag);
  expect((await h.put('/api/me/profile', { name }, { token: u.token })).status).toBe(200);
  return u;
}

it('keeps certificates signed with an earlier key verifiable after the key is rotated', async () => {
  h = await boot(key1);
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  const first = await h.get<Issuer>('/api/issuer');
  const kid1 = first.body.publicKeyJwk.kid;
  expect(first.body.publicKeyJwk.x).toBe(key1.x);

  const u = await namedLearner('rotate-a', 'Rosalind Franklin');
  const { id } = (await h.app.get(CertificatesService).issueIfNotIssued(u.id, CHALLENGE))!;
  const jwt1 = (await h.get<string>(`/api/certificates/${id}/credential`)).body;
  expect(kidOf(jwt1)).toBe(kid1);

  // A certificate made under the old rules (e-mail local part as the name), waiting for the next boot to re-sign it.
  const old = await namedLearner('rotate-old', 'Lise Meitner');
  const oldId = `oldRotation${Date.now().toString(36)}`.padEnd(22, 'x').slice(0, 22);
  await h.sql(
    `insert into certificates (id, user_id, challenge_id, subject_id, snapshot, credential_jwt, status_index, issued_at, credential_format)
     values (?, ?, ?, 'vagus-nerve', ?::jsonb, 'x.y.z', 100000 + floor(random() * 31000)::int, '2026-11-20T09:30:00Z', 1)`,
    [
      oldId,
      old.id,
      CHALLENGE,
      JSON.stringify({
        learnerName: old.email.split('@')[0],
        challengeId: CHALLENGE,
        challengeName: 'Vagus Breath 7',
        subjectId: 'vagus-nerve',
        subjectTitle: 'The Vagus Nerve',
        days: 7,
        issuedAt: '2026-11-20T09:30:00.000Z',
        contentVersion: 0,
      }),
    ],
  );

  // The operator rotates the key: stop, set the new CERTIFICATE_SIGNING_KEY, start.
  await h.close();
  h = await boot(key2);

  // the boot re-signed the old certificate before any request, with the new key
  const [row] = await h.sql<{ credential_format: number; credential_jwt: string; learner: string }>(
    `select credential_format, credential_jwt, snapshot->>'learnerName' as learner from certificates where id = ?`,
    [oldId],
  );
  expect(row.credential_format).toBe(2);
  expect(row.learner).toBe('Lise Meitner');

  const issuer = await h.get<Issuer>('/api/issuer');
  const kid2 = issuer.body.publicKeyJwk.kid;
  expect(kid2).not.toBe(kid1);
  expect(issuer.body.publicKeyJwk.x).toBe(key2.x);
  expect(kidOf(row.credential_jwt)).toBe(kid2);
  // both keys are published, the current one first
  expect(issuer.body.keys.map((k) => [k.kid, k.x])).toEqual([
    [kid2, key2.x],
    [kid1, key1.x],
  ]);
  expect((await h.get<{ keys: unknown[] }>('/api/issuer/jwks')).body).toEqual({ keys: issuer.body.keys });

  // the certificate signed with key 1 still verifies: its page, the stored check, and a downloaded copy
  const page = await h.get<Page>(`/api/certificates/${id}`);
  expect(page.body.verification).toMatchObject({ signatureValid: true, revoked: false });
  expect((await h.post<{ status: string }>(`/api/certificates/${id}/verify`)).body.status).toBe('verified');
  const copy = await h.post<Verified>('/api/certificates/verify', { credential: jwt1 });
  expect(copy.body).toMatchObject({ signatureValid: true, revoked: false, errors: [] });
  // and it is the same credential as before (rotation re-signs nothing that was already current)
  expect((await h.get<string>(`/api/certificates/${id}/credential`)).body).toBe(jwt1);

  // new certificates are signed with key 2
  const v = await namedLearner('rotate-b', 'Chien-Shiung Wu');
  const { id: newer } = (await h.app.get(CertificatesService).issueIfNotIssued(v.id, CHALLENGE))!;
  expect(kidOf((await h.get<string>(`/api/certificates/${newer}/credential`)).body)).toBe(kid2);

  // a key the issuer never used is refused, even with a well-formed credential naming a kid of ours' shape
  const key3 = generateIssuerJwk();
  const payload = Buffer.from(jwt1.split('.')[1], 'base64url');
  const forged = await new CompactSign(payload)
    .setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', kid: `${kid1.split('#')[0]}#not-a-recorded-key` })
    .sign(await importJWK({ ...key3 }, 'EdDSA'));
  const refused = await h.post<Verified>('/api/certificates/verify', { credential: forged });
  expect(refused.body).toMatchObject({
    signatureValid: false,
    errors: ['The credential names a signing key (kid) this issuer has never used'],
  });
  // … and a forgery claiming key 1's kid does not verify against key 1
  const claimsKid1 = await new CompactSign(payload)
    .setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', kid: kid1 })
    .sign(await importJWK({ ...key3 }, 'EdDSA'));
  expect((await h.post<Verified>('/api/certificates/verify', { credential: claimsKid1 })).body.signatureValid).toBe(
    false,
  );
}, 120_000);
