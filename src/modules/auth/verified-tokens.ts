import { Strategy } from 'passport-jwt';

type Verify = (
  token: string,
  key: unknown,
  options: unknown,
  callback: (err: Error | null, payload?: unknown) => void,
) => void;

/** How many verified access tokens a process remembers (a few MB at most: tokens are ~250 bytes). */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * passport-jwt checks a bearer token's HS256 signature on every request; a learner's browser sends the
 * same token for its whole life (15 minutes), and an HMAC plus two JSON parses is the largest single
 * cost of a signed-in request after the framework itself. This remembers the tokens that verified
 * (never the ones that failed) with their claims, and answers a repeat from memory while the claims'
 * `exp` is in the future; the same bytes under the same key and options verify the same way, so only
 * the expiry can change the answer. The session check (`AccessTokenService.liveAccess`) still runs on
 * every request: logout and revocation are unaffected.
 */
export class VerifiedTokens {
  /** per key object (each strategy instance has its own), so a token verified under one key never passes under another */
  private readonly byKey = new WeakMap<object, Map<string, { exp: number; payload: unknown }>>();

  constructor(
    private readonly verify: Verify,
    private readonly max = VERIFIED_TOKENS_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  readonly verifier: Verify = (token, key, options, callback) => {
    // a string key (not this app's: it passes a KeyObject) is verified every time
    if (typeof key !== 'object' || key === null) return this.verify(token, key, options, callback);
    let entries = this.byKey.get(key);
    if (!entries) this.byKey.set(key, (entries = new Map()));
    const hit = entries.get(token);
    if (hit && hit.exp * 1000 > this.now()) return callback(null, hit.payload);
    if (hit) entries.delete(token);
    const remember = entries;
    this.verify(token, key, options, (err, payload) => {
      const exp = (payload as { exp?: unknown } | undefined)?.exp;
      if (!err && typeof exp === 'number' && !remember.has(token)) {
        if (remember.size >= this.max) remember.delete(remember.keys().next().value!);
        remember.set(token, { exp, payload });
      }
      callback(err, payload);
    });
  };
}

let installed: VerifiedTokens | undefined;

/**
 * Puts the memo in front of passport-jwt's verifier (a static of its Strategy, used by every JWT strategy
 * in the process; this app has one, with one key and fixed options). Idempotent.
 */
export function rememberVerifiedTokens(): VerifiedTokens {
  const holder = Strategy as unknown as { JwtVerifier: Verify };
  if (!installed) {
    installed = new VerifiedTokens(holder.JwtVerifier);
    holder.JwtVerifier = installed.verifier;
  }
  return installed;
}
