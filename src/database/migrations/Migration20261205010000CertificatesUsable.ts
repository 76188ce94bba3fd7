import { Migration } from '@mikro-orm/migrations';

/**
 * Certificates people can use (issue 27 §6–8).
 *
 * - `certificate_signing_keys`: every issuer public key by kid, recorded at first use, so a rotated
 *   CERTIFICATE_SIGNING_KEY keeps earlier certificates verifiable.
 * - `certificates.credential_format`: 1 for every certificate issued so far. Their credentials may name the learner by
 *   the local part of their e-mail and carry a salted hash of the address with its salt (the address falls out in a
 *   few guesses). A migration cannot sign (the private key is not the database's), so the API re-signs them at boot,
 *   same id, under the new rules (CertificatesService.reissueOutdated, idempotent and safe with several API processes)
 *   and sets format 2. Until then the public routes already serve no e-mail-derived data: the re-issue runs before the
 *   API listens.
 * - New status list indexes are drawn at random, so the sequence is no longer used for them (it stays, unused, so a
 *   down migration finds it).
 */
export class Migration20261205010000CertificatesUsable extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "certificate_signing_keys" ("kid" text not null, "public_jwk" jsonb not null, "first_used_at" timestamptz not null default now(), constraint "certificate_signing_keys_pkey" primary key ("kid"));`,
    );
    this.addSql('alter table "certificates" add column "credential_format" smallint not null default 1;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "certificates" drop column "credential_format";');
    this.addSql('drop table if exists "certificate_signing_keys";');
  }
}
