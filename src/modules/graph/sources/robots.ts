/** Rules longer than this are cut (Disallow) or dropped (Allow): see `RobotsRules.parse`. */
export const MAX_PATTERN_LENGTH = 512;
/** Paths (with query) longer than this are refused when there are rules: see `RobotsRules.isAllowed`. */
export const MAX_PATH_LENGTH = 2048;

interface Rule {
  allow: boolean;
  pattern: string;
  /** the rule's length as the site wrote it: RFC 9309's "most octets" precedence */
  length: number;
}

/**
 * robots.txt rules for one user agent: the group naming our agent if there is one, else the
 * `*` group. Longest matching rule wins; Allow wins a tie (RFC 9309).
 *
 * Patterns are matched by `matchesRobotsPattern`, never compiled to a regular expression: a
 * backtracking engine needs minutes for a rule like `/*a*a*a*a*a*a$` on one path, and the crawl
 * worker's event loop would stand still meanwhile.
 */
export class RobotsRules {
  private readonly rules: Rule[];

  private constructor(rules: Rule[]) {
    // Most specific first, Allow before Disallow at equal length: the first match decides.
    this.rules = [...rules].sort((a, b) => b.length - a.length || Number(b.allow) - Number(a.allow));
  }

  static allowAll(): RobotsRules {
    return new RobotsRules([]);
  }

  static parse(text: string, agent: string): RobotsRules {
    const groups: { agents: string[]; rules: Rule[] }[] = [];
    let current: (typeof groups)[number] | null = null;
    let lastWasAgent = false;
    // RFC 9309's EOL is CR, LF or CRLF: a file of bare CRs is as many lines, not one that matches nothing
    for (const raw of text.split(/\r\n|\r|\n/)) {
      const hash = raw.indexOf('#');
      const line = (hash < 0 ? raw : raw.slice(0, hash)).trim();
      const m = /^([a-z-]+)\s*:\s*(.*)$/i.exec(line);
      if (!m) continue;
      const key = m[1].toLowerCase();
      const value = m[2].trim();
      if (key === 'user-agent') {
        if (!current || !lastWasAgent) {
          current = { agents: [], rules: [] };
          groups.push(current);
        }
        current.agents.push(value.toLowerCase());
        lastWasAgent = true;
      } else if ((key === 'allow' || key === 'disallow') && current) {
        // An empty Disallow allows everything: it adds no rule.
        const rule = value ? capped(key === 'allow', value) : null;
        if (rule) current.rules.push(rule);
        lastWasAgent = false;
      } else {
        lastWasAgent = false;
      }
    }
    const name = agent.toLowerCase();
    // an empty `User-agent:` names no one (every name includes '')
    const mine = groups.filter((g) => g.agents.some((a) => a !== '' && a !== '*' && name.includes(a)));
    const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes('*'));
    return new RobotsRules(chosen.flatMap((g) => g.rules));
  }

  /**
   * `path` is the URL's path plus query. A path longer than MAX_PATH_LENGTH is refused outright
   * when the site has rules: judging only its start could miss a Disallow that matches further on.
   */
  isAllowed(path: string): boolean {
    if (!this.rules.length) return true;
    if (path.length > MAX_PATH_LENGTH) return false;
    for (const r of this.rules) if (matchesRobotsPattern(r.pattern, path)) return r.allow;
    return true;
  }
}

/**
 * A rule within the length cap. An over-long Disallow is cut to the cap and loses its `$`
 * anchor, so it matches every path the full rule matches (and perhaps more): it never lets
 * through what the site forbade. An over-long Allow is dropped, for the same reason.
 */
function capped(allow: boolean, pattern: string): Rule | null {
  if (pattern.length <= MAX_PATTERN_LENGTH) return { allow, pattern, length: pattern.length };
  if (allow) return null;
  return { allow, pattern: pattern.slice(0, MAX_PATTERN_LENGTH).replace(/\$$/, ''), length: pattern.length };
}

/**
 * Whether a robots.txt path pattern matches `path` (RFC 9309 2.2.3): the pattern matches from
 * the start of the path; `*` stands for any run of characters; a `$` at the very end anchors the
 * pattern at the end of the path (elsewhere `$` is an ordinary character).
 *
 * Greedy and without backtracking: the literal pieces between the `*`s are found left to right,
 * each at its first occurrence after the previous one. The first occurrence is never worse than a
 * later one (it leaves the most of the path for the pieces after it), so this is exact. Each
 * piece is one `indexOf` from where the last one ended: O(pattern × path) at worst, in practice
 * linear.
 */
export function matchesRobotsPattern(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = pieces[0];
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return !anchored || path.length === first.length;
  let pos = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    if (!pieces[i]) continue;
    const at = path.indexOf(pieces[i], pos);
    if (at < 0) return false;
    pos = at + pieces[i].length;
  }
  const last = pieces[pieces.length - 1];
  // Without `$` the last piece may occur anywhere further on; with it, it must end the path.
  if (!anchored) return path.indexOf(last, pos) >= 0;
  return path.length - last.length >= pos && path.endsWith(last);
}
