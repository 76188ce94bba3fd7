import { passwordHashCost } from '../../config/config';
import { hashPassword, passwordProblem, verifyPassword } from './password';

describe('passwords', () => {
  it('hashes with argon2id at OWASP parameters and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('hashes at the cheapest cost only under NODE_ENV=test with PASSWORD_HASH_CHEAP', async () => {
    expect(passwordHashCost({ NODE_ENV: 'test', PASSWORD_HASH_CHEAP: 'true' })).toEqual({
      memoryCost: 1024,
      timeCost: 1,
    });
    for (const NODE_ENV of ['production', 'development', undefined])
      expect(passwordHashCost({ NODE_ENV, PASSWORD_HASH_CHEAP: 'true' })).toEqual({ memoryCost: 19456, timeCost: 2 });
    expect(passwordHashCost({ NODE_ENV: 'test' })).toEqual({ memoryCost: 19456, timeCost: 2 });
    // a hash at that cost records it, and verifies like any other (a stored hash carries its own cost)
    const hash = await hashPassword(
      'correct horse battery',
      passwordHashCost({ NODE_ENV: 'test', PASSWORD_HASH_CHEAP: 'true' }),
    );
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
  });

  it('treats a malformed stored hash as a failed check, not a crash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it.each([
    ['abcde', 'Password must be at least 6 characters'],
    ['', 'Password must be at least 6 characters'],
    ['password', 'Password is too common: choose one that is harder to guess'],
    ['QWERTY123', 'Password is too common: choose one that is harder to guess'],
    ['x'.repeat(257), 'Password must be at most 256 characters'],
  ])('refuses %j', (pw, message) => {
    expect(passwordProblem(pw)).toBe(message);
  });

  it('accepts a six-character uncommon password', () => {
    expect(passwordProblem('zq7!pf')).toBeNull();
  });
});
