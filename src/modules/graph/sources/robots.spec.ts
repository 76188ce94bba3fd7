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

/**
 * A path that counts the searches the matcher makes in it (startsWith, indexOf, endsWith: each one native scan
 * of the path). The matcher's work, measured without a clock: a backtracking matcher makes a number of steps
 * exponential in the rule's `*`s, this one at most one search per piece of the rule.
 */
class CountedPath extends String {
  searches = 0;
  override startsWith(search: string, position?: number): boolean {
    this.searches++;
    return super.startsWith(search, position);
  }
  override indexOf(search: string, position?: number): number {
    this.searches++;
    return super.indexOf(search, position);
  }
  override endsWith(search: string, length?: number): boolean {
    this.searches++;
    return super.endsWith(search, length);
  }
  get text(): string {
    return this as unknown as string;
  }
}

/** How many searches the matcher may make for these rules: one per piece between `*`s, per rule. */
const pieceCount = (patterns: string[]) => patterns.reduce((n, p) => n + p.split('*').length, 0);

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

  it('reads lines as RFC 9309 writes them: comments, indentation, spacing around the colon, any EOL', () => {
    const text = [
      '# robots.txt # User-agent: LearnBot',
      '  User-agent : *   # everyone',
      '\tDisallow:/private',
      'Disallow : /drafts # not /drafts/public',
      'Allow: /drafts/public',
      '1Disallow: /numbered',
      'Sitemap: /sitemap',
      'Crawl-delay: 5',
    ];
    for (const eol of ['\n', '\r\n', '\r']) {
      const rules = RobotsRules.parse(text.join(eol), AGENT);
      expect([eol, rules.isAllowed('/private/x')]).toEqual([eol, false]);
      expect([eol, rules.isAllowed('/drafts/x')]).toEqual([eol, false]);
      expect([eol, rules.isAllowed('/drafts/public/x')]).toEqual([eol, true]);
      // neither a malformed key nor the lines that are not rules add a rule
      expect([eol, rules.isAllowed('/numbered'), rules.isAllowed('/sitemap')]).toEqual([eol, true, true]);
    }
    // a rule before any User-agent line belongs to no group
    expect(RobotsRules.parse('Disallow: /a\nUser-agent: *\nDisallow: /b\n', AGENT).isAllowed('/a')).toBe(true);
  });

  it('consecutive User-agent lines share their group; any other line ends the list of agents', () => {
    const text = [
      'User-agent: OtherBot',
      'User-agent: AdaptiveLearningBot',
      'Disallow: /mine',
      '',
      'User-agent: ThirdBot',
      'Crawl-delay: 5',
      'User-agent: FourthBot',
      'Disallow: /fourth',
      '',
      'User-agent: *',
      'Disallow: /',
    ].join('\n');
    const ours = RobotsRules.parse(text, AGENT);
    expect([ours.isAllowed('/mine'), ours.isAllowed('/else')]).toEqual([false, true]);
    const other = RobotsRules.parse(text, 'OtherBot');
    expect([other.isAllowed('/mine'), other.isAllowed('/else')]).toEqual([false, true]);
    // ThirdBot's group ended at Crawl-delay: it has no rules, and FourthBot's are not its own
    const third = RobotsRules.parse(text, 'ThirdBot');
    expect([third.isAllowed('/fourth'), third.isAllowed('/else')]).toEqual([true, true]);
    // an empty User-agent names no one: the * group applies
    expect(RobotsRules.parse('User-agent:\nAllow: /\n\nUser-agent: *\nDisallow: /\n', AGENT).isAllowed('/x')).toBe(
      false,
    );
  });

  it('keeps a rule of exactly the cap as written, and cuts a longer one at the cap (a $ left at the cut is no anchor)', () => {
    const exact = `/${'e'.repeat(MAX_PATTERN_LENGTH - 2)}$`;
    expect(exact).toHaveLength(MAX_PATTERN_LENGTH);
    const kept = RobotsRules.parse(`User-agent: *\nDisallow: ${exact}\n`, AGENT);
    expect([kept.isAllowed(exact.slice(0, -1)), kept.isAllowed(`${exact.slice(0, -1)}/more`)]).toEqual([false, true]);
    const allowExact = `/${'o'.repeat(MAX_PATTERN_LENGTH - 1)}`;
    expect(RobotsRules.parse(`User-agent: *\nAllow: ${allowExact}\nDisallow: /o\n`, AGENT).isAllowed(allowExact)).toBe(
      true,
    );
    // cut: the first 512 characters refuse whatever follows them
    const long = `/${'d'.repeat(MAX_PATTERN_LENGTH)}xyz`;
    const cut = RobotsRules.parse(`User-agent: *\nDisallow: ${long}\n`, AGENT);
    expect(cut.isAllowed(`/${'d'.repeat(MAX_PATTERN_LENGTH - 1)}other`)).toBe(false);
    // a literal $ that the cut leaves at the end is dropped, and a $ inside the kept part stays a character
    const dollar = `/a$${'d'.repeat(MAX_PATTERN_LENGTH - 4)}$tail`;
    const rules = RobotsRules.parse(`User-agent: *\nDisallow: ${dollar}\n`, AGENT);
    expect(rules.isAllowed(dollar)).toBe(false);
    expect(rules.isAllowed(`/a$${'d'.repeat(MAX_PATTERN_LENGTH - 4)}other`)).toBe(false);
    expect(rules.isAllowed(`/a${'d'.repeat(MAX_PATTERN_LENGTH)}`)).toBe(true);
  });

  it('judges a pathological wildcard rule with one search per piece, and rightly', () => {
    // With a backtracking regular expression this one path took about 20 seconds.
    const rule = '/*a*a*a*a*a*a$';
    const rules = RobotsRules.parse(`User-agent: *\nDisallow: ${rule}\n`, AGENT);
    const paths = [new CountedPath(`/${'a'.repeat(100)}b`), new CountedPath(`/${'a'.repeat(100)}`)];
    expect(paths.map((p) => rules.isAllowed(p.text))).toEqual([true, false]);
    for (const p of paths) {
      expect(p.searches).toBeGreaterThan(0);
      expect(p.searches).toBeLessThanOrEqual(pieceCount([rule]));
    }
  });

  it('stays linear at the length caps, even with thousands of such rules: one search per piece of each rule', () => {
    const lines = ['User-agent: *'];
    for (let i = 0; i < 2000; i++)
      lines.push(`Disallow: /*${'a*'.repeat(40)}${i}$`, `Allow: /*${'b*'.repeat(40)}x${i}`);
    const rules = RobotsRules.parse(lines.join('\n'), AGENT);
    const longest = new CountedPath(`/${'a'.repeat(MAX_PATH_LENGTH - 2)}b`);
    expect(longest.text).toHaveLength(MAX_PATH_LENGTH);
    const last = new CountedPath(`/${'a'.repeat(MAX_PATH_LENGTH - 6)}1999`);
    expect([rules.isAllowed(longest.text), rules.isAllowed(last.text)]).toEqual([true, false]);
    const bound = pieceCount(lines.slice(1).map((l) => l.slice(l.indexOf(':') + 2)));
    for (const p of [longest, last]) {
      expect(p.searches).toBeGreaterThan(0);
      expect(p.searches).toBeLessThanOrEqual(bound);
    }
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
