import { bktPosterior, DEFAULT_BKT } from './bkt';
import { DiagnosticEngine, type DiagTopic, entropy, temperedPosterior } from './diagnostic-engine';

// a -> b -> c -> d (a is the root prerequisite), plus an isolated topic z.
const chain = (p = 0.5): DiagTopic[] => [
  { id: 'a', prerequisites: [], p },
  { id: 'b', prerequisites: ['a'], p },
  { id: 'c', prerequisites: ['b'], p },
  { id: 'd', prerequisites: ['c'], p },
  { id: 'z', prerequisites: [], p },
];

describe('DiagnosticEngine', () => {
  it('tempered evidence is the BKT posterior at full weight and nothing at zero weight', () => {
    expect(temperedPosterior(0.3, true, 1)).toBeCloseTo(bktPosterior(0.3, true), 12);
    expect(temperedPosterior(0.3, false, 0)).toBeCloseTo(0.3, 12);
    expect(temperedPosterior(0.3, true, 0.5)).toBeGreaterThan(0.3);
    expect(temperedPosterior(0.3, true, 0.5)).toBeLessThan(bktPosterior(0.3, true));
    expect(entropy(0.5)).toBeCloseTo(1, 12);
  });

  it('a correct answer raises the prerequisites, weaker per hop, and leaves dependants alone', () => {
    const e = new DiagnosticEngine(chain());
    e.update('c', true);
    expect(e.prob('c')).toBeCloseTo(bktPosterior(0.5, true), 10);
    expect(e.prob('b')).toBeGreaterThan(0.5);
    expect(e.prob('a')).toBeGreaterThan(0.5);
    expect(e.prob('b')).toBeGreaterThan(e.prob('a'));
    expect(e.prob('c')).toBeGreaterThan(e.prob('b'));
    expect(e.prob('d')).toBe(0.5);
    expect(e.prob('z')).toBe(0.5);
  });

  it('a wrong answer lowers the dependants, weaker per hop, and leaves prerequisites alone', () => {
    const e = new DiagnosticEngine(chain());
    e.update('b', false);
    expect(e.prob('b')).toBeCloseTo(bktPosterior(0.5, false), 10);
    expect(e.prob('c')).toBeLessThan(0.5);
    expect(e.prob('d')).toBeLessThan(0.5);
    expect(e.prob('d')).toBeGreaterThan(e.prob('c'));
    expect(e.prob('a')).toBe(0.5);
    expect(e.prob('z')).toBe(0.5);
  });

  it('information gain prefers a topic connected to others over an isolated one, and skips classified topics', () => {
    const e = new DiagnosticEngine(chain());
    expect(e.expectedGain('b')).toBeGreaterThan(e.expectedGain('z'));
    expect(e.expectedGain('z')).toBeGreaterThan(0);
    expect(['b', 'c']).toContain(e.next());
    const settled = new DiagnosticEngine(chain(0.95).map((t) => (t.id === 'z' ? { ...t, p: 0.5 } : t)));
    expect(settled.next()).toBe('z');
  });

  it('stops: next() is null once every topic is classified, and sequential answers get there', () => {
    const e = new DiagnosticEngine(chain());
    let asked = 0;
    for (let id = e.next(); id !== null; id = e.next()) {
      e.update(id, true);
      asked++;
      expect(asked).toBeLessThan(20);
    }
    expect(e.allClassified()).toBe(true);
    expect(e.next()).toBeNull();
    expect(new DiagnosticEngine(chain(0.99)).next()).toBeNull();
  });

  it('short form: no duplicates, respects the cap, stops when all is expected classified, leaves the engine unchanged', () => {
    const topics: DiagTopic[] = Array.from({ length: 30 }, (_, i) => ({
      id: `t${i}`,
      prerequisites: i % 5 === 0 ? [] : [`t${i - 1}`],
      p: 0.5,
    }));
    const e = new DiagnosticEngine(topics);
    const form = e.shortForm(10);
    expect(form.length).toBe(10);
    expect(new Set(form).size).toBe(form.length);
    expect(e.prob('t0')).toBe(0.5);

    // Everything already classified: nothing to ask, unless a minimum length is asked for.
    const known = new DiagnosticEngine(topics.map((t) => ({ ...t, p: 0.97 })));
    expect(known.shortForm(10)).toEqual([]);
    const min = known.shortForm(10, { min: 3 });
    expect(min).toHaveLength(3);
    expect(new Set(min).size).toBe(3);

    // Small graph: it stops before the cap because every topic is expected classified.
    const small = new DiagnosticEngine(chain(DEFAULT_BKT.pInit));
    const f = small.shortForm(10);
    expect(f.length).toBeGreaterThan(0);
    expect(f.length).toBeLessThan(5);

    // Candidates restrict the choice.
    expect(e.shortForm(10, { candidates: ['t1', 't2'] }).every((id) => id === 't1' || id === 't2')).toBe(true);
  });
});
