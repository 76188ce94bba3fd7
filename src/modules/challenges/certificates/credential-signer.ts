import {
  calculateJwkThumbprint,
  CompactSign,
  compactVerify,
  importJWK,
  type CompactJWSHeaderParameters,
  type JWK,
  type KeyLike,
} from 'jose';
import type { AppConfig, Ed25519PrivateJwk } from '../../../config/config';
import { issuerUrls, type IssuerUrls } from './credential';
import { loadOrCreateIssuerKey } from './issuer-key';

/** The media type of a credential secured as a JWT (W3C VC-JOSE-COSE), also its `typ` header. */
export const VC_JWT_TYPE = 'vc+jwt';
export const VC_JWT_MEDIA_TYPE = `application/${VC_JWT_TYPE}`;

/** The public half of the issuer key, as `GET /api/issuer` publishes it. */
export interface IssuerPublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export type VerifiedJwt = { ok: true; payload: unknown; kid: string } | { ok: false; error: string };

/** An issuer public key as recorded: enough to verify with. */
export interface PublicEd25519 {
  x: string;
}

/** Finds the public key a credential names by its `kid` (null: this issuer never signed with it). */
export type PublicKeyLookup = (kid: string) => Promise<PublicEd25519 | null>;

/** Thrown inside the key lookup when a credential's kid is unknown, so the answer can say so. */
class UnknownKidError extends Error {}

const MAX_JWT_LENGTH = 64 * 1024;

/**
 * Signs and checks credentials with the issuer's Ed25519 key, as VC-JWTs: the protected header
 * `{alg: 'EdDSA', typ: 'vc+jwt', kid}` and the credential JSON itself as the payload (no JWT claims are
 * added, and nothing in the payload is trusted before the signature checks).
 */
export class CredentialSigner {
  private constructor(
    readonly urls: IssuerUrls,
    readonly publicJwk: IssuerPublicJwk,
    private readonly privateKey: KeyLike | Uint8Array,
    private readonly publicKey: KeyLike | Uint8Array,
  ) {}

  static async create(jwk: Ed25519PrivateJwk, publicUrl: string): Promise<CredentialSigner> {
    const urls = issuerUrls(publicUrl);
    const pub: JWK = { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
    const kid = await CredentialSigner.kidOf(urls, jwk.x);
    return new CredentialSigner(
      urls,
      { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid, alg: 'EdDSA', use: 'sig' },
      await importJWK({ ...jwk }, 'EdDSA'),
      await importJWK(pub, 'EdDSA'),
    );
  }

  /** `<issuer id>#<RFC 7638 thumbprint of the public key>`: the kid of every credential the key signs. */
  static async kidOf(urls: IssuerUrls, x: string): Promise<string> {
    return `${urls.issuerId}#${await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x })}`;
  }

  /** The installation's signer: CERTIFICATE_SIGNING_KEY, or (never in production) the key kept in .data. */
  static fromConfig(config: AppConfig): Promise<CredentialSigner> {
    const jwk = config.certificates.signingKey ?? loadOrCreateIssuerKey(config.certificates.keyFile);
    return CredentialSigner.create(jwk, config.publicUrl);
  }

  get kid(): string {
    return this.publicJwk.kid;
  }

  /** A compact JWS of the credential's JSON bytes. */
  sign(credential: object): Promise<string> {
    return new CompactSign(new TextEncoder().encode(JSON.stringify(credential)))
      .setProtectedHeader({ alg: 'EdDSA', typ: VC_JWT_TYPE, kid: this.kid })
      .sign(this.privateKey);
  }

  /**
   * Checks a VC-JWT against the issuer key its header names (`kid`): the current one, or through `lookup` any key
   * the issuer signed with before (a rotated key). The payload is returned (parsed) only when it checks.
   */
  async verify(jwt: string, lookup: PublicKeyLookup = () => Promise.resolve(null)): Promise<VerifiedJwt> {
    if (jwt.length > MAX_JWT_LENGTH) return { ok: false, error: 'The credential is too large' };
    let payload: Uint8Array;
    let kid: string;
    try {
      const res = await compactVerify(
        jwt.trim(),
        async (header: CompactJWSHeaderParameters) => {
          // a credential without a kid can only mean the current key (nothing this issuer signs lacks one)
          if (header.kid === undefined || header.kid === this.kid) return this.publicKey;
          const found = typeof header.kid === 'string' ? await lookup(header.kid) : null;
          if (!found) throw new UnknownKidError();
          return importJWK({ kty: 'OKP', crv: 'Ed25519', x: found.x }, 'EdDSA');
        },
        { algorithms: ['EdDSA'] },
      );
      if (res.protectedHeader.typ !== VC_JWT_TYPE) {
        return { ok: false, error: `The credential's typ header is not ${VC_JWT_TYPE}` };
      }
      payload = res.payload;
      kid = res.protectedHeader.kid ?? this.kid;
    } catch (err) {
      if (err instanceof UnknownKidError) {
        return { ok: false, error: 'The credential names a signing key (kid) this issuer has never used' };
      }
      const code = (err as { code?: string }).code;
      return {
        ok: false,
        error:
          code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'
            ? "The signature does not match the issuer's key: the credential was changed or not issued here"
            : code === 'ERR_JOSE_ALG_NOT_ALLOWED'
              ? 'The credential is not signed with EdDSA (Ed25519)'
              : 'The credential is not a well-formed VC-JWT',
      };
    }
    try {
      return { ok: true, kid, payload: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload)) };
    } catch {
      return { ok: false, error: 'The credential is signed but its payload is not JSON' };
    }
  }
}
