import { createSecretKey } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import { VerifiedTokens } from './verified-tokens';

const keyA = createSecretKey(Buffer.from('a'.repeat(32)));
const keyB = createSecretKey(Buffer.from('b'.repeat(32)));
const options = { algorithms: ['HS256'] as jwt.Algorithm[] };

function setup(now = () => Date.now()) {
  let calls = 0;
  const memo = new VerifiedTokens(
    (token, key, opts, cb) => {
      calls++;
      jwt.verify(token, key as jwt.Secret, opts as jwt.VerifyOptions, (err, payload) => cb(err, payload));
    },
    3,
    now,
  );
  const verify = (token: string, key: unknown = keyA) =>
    new Promise<{ err: Error | null; payload?: unknown }>((resolve) =>
      memo.verifier(token, key, options, (err, payload) => resolve({ err, payload })),
    );
  return { verify, calls: () => calls };
}

const sign = (claims: object, key = keyA, expiresIn = 900) => jwt.sign(claims, key, { algorithm: 'HS256', expiresIn });

describe('VerifiedTokens', () => {
  it('verifies a token once and answers repeats from memory with the same claims', async () => {
    const { verify, calls } = setup();
    const token = sign({ sub: 'u1', sid: 's1' });
    const first = await verify(token);
    const again = await verify(token);
    expect(first.err).toBeNull();
    expect(again.payload).toEqual(first.payload);
    expect(calls()).toBe(1);
  });

  it('never remembers a failure: a bad signature, another algorithm or an expired token fail every time', async () => {
    const { verify, calls } = setup();
    const forged = sign({ sub: 'u1' }, keyB);
    const none = jwt.sign({ sub: 'u1' }, '', { algorithm: 'none' });
    const expired = sign({ sub: 'u1' }, keyA, -10);
    for (const token of [forged, none, expired]) {
      expect((await verify(token)).err).toBeTruthy();
      expect((await verify(token)).err).toBeTruthy();
    }
    expect(calls()).toBe(6);
  });

  it('a remembered token stops passing when its exp is reached', async () => {
    let now = Date.now();
    const { verify, calls } = setup(() => now);
    const token = sign({ sub: 'u1' }, keyA, 60);
    expect((await verify(token)).err).toBeNull();
    now += 61_000; // the memo's clock is past exp; jsonwebtoken's real clock is not, so it verifies again
    expect((await verify(token)).err).toBeNull();
    expect(calls()).toBe(2);
  });

  it('a token verified under one key is not accepted under another', async () => {
    const { verify, calls } = setup();
    const token = sign({ sub: 'u1' }, keyA);
    expect((await verify(token, keyA)).err).toBeNull();
    expect((await verify(token, keyB)).err).toBeTruthy();
    expect(calls()).toBe(2);
  });

  it('holds at most `max` tokens per key, forgetting the oldest', async () => {
    const { verify, calls } = setup();
    const tokens = [1, 2, 3, 4].map((i) => sign({ sub: `u${i}` }));
    for (const t of tokens) await verify(t);
    expect(calls()).toBe(4);
    await verify(tokens[3]);
    expect(calls()).toBe(4);
    await verify(tokens[0]); // forgotten: verified again
    expect(calls()).toBe(5);
  });
});
