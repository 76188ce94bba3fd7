import { Algorithm, hash, verify } from '@node-rs/argon2';
import { passwordHashCost } from '../../config/config';
import { COMMON_PASSWORDS } from './common-passwords';

export const MIN_PASSWORD_LENGTH = 6;

/** argon2id at OWASP's baseline (19 MiB, 2 iterations, 1 lane): see passwordHashCost for the one exception. */
export function hashPassword(password: string, cost = passwordHashCost()): Promise<string> {
  return hash(password, { algorithm: Algorithm.Argon2id, parallelism: 1, ...cost });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random string, verified against when the e-mail is unknown so both paths cost the same. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummyHash;
}

/** Why a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > 256) return 'Password must be at most 256 characters';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    return 'Password is too common: choose one that is harder to guess';
  }
  return null;
}
