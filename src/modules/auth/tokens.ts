import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak hands out no live token. */
export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
