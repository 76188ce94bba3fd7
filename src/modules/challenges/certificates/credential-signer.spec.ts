import { CompactSign, compactVerify, importJWK } from 'jose';
import { openBadgeCredential } from './credential';
import { CredentialSigner, VC_JWT_TYPE } from './credential-signer';
import { generateIssuerJwk } from './issuer-key';

const PUBLIC_URL = 'https://learn.example.com';

function credential(signer: CredentialSigner) {
  return openBadgeCredential({
    urls: signer.urls,
    certificateId: 'AAAAAAAAAAAAAAAAAAAAAA',
    snapshot: {
      learnerName: 'Jane Doe',
      challengeId: 'vagus-breath-7',
      challengeName: 'Vagus Breath 7',
      subjectId: 'vagus-nerve',
      subjectTitle: 'The Vagus Nerve',
      days: 7,
      issuedAt: '2026-11-25T10:00:00.000Z',
      contentVersion: 3,
    },
    statusIndex: 42,
  });
}

const segments = (jwt: string) => jwt.split('.') as [string, string, string];

describe('CredentialSigner (VC-JWT, EdDSA)', () => {
  let signer: CredentialSigner;
  beforeAll(async () => {
    signer = await CredentialSigner.create(generateIssuerJwk(), PUBLIC_URL);
  });

  it('signs the credential JSON itself with the header {alg: EdDSA, typ: vc+jwt, kid}, and verifies it', async () => {
    const c = credential(signer);
    const jwt = await signer.sign(c);
    const [header, payload] = segments(jwt);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
      alg: 'EdDSA',
      typ: VC_JWT_TYPE,
      kid: signer.kid,
    });
    expect(signer.kid).toMatch(/^https:\/\/learn\.example\.com\/api\/issuer#[A-Za-z0-9_-]{43}$/);
    // the payload is exactly the credential: no JWT claims added
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual(c);
    await expect(signer.verify(jwt)).resolves.toEqual({ ok: true, payload: c, kid: signer.kid });

    // and anyone holding only the published public key verifies it too
    const publicKey = await importJWK(signer.publicJwk, 'EdDSA');
    const res = await compactVerify(jwt, publicKey);
    expect(JSON.parse(new TextDecoder().decode(res.payload))).toEqual(c);
    expect(signer.publicJwk).not.toHaveProperty('d');
  });

  it('refuses a copy with any byte of its payload changed', async () => {
    const jwt = await signer.sign(credential(signer));
    const [header, payload, signature] = segments(jwt);
    const bytes = Buffer.from(payload, 'base64url');
    const accepted: number[] = [];
    for (let i = 0; i < bytes.length; i++) {
      const edited = Buffer.from(bytes);
      edited[i] ^= 0x01;
      const res = await signer.verify(`${header}.${edited.toString('base64url')}.${signature}`);
      if (res.ok) accepted.push(i);
      else expect(res.error).toMatch(/signature does not match/);
    }
    expect(bytes.length).toBeGreaterThan(500);
    expect(accepted).toEqual([]);
  });

  it('refuses a credential whose name was edited, a changed signature and a changed header', async () => {
    const c = credential(signer);
    const jwt = await signer.sign(c);
    const [header, , signature] = segments(jwt);
    const forged = Buffer.from(JSON.stringify({ ...c, name: 'Something else' })).toString('base64url');
    expect((await signer.verify(`${header}.${forged}.${signature}`)).ok).toBe(false);

    const sig = Buffer.from(signature, 'base64url');
    sig[10] ^= 0x80;
    expect((await signer.verify(`${header}.${segments(jwt)[1]}.${sig.toString('base64url')}`)).ok).toBe(false);

    const otherHeader = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid: signer.kid })).toString(
      'base64url',
    );
    expect((await signer.verify(`${otherHeader}.${segments(jwt)[1]}.${signature}`)).ok).toBe(false);
    expect((await signer.verify('not a jwt')).ok).toBe(false);
    expect((await signer.verify('')).ok).toBe(false);
  });

  it('refuses a credential signed by another key, even one that claims our kid', async () => {
    const otherJwk = generateIssuerJwk();
    const other = await CredentialSigner.create(otherJwk, PUBLIC_URL);
    expect(other.kid).not.toBe(signer.kid);
    const res = await signer.verify(await other.sign(credential(signer)));
    expect(res).toEqual({ ok: false, error: 'The credential names a signing key (kid) this issuer has never used' });
    const claimingOurKid = await new CompactSign(new TextEncoder().encode(JSON.stringify(credential(signer))))
      .setProtectedHeader({ alg: 'EdDSA', typ: VC_JWT_TYPE, kid: signer.kid })
      .sign(await importJWK({ ...otherJwk }, 'EdDSA'));
    expect(await signer.verify(claimingOurKid)).toEqual({
      ok: false,
      error: expect.stringMatching(/signature does not match/),
    });
    // the same bytes with their own kid verify under theirs: it is the key that is refused, not the token
    const theirs = await other.sign(credential(signer));
    expect((await other.verify(theirs)).ok).toBe(true);
    expect((await other.verify(claimingOurKid)).ok).toBe(false);
    // and ours does not verify under theirs
    expect((await other.verify(await signer.sign(credential(signer)))).ok).toBe(false);
  });

  it('verifies a credential signed by an earlier key that the lookup finds by kid (a rotated key)', async () => {
    const oldJwk = generateIssuerJwk();
    const old = await CredentialSigner.create(oldJwk, PUBLIC_URL);
    const jwt = await old.sign(credential(signer));
    const recorded = new Map([[old.kid, { x: oldJwk.x }]]);
    const lookup = (kid: string) => Promise.resolve(recorded.get(kid) ?? null);
    expect(await signer.verify(jwt, lookup)).toEqual({ ok: true, kid: old.kid, payload: credential(signer) });
    expect((await signer.verify(jwt)).ok).toBe(false); // nothing recorded: unknown
    // a recorded key under that kid that is not the signing key does not verify it
    const wrong = (kid: string) => Promise.resolve(kid === old.kid ? { x: signer.publicJwk.x } : null);
    expect(await signer.verify(jwt, wrong)).toEqual({ ok: false, error: expect.stringMatching(/signature does not/) });
    // the current key still verifies without a lookup
    expect((await signer.verify(await signer.sign(credential(signer)), lookup)).ok).toBe(true);
  });

  it('refuses an unsigned token (alg none) and a token signed with a shared secret', async () => {
    const c = credential(signer);
    const payload = Buffer.from(JSON.stringify(c)).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'vc+jwt' })).toString('base64url');
    expect((await signer.verify(`${none}.${payload}.`)).ok).toBe(false);
    const hs = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'vc+jwt' })).toString('base64url');
    expect(await signer.verify(`${hs}.${payload}.${'A'.repeat(43)}`)).toEqual({
      ok: false,
      error: 'The credential is not signed with EdDSA (Ed25519)',
    });
  });
});
