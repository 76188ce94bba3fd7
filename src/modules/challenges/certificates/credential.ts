import PRODUCT from '@lp/shared/product.json';
import type { CertificateSnapshot } from '../entities/certificate.entity';

/**
 * The JSON of the credentials this issuer signs: Open Badges 3.0 `OpenBadgeCredential`s (W3C VC 2.0
 * data model) and the revocation `BitstringStatusListCredential`. Plain JSON: no JSON-LD processing,
 * and no context is ever fetched (the signature is over the bytes, as VC-JOSE-COSE secures them).
 */

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
/** The product's one name (@lp/shared): certificates signed before it changed are re-signed by issue 27's re-issue. */
export const ISSUER_NAME = PRODUCT.name;
/** The only status list there is (`GET /api/credentials/status/1`). */
export const STATUS_LIST_ID = '1';

/** The issuer's URLs under the installation's public origin. */
export interface IssuerUrls {
  publicUrl: string;
  issuerId: string;
  statusListUrl: string;
}

export function issuerUrls(publicUrl: string): IssuerUrls {
  return {
    publicUrl,
    issuerId: `${publicUrl}/api/issuer`,
    statusListUrl: `${publicUrl}/api/credentials/status/${STATUS_LIST_ID}`,
  };
}

export interface IssuerRef {
  id: string;
  type: ['Profile'];
  name: string;
}

/** How the credential names its holder: only by the display name they chose, unhashed (issue 27 §6). */
export interface IdentityObject {
  type: 'IdentityObject';
  identityType: 'name';
  hashed: false;
  identityHash: string;
}

/**
 * The rules the credentials signed now follow (stored as `certificates.credential_format`): 2 = the holder is named
 * only by their display name, no e-mail identity hash, no published salt, no content version. Certificates below it
 * are re-signed at boot.
 */
export const CREDENTIAL_FORMAT = 2;

export interface BitstringStatusListEntry {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: 'revocation';
  statusListIndex: string;
  statusListCredential: string;
}

export interface OpenBadgeCredential {
  '@context': string[];
  id: string;
  type: string[];
  issuer: IssuerRef;
  validFrom: string;
  name: string;
  description: string;
  credentialSubject: {
    type: ['AchievementSubject'];
    /** Open Badges 3.0 AchievementSubject: the span of the learner's activity (absent on certificates from before issue 27) */
    activityStartDate?: string;
    activityEndDate?: string;
    identifier: IdentityObject[];
    achievement: {
      id: string;
      type: ['Achievement'];
      achievementType: 'Achievement';
      name: string;
      description: string;
      criteria: { narrative: string };
    };
  };
  credentialStatus: BitstringStatusListEntry;
}

export interface StatusListCredential {
  '@context': string[];
  id: string;
  type: ['VerifiableCredential', 'BitstringStatusListCredential'];
  issuer: IssuerRef;
  validFrom: string;
  credentialSubject: {
    id: string;
    type: 'BitstringStatusList';
    statusPurpose: 'revocation';
    encodedList: string;
  };
}

export function issuerRef(urls: IssuerUrls): IssuerRef {
  return { id: urls.issuerId, type: ['Profile'], name: ISSUER_NAME };
}

export function openBadgeCredential(input: {
  urls: IssuerUrls;
  certificateId: string;
  snapshot: CertificateSnapshot;
  statusIndex: number;
}): OpenBadgeCredential {
  const { urls, snapshot: s } = input;
  const days = `${s.days} day${s.days === 1 ? '' : 's'}`;
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: `${urls.publicUrl}/certificates/${input.certificateId}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: issuerRef(urls),
    validFrom: s.issuedAt,
    name: `${s.challengeName} · Certificate of completion`,
    description: `${s.learnerName} completed every day of the ${s.challengeName} challenge (${s.subjectTitle}).`,
    credentialSubject: {
      type: ['AchievementSubject'],
      ...(s.activityStartDate && s.activityEndDate
        ? { activityStartDate: s.activityStartDate, activityEndDate: s.activityEndDate }
        : {}),
      // No e-mail identity hash: with its salt published it gave the address back in a few guesses, and without the
      // salt no one could check it. The display name is what the learner chose to show.
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: s.learnerName }],
      achievement: {
        id: `${urls.publicUrl}/challenge/${encodeURIComponent(s.challengeId)}`,
        type: ['Achievement'],
        achievementType: 'Achievement',
        name: s.challengeName,
        description: `The ${days} ${s.challengeName} challenge of the course ${s.subjectTitle}.`,
        criteria: {
          narrative: `Pass the quiz and the micro project of each of the challenge's ${days}.`,
        },
      },
    },
    credentialStatus: {
      id: `${urls.statusListUrl}#${input.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(input.statusIndex),
      statusListCredential: urls.statusListUrl,
    },
  };
}

export function statusListCredential(urls: IssuerUrls, encodedList: string, validFrom: string): StatusListCredential {
  return {
    '@context': [VC_CONTEXT],
    id: urls.statusListUrl,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: issuerRef(urls),
    validFrom,
    credentialSubject: {
      id: `${urls.statusListUrl}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList,
    },
  };
}
