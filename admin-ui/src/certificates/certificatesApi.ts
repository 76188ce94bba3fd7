import { ADMIN_API_URL, httpClient } from '../providers/dataProvider';

export const CERTIFICATES = 'certificates';
export const NEWEST_FIRST = { field: 'issuedAt', order: 'DESC' } as const;
export const CERTIFICATES_PAGE_SIZE = 25;
export const ADMIN_ROLE = 'admin';
/** The contract's bounds for a revocation reason. */
export const REASON_MAX_LENGTH = 500;

/** A certificate as `GET /api/admin/certificates` answers it. */
export interface Certificate {
  id: string;
  userId: string;
  userEmail: string | null;
  challengeId: string;
  issuedAt: string;
  revoked: boolean;
}

export interface Revocation {
  id: string;
  revoked: true;
  revokedAt: string;
  reason: string;
}

/** The learner site's public verification page: another app on this origin, outside /studio. */
export const certificatePageUrl = (id: string) => `/certificates/${encodeURIComponent(id)}`;

/** Dates in US short format with hour and minute, as the spec says. */
export const formatWhen = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' }) : '';

/** `POST /api/admin/certificates/{id}/revoke` (admin): 409 when already revoked. */
export async function revokeCertificate(id: string, reason: string): Promise<Revocation> {
  const { json } = await httpClient(`${ADMIN_API_URL}/${CERTIFICATES}/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    body: JSON.stringify({ reason }),
  });
  return json as Revocation;
}
