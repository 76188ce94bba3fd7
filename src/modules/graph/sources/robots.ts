/**
 * robots.txt rules for one user agent: the group naming our agent if there is one, else the
 * `*` group. Longest matching rule wins; Allow wins a tie (RFC 9309).
 */
export class RobotsRules {
  constructor(private readonly rules: { allow: boolean; pattern: string }[]) {}

  static allowAll(): RobotsRules {
    return new RobotsRules([]);
  }

  static parse(text: string, agent: string): RobotsRules {
    const groups: { agents: string[]; rules: { allow: boolean; pattern: string }[] }[] = [];
    let current: (typeof groups)[number] | null = null;
    let lastWasAgent = false;
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.replace(/#.*$/, '').trim();
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
        if (value) current.rules.push({ allow: key === 'allow', pattern: value });
        lastWasAgent = false;
      } else {
        lastWasAgent = false;
      }
    }
    const name = agent.toLowerCase();
    const mine = groups.filter((g) => g.agents.some((a) => a !== '*' && name.includes(a)));
    const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes('*'));
    return new RobotsRules(chosen.flatMap((g) => g.rules));
  }

  /** `path` is the URL's path plus query. */
  isAllowed(path: string): boolean {
    let best: { allow: boolean; length: number } | null = null;
    for (const r of this.rules) {
      if (!matches(r.pattern, path)) continue;
      const length = r.pattern.length;
      if (!best || length > best.length || (length === best.length && r.allow)) best = { allow: r.allow, length };
    }
    return best ? best.allow : true;
  }
}

function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const re = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${re}${anchored ? '$' : ''}`).test(path);
}
