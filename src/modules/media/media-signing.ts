import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed media URL grants: one file of one subject, issued to one user (or none), until `exp`. */
export interface MediaGrant {
  subjectId: string;
  fileName: string;
  /** the user it was issued to; null for an anonymous caller (free files) */
  userId: string | null;
  /** unix seconds */
  exp: number;
}

export type SignatureCheck = 'ok' | 'invalid' | 'expired';

const VERSION = 'v1';

/**
 * No signed URL lives longer than this, whatever the media's length says (an uploader's claim, or a real
 * lecture of many hours): a link must not outlive a refund or a revoked role by days. A player whose link
 * ran out asks the page for a new one.
 */
export const MAX_SIGNED_URL_SECONDS = 4 * 3600;

/** HMAC-SHA256 over every field of the grant, each on its own line (no field can contain a newline). */
export function mediaSignature(secret: string, g: MediaGrant): string {
  return createHmac('sha256', secret)
    .update([VERSION, g.subjectId, g.fileName, g.userId ?? '', String(g.exp)].join('\n'))
    .digest('base64url');
}

/**
 * Checks a signature in constant time (timingSafeEqual over equal-length digests), then the expiry.
 * Anything malformed is invalid: a missing or non-numeric expiry, a signature of the wrong length.
 */
export function verifyMediaSignature(
  secret: string,
  q: { subjectId: string; fileName: string; userId?: string | null; exp?: string | number; sig?: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureCheck {
  const exp = typeof q.exp === 'number' ? q.exp : /^\d{1,12}$/.test(q.exp ?? '') ? Number(q.exp) : NaN;
  if (!Number.isSafeInteger(exp) || typeof q.sig !== 'string') return 'invalid';
  if ([q.subjectId, q.fileName, q.userId ?? ''].some((v) => v.includes('\n'))) return 'invalid';
  const expected = Buffer.from(
    mediaSignature(secret, { subjectId: q.subjectId, fileName: q.fileName, userId: q.userId || null, exp }),
  );
  const given = Buffer.from(q.sig);
  // the length of an HMAC-SHA256 digest is public; only equal lengths are compared, in constant time
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return exp > nowSeconds ? 'ok' : 'expired';
}

/** The path of a signed URL (same origin as the page: the product's own). */
export function signedMediaPath(secret: string, g: MediaGrant): string {
  const query = new URLSearchParams({ u: g.userId ?? '', exp: String(g.exp), sig: mediaSignature(secret, g) });
  return `/api/media/file/${encodeURIComponent(g.subjectId)}/${encodeURIComponent(g.fileName)}?${query.toString()}`;
}
