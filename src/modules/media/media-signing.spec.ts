import * as crypto from 'node:crypto';
import { type MediaGrant, mediaSignature, signedMediaPath, verifyMediaSignature } from './media-signing';

jest.mock('node:crypto', () => {
  const actual = jest.requireActual<typeof crypto>('node:crypto');
  return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});

const SECRET = 's'.repeat(43);
const NOW = 1_900_000_000;
const grant: MediaGrant = {
  subjectId: 'vagus-nerve',
  fileName: 'tts/vn-anatomy-1a2b3c4d.mp3',
  userId: 'u-1',
  exp: NOW + 60,
};
const query = (g: MediaGrant, sig = mediaSignature(SECRET, g)) => ({ ...g, exp: String(g.exp), sig });

describe('media URL signatures', () => {
  it('verifies what it signed, until the expiry', () => {
    expect(verifyMediaSignature(SECRET, query(grant), NOW)).toBe('ok');
    expect(verifyMediaSignature(SECRET, query(grant), NOW + 59)).toBe('ok');
    expect(verifyMediaSignature(SECRET, query(grant), NOW + 60)).toBe('expired');
    expect(verifyMediaSignature(SECRET, query(grant), NOW + 3600)).toBe('expired');
  });

  it('refuses a change to any signed part', () => {
    const sig = mediaSignature(SECRET, grant);
    const changed = [
      { ...query(grant), subjectId: 'metabolic', sig },
      { ...query(grant), fileName: 'tts/vn-anatomy-ffffffff.mp3', sig },
      { ...query(grant), userId: 'u-2', sig },
      { ...query(grant), userId: null, sig },
      { ...query(grant), exp: String(grant.exp + 1), sig },
    ];
    for (const q of changed) expect(verifyMediaSignature(SECRET, q, NOW)).toBe('invalid');
    expect(verifyMediaSignature('t'.repeat(43), query(grant), NOW)).toBe('invalid');
  });

  it('refuses a tampered or malformed signature and expiry', () => {
    const sig = mediaSignature(SECRET, grant);
    const bad = [
      (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1),
      sig.slice(0, -1),
      `${sig}A`,
      '',
      sig.toUpperCase() === sig ? sig.toLowerCase() : sig.toUpperCase(),
    ];
    for (const s of bad) expect(verifyMediaSignature(SECRET, query(grant, s), NOW)).toBe('invalid');
    expect(verifyMediaSignature(SECRET, { ...query(grant), sig: undefined }, NOW)).toBe('invalid');
    expect(verifyMediaSignature(SECRET, { ...query(grant), exp: undefined }, NOW)).toBe('invalid');
    for (const exp of ['', 'soon', '1e12', '-5', `${grant.exp}.0`, ' 1']) {
      expect(verifyMediaSignature(SECRET, { ...query(grant), exp }, NOW)).toBe('invalid');
    }
  });

  it('signs the same lines as every earlier release, so links already handed out still verify after a deploy', () => {
    // HMAC-SHA256 (base64url) of "v1\nvagus-nerve\ntts/vn-anatomy-1a2b3c4d.mp3\n<user or nothing>\n1900000060"
    expect(mediaSignature(SECRET, grant)).toBe('BsBs9mKTJJzVVAHYDUmVnZqBiv3S9QwNmo5BnJXrjik');
    expect(mediaSignature(SECRET, { ...grant, userId: null })).toBe('KMRB2qS4dlhT93fss0sPHWaVHK4YpdufaDOPiwh1Mlc');
  });

  it('without a clock, checks the expiry against the current time', () => {
    const now = Math.floor(Date.now() / 1000);
    const live = { ...grant, exp: now + 3600 };
    const past = { ...grant, exp: now - 3600 };
    expect(verifyMediaSignature(SECRET, query(live))).toBe('ok');
    expect(verifyMediaSignature(SECRET, query(past))).toBe('expired');
  });

  it('does not let fields run into each other', () => {
    // "a" + "b\nc" and "a\nb" + "c" would hash alike if newlines were allowed in a field
    const a = { ...grant, subjectId: 'a', fileName: 'b\nc' };
    expect(verifyMediaSignature(SECRET, query(a), NOW)).toBe('invalid');
    expect(mediaSignature(SECRET, { ...grant, userId: null })).toBe(mediaSignature(SECRET, { ...grant, userId: null }));
    expect(mediaSignature(SECRET, { ...grant, subjectId: 'ab', fileName: 'c' })).not.toBe(
      mediaSignature(SECRET, { ...grant, subjectId: 'a', fileName: 'bc' }),
    );
  });

  it('compares signatures of equal length in constant time, with timingSafeEqual', () => {
    const spy = crypto.timingSafeEqual as jest.Mock;
    spy.mockClear();
    const sig = mediaSignature(SECRET, grant);
    verifyMediaSignature(SECRET, query(grant, (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)), NOW);
    verifyMediaSignature(SECRET, query(grant), NOW);
    expect(spy).toHaveBeenCalledTimes(2);
    // a wrong length is refused before any comparison (the digest length is public)
    verifyMediaSignature(SECRET, query(grant, sig.slice(1)), NOW);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('builds a URL on our own origin whose parts verify', () => {
    const path = signedMediaPath(SECRET, grant);
    expect(path.startsWith('/api/media/file/vagus-nerve/tts%2Fvn-anatomy-1a2b3c4d.mp3?')).toBe(true);
    const u = new URL(path, 'http://x');
    const [, , , , subject, file] = u.pathname.split('/');
    const q = {
      subjectId: decodeURIComponent(subject),
      fileName: decodeURIComponent(file),
      userId: u.searchParams.get('u'),
      exp: u.searchParams.get('exp') ?? undefined,
      sig: u.searchParams.get('sig') ?? undefined,
    };
    expect(verifyMediaSignature(SECRET, q, NOW)).toBe('ok');
    expect(new URL(signedMediaPath(SECRET, { ...grant, userId: null }), 'http://x').searchParams.get('u')).toBe('');
  });
});
