import fc from 'fast-check';
import { matchesRobotsPattern, MAX_PATTERN_LENGTH, RobotsRules } from './robots';

/** Seeded: a failure prints its seed and path; to try other runs, change the seed here. */
const runs = { seed: 30, numRuns: 300 };

/**
 * The simple reference: RFC 9309's pattern as a regular expression (`*` any run, a final `$` the end,
 * anchored at the start). Fine for the short patterns drawn here; the module must not compile one.
 */
function reference(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`, 's').test(path);
}

/** A small alphabet makes matches common; `$` may occur anywhere in a pattern and in a path. */
const pattern = fc.string({ unit: fc.constantFrom('/', 'a', 'b', '*', '*', '$', '?'), minLength: 1, maxLength: 8 });
const path = fc.string({ unit: fc.constantFrom('/', 'a', 'b', '$', '?'), maxLength: 12 }).map((p) => `/${p}`);

/** Longest matching rule wins, Allow wins a tie, no match allows (RFC 9309 2.2.2). */
function referenceAllowed(rules: { allow: boolean; pattern: string }[], p: string): boolean {
  const matching = rules.filter((r) => reference(r.pattern, p));
  if (!matching.length) return true;
  const longest = Math.max(...matching.map((r) => r.pattern.length));
  return matching.some((r) => r.pattern.length === longest && r.allow);
}

describe('robots (properties)', () => {
  it('matchesRobotsPattern agrees with the regular-expression reference', () => {
    fc.assert(
      fc.property(pattern, path, (pat, p) => {
        expect(matchesRobotsPattern(pat, p)).toBe(reference(pat, p));
      }),
      { ...runs, numRuns: 1500 },
    );
  });

  it('a site\'s rules decide like the reference: longest match, Allow on a tie, our group before "*"', () => {
    const rule = fc.record({ allow: fc.boolean(), pattern: pattern.map((p) => `/${p}`) });
    fc.assert(
      // at least one rule each: a user-agent line followed by another one (blank lines are not separators) joins its group
      fc.property(
        fc.array(rule, { minLength: 1, maxLength: 6 }),
        fc.array(rule, { minLength: 1, maxLength: 4 }),
        path,
        (mine, others, p) => {
          const lines = (rs: typeof mine) =>
            rs.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`).join('\n');
          const text = `User-agent: *\n${lines(others)}\n\nUser-agent: LearnBot\n${lines(mine)}\n`;
          expect(RobotsRules.parse(text, 'LearnBot/1.0').isAllowed(p)).toBe(referenceAllowed(mine, p));
          expect(RobotsRules.parse(text, 'SomeoneElse').isAllowed(p)).toBe(referenceAllowed(others, p));
        },
      ),
      runs,
    );
  });

  it('an over-long Disallow never lets through a path the full rule forbids', () => {
    fc.assert(
      fc.property(
        pattern,
        fc.integer({ min: 1, max: 40 }),
        path,
        fc.string({ maxLength: 30 }),
        (pat, extra, p, tail) => {
          const long = `/${'a'.repeat(MAX_PATTERN_LENGTH)}${pat.repeat(extra)}`;
          const target = `/${'a'.repeat(MAX_PATTERN_LENGTH)}${p}${tail}`;
          const rules = RobotsRules.parse(`User-agent: *\nDisallow: ${long}\n`, 'LearnBot');
          if (reference(long, target)) expect(rules.isAllowed(target)).toBe(false);
        },
      ),
      { ...runs, numRuns: 100 },
    );
  });
});
