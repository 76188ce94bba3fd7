import fc from 'fast-check';
import { type MediaGrant, mediaSignature, signedMediaPath, verifyMediaSignature } from './media-signing';

/** Seeded: a failure prints its seed and path; to try other runs, change the seed here. */
const runs = { seed: 30, numRuns: 150 };

const field = fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }).filter((s) => !s.includes('\n'));
const grant: fc.Arbitrary<MediaGrant> = fc.record({
  subjectId: field,
  fileName: field,
  userId: fc.option(field, { nil: null }),
  exp: fc.integer({ min: 1, max: 99_999_999_999 }),
});
const secret = fc.string({ minLength: 1, maxLength: 40 });
const query = (g: MediaGrant, sig: string) => ({ ...g, exp: String(g.exp), sig });

describe('media signing (properties)', () => {
  it('an unchanged grant verifies: ok before its expiry, expired from it on', () => {
    fc.assert(
      fc.property(
        secret,
        grant,
        fc.oneof(fc.constantFrom(-1, 0, 1), fc.integer({ min: -1000, max: 1000 })),
        (key, g, delta) => {
          const now = g.exp + delta;
          expect(verifyMediaSignature(key, query(g, mediaSignature(key, g)), now)).toBe(now < g.exp ? 'ok' : 'expired');
        },
      ),
      runs,
    );
  });

  it('any change to a field, the secret or the signature is invalid, whatever the time', () => {
    fc.assert(
      fc.property(
        secret,
        grant,
        fc.constantFrom('subjectId', 'fileName', 'userId', 'exp', 'secret', 'sig'),
        field,
        fc.nat(),
        (key, g, what, other, n) => {
          const sig = mediaSignature(key, g);
          const q = query(g, sig);
          let k = key;
          if (what === 'subjectId' || what === 'fileName' || what === 'userId') {
            fc.pre(other !== g[what]);
            q[what] = other;
          }
          if (what === 'exp') q.exp = String(g.exp + 1 + (n % 1000));
          if (what === 'secret') {
            fc.pre(other !== key);
            k = other;
          }
          if (what === 'sig') {
            const i = n % sig.length;
            const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
            const c = alphabet[(alphabet.indexOf(sig[i]) + 1 + (n % 63)) % 64];
            q.sig = sig.slice(0, i) + c + sig.slice(i + 1);
          }
          expect(verifyMediaSignature(k, q, 0)).toBe('invalid');
        },
      ),
      runs,
    );
  });

  it('a field smuggling a newline (the same signed lines, split between other fields) is invalid', () => {
    fc.assert(
      fc.property(secret, grant, field, (key, g, part) => {
        // subjectId "s", fileName "p\nf" and subjectId "s\np", fileName "f" are signed as the same text
        const signed = { ...g, fileName: `${part}\n${g.fileName}` };
        const shifted = { ...g, subjectId: `${g.subjectId}\n${part}` };
        expect(verifyMediaSignature(key, query(shifted, mediaSignature(key, signed)), 0)).toBe('invalid');
      }),
      runs,
    );
  });

  it('the signed path carries everything needed to verify it again', () => {
    fc.assert(
      fc.property(secret, grant, (key, g) => {
        const url = new URL(signedMediaPath(key, g), 'http://localhost');
        const [, , , , subjectId, fileName] = url.pathname.split('/');
        const q = {
          subjectId: decodeURIComponent(subjectId),
          fileName: decodeURIComponent(fileName),
          userId: url.searchParams.get('u'),
          exp: url.searchParams.get('exp') ?? undefined,
          sig: url.searchParams.get('sig') ?? undefined,
        };
        expect(q.subjectId).toBe(g.subjectId);
        expect(q.fileName).toBe(g.fileName);
        expect(verifyMediaSignature(key, q, g.exp - 1)).toBe('ok');
      }),
      runs,
    );
  });
});
