import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** What a certificate certifies, copied at issue time so later edits of the challenge or the account change nothing. */
export interface CertificateSnapshot {
  /** the learner as the certificate names them: the display name they chose (never anything from their e-mail) */
  learnerName: string;
  challengeId: string;
  challengeName: string;
  subjectId: string;
  subjectTitle: string;
  /** how many days the challenge had */
  days: number;
  issuedAt: string;
  /** the subject's latest published content version at issue time: 0 = as imported, before any Studio publish */
  contentVersion: number;
  /** the challenge's real span (issue 27): when the first passed day unlocked, ISO 8601 */
  activityStartDate?: string;
  /** when the last passed day was passed, ISO 8601 */
  activityEndDate?: string;
}

/**
 * A learner's certificate of a completed challenge: one per learner and challenge, its snapshot and
 * the signed Open Badges 3.0 credential (a VC-JWT), with its bit in the revocation status list.
 */
@Entity({ tableName: 'certificates' })
@Unique({ properties: ['userId', 'challengeId'] })
@Index({ properties: ['issuedAt'] })
export class Certificate {
  /** 128 random bits, base64url: the public, unguessable id */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  challengeId!: string;

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'jsonb' })
  snapshot!: CertificateSnapshot;

  @Property({ type: 'text' })
  credentialJwt!: string;

  /**
   * the certificate's bit in the revocation status list: drawn at random over the list (certificates issued before
   * issue 27 keep the sequential index they were given)
   */
  @Property({ type: 'integer', unique: true })
  statusIndex!: number;

  @Property({ type: 'timestamptz' })
  issuedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  revokedReason?: string | null;

  /**
   * the rules the stored credential was made under: 1 = before issue 27 (it may name the learner by their e-mail's
   * local part and carry a salted e-mail hash with its salt), 2 = display name only, no e-mail hash. The API re-signs
   * every certificate below CREDENTIAL_FORMAT at boot (CertificatesService.reissueOutdated).
   */
  @Property({ type: 'smallint', default: 1 })
  credentialFormat!: number;

  /** the admin who revoked it (no foreign key: the record outlives the account) */
  @Property({ type: 'uuid', nullable: true })
  revokedBy?: string | null;
}
