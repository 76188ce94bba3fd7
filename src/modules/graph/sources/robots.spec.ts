import { MAX_PATH_LENGTH, MAX_PATTERN_LENGTH, RobotsRules, matchesRobotsPattern } from './robots';

const AGENT = 'AdaptiveLearningBot';

/**
 * The reference: RFC 9309 matching spelled out as a memoised recursion over (pattern index, path
 * index). Slow but obviously right, so the fast matcher is compared with it on random inputs.
 */
function reference(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const p = anchored ? pattern.slice(0, -1) : pattern;
  const memo = new Map<number, boolean>();
  const go = (i: number, j: number): boolean => {
    const key = i * (path.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let ok: boolean;
    if (i === p.length) ok = anchored ? j === path.length : true;
    else if (p[i] === '*') ok = go(i + 1, j) || (j < path.length && go(i, j + 1));
    else ok = j < path.length && p[i] === path[j] && go(i + 1, j + 1);
    memo.set(key, ok);
    return ok;
  };
  return go(0, 0);
}

/** A small seeded generator (mulberry32), so a failing case can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function timed<T>(fn: () => T): { value: T; ms: number } {
  const start = process.hrtime.bigint();
  const value = fn();
  return { value, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

describe('matchesRobotsPattern', () => {
  it.each([
    ['/', '/anything', true],
    ['/fish', '/fish.html', true],
    ['/fish', '/Fish.asp', false],
    ['/fish*', '/fishheads/yummy.html', true],
    ['/fish/', '/fish', false],
    ['/*.php', '/folder/filename.php?parameters', true],
    ['/*.php$', '/filename.php', true],
    ['/*.php$', '/filename.php?parameters', false],
    ['/*.php$', '/filename.php5', false],
    ['/fish*.php', '/fishheads/catfish.php?parameters', true],
    ['/fish*.php', '/Fish.PHP', false],
    ['*', '/x', true],
    ['$', '', true],
    ['/a$b', '/a$b/c', true],
    ['/**a', '/xa', true],
    ['/*a*b$', '/xaxbxa', false],
    ['/*a*b$', '/xaxbxb', true],
  ])('%s against %s is %s', (pattern, path, expected) => {
    expect(matchesRobotsPattern(pattern, path)).toBe(expected);
    expect(reference(pattern, path)).toBe(expected);
  });

  it('agrees with the reference on thousands of small random patterns and paths', () => {
    const random = rng(20240610);
    const pick = (alphabet: string, max: number) =>
      Array.from(
        { length: Math.floor(random() * (max + 1)) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
    let matched = 0;
    for (let n = 0; n < 20000; n++) {
      const pattern = pick('ab/*', 7) + (random() < 0.4 ? '$' : '');
      const path = pick('ab/', 9);
      const expected = reference(pattern, path);
      if (matchesRobotsPattern(pattern, path) !== expected)
        throw new Error(`${JSON.stringify(pattern)} vs ${JSON.stringify(path)}: expected ${expected}`);
      if (expected) matched++;
    }
    // Both outcomes were exercised, not only one.
    expect(matched).toBeGreaterThan(2000);
    expect(matched).toBeLessThan(18000);
  });
});

describe('RobotsRules', () => {
  it('follows RFC 9309: the longest match wins and Allow wins a tie', () => {
    const rules = RobotsRules.parse(
      [
        'User-agent: *',
        'Disallow: /private',
        'Allow: /private/open',
        'Disallow: /*.pdf$',
        'Allow: /page',
        'Disallow: /page',
      ].join('\n'),
      AGENT,
    );
    expect(rules.isAllowed('/private/secret')).toBe(false);
    expect(rules.isAllowed('/private/open/doc')).toBe(true);
    expect(rules.isAllowed('/files/a.pdf')).toBe(false);
    expect(rules.isAllowed('/files/a.pdf?x=1')).toBe(true);
    expect(rules.isAllowed('/page')).toBe(true);
    expect(rules.isAllowed('/elsewhere')).toBe(true);
  });

  it('uses the group naming the agent, else the * group', () => {
    const text = 'User-agent: *\nDisallow: /\n\nUser-agent: adaptivelearningbot\nDisallow: /drafts\n';
    expect(RobotsRules.parse(text, AGENT).isAllowed('/articles')).toBe(true);
    expect(RobotsRules.parse(text, AGENT).isAllowed('/drafts/1')).toBe(false);
    expect(RobotsRules.parse(text, 'OtherBot').isAllowed('/articles')).toBe(false);
  });

  it('judges a pathological wildcard rule in linear time, and rightly', () => {
    // With a backtracking regular expression this one path took about 20 seconds.
    const rules = RobotsRules.parse('User-agent: *\nDisallow: /*a*a*a*a*a*a$\n', AGENT);
    const { value, ms } = timed(() => [
      rules.isAllowed(`/${'a'.repeat(100)}b`),
      rules.isAllowed(`/${'a'.repeat(100)}`),
    ]);
    expect(value).toEqual([true, false]);
    expect(ms).toBeLessThan(50);
  });

  it('stays fast at the length caps, even with thousands of such rules', () => {
    const lines = ['User-agent: *'];
    for (let i = 0; i < 2000; i++)
      lines.push(`Disallow: /*${'a*'.repeat(40)}${i}$`, `Allow: /*${'b*'.repeat(40)}x${i}`);
    const rules = RobotsRules.parse(lines.join('\n'), AGENT);
    const longest = `/${'a'.repeat(MAX_PATH_LENGTH - 2)}b`;
    expect(longest).toHaveLength(MAX_PATH_LENGTH);
    const { value, ms } = timed(() => [
      rules.isAllowed(longest),
      rules.isAllowed(`/${'a'.repeat(MAX_PATH_LENGTH - 6)}1999`),
    ]);
    expect(value).toEqual([true, false]);
    expect(ms).toBeLessThan(500);
  });

  it('refuses a path longer than the cap when there are rules to judge it by', () => {
    const tooLong = `/${'x'.repeat(MAX_PATH_LENGTH)}`;
    expect(RobotsRules.parse('User-agent: *\nDisallow: /private\n', AGENT).isAllowed(tooLong)).toBe(false);
    expect(RobotsRules.parse('User-agent: *\nDisallow:\n', AGENT).isAllowed(tooLong)).toBe(true);
    expect(RobotsRules.allowAll().isAllowed(tooLong)).toBe(true);
  });

  it('cuts an over-long Disallow to the cap (refusing at least as much) and drops an over-long Allow', () => {
    const long = `/docs/${'d'.repeat(MAX_PATTERN_LENGTH)}`;
    const rules = RobotsRules.parse(
      `User-agent: *\nDisallow: ${long}$\nAllow: /${'o'.repeat(MAX_PATTERN_LENGTH)}\nDisallow: /o\n`,
      AGENT,
    );
    expect(rules.isAllowed(long)).toBe(false);
    expect(rules.isAllowed(`${long}/more`)).toBe(false);
    expect(rules.isAllowed('/docs/short')).toBe(true);
    // The Allow rule would have won by length; dropped, it cannot open what Disallow: /o closes.
    expect(rules.isAllowed(`/${'o'.repeat(MAX_PATTERN_LENGTH)}`)).toBe(false);
  });
});
