import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Every public key the certificate issuer has signed with, by `kid`, recorded when the key is first used. The issuer
 * publishes them all (`GET /api/issuer`, `GET /api/issuer/jwks`), and verification picks one by the credential's
 * `kid`, so replacing CERTIFICATE_SIGNING_KEY keeps the certificates signed before it verifiable.
 */
@Entity({ tableName: 'certificate_signing_keys' })
export class CertificateSigningKey {
  /** `<issuer id>#<RFC 7638 thumbprint>`, as in the credential's protected header */
  @PrimaryKey({ type: 'text' })
  kid!: string;

  /** the public half only: `{kty: 'OKP', crv: 'Ed25519', x}` */
  @Property({ type: 'jsonb' })
  publicJwk!: { kty: 'OKP'; crv: 'Ed25519'; x: string };

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  firstUsedAt!: Date;
}
