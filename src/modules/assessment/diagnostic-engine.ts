import { type BktParams, bktPosterior, clamp, DEFAULT_BKT, pCorrect } from './bkt';

/**
 * Adaptive diagnostic over a topic graph. Pure: no I/O, deterministic.
 *
 * State: P(known) per topic (the learner's stored mastery, or BKT's pInit).
 *
 * Evidence propagation. A direct answer on topic t updates t by the BKT posterior (no learning
 * step: a diagnostic measures, it does not teach). It is also weaker evidence about other topics:
 * - a correct answer is evidence FOR t's prerequisites (transitively): whoever can answer on t
 *   most likely knows what t builds on;
 * - a wrong answer is evidence AGAINST t's dependants (transitively): whoever fails t most likely
 *   does not know what builds on it.
 * A correct answer says nothing about dependants, and a wrong one nothing about prerequisites.
 * The weakened evidence is a tempered likelihood: at h hops the answer's likelihood ratio
 * P(answer | known) / P(answer | unknown) is raised to the power decay^h, i.e. it counts as a
 * fraction decay^h of a direct observation (h = shortest path length in the graph).
 *
 * Information gain of asking t: the expected reduction of the summed binary entropy of t and
 * every topic its answer propagates to, averaged over the two outcomes with
 * P(correct) = bkt.pCorrect(P(known of t)).
 */
export interface DiagTopic {
  id: string;
  prerequisites: string[];
  /** current P(known); defaults to params.pInit */
  p?: number;
}

export interface DiagnosticOptions {
  params?: BktParams;
  /** evidence weight lost per hop when propagating (0..1) */
  decay?: number;
  /** classified as known above this */
  high?: number;
  /** classified as not known below this */
  low?: number;
}

export const DIAG_DECAY = 0.6;
export const CLASSIFIED_HIGH = 0.85;
export const CLASSIFIED_LOW = 0.15;

export function entropy(p: number): number {
  if (p <= 0 || p >= 1) return 0;
  return -(p * Math.log2(p) + (1 - p) * Math.log2(1 - p));
}

/** Posterior of P(known) with the answer's likelihood tempered to weight w (w = 1: plain BKT posterior). */
export function temperedPosterior(p: number, correct: boolean, w: number, params: BktParams = DEFAULT_BKT): number {
  if (w >= 1) return bktPosterior(p, correct, params);
  const lk = correct ? 1 - params.pSlip : params.pSlip;
  const lu = correct ? params.pGuess : 1 - params.pGuess;
  const known = p * Math.pow(lk, w);
  const unknown = (1 - p) * Math.pow(lu, w);
  return known / (known + unknown);
}

export class DiagnosticEngine {
  readonly params: BktParams;
  readonly decay: number;
  readonly high: number;
  readonly low: number;
  /** topic ids in the given order */
  readonly ids: string[];
  private readonly p = new Map<string, number>();
  /** transitive prerequisites with their hop distance */
  private readonly up = new Map<string, Map<string, number>>();
  /** transitive dependants with their hop distance */
  private readonly down = new Map<string, Map<string, number>>();
  /** answers given so far, per topic */
  private readonly asked = new Map<string, number>();

  constructor(topics: DiagTopic[], opts: DiagnosticOptions = {}) {
    this.params = opts.params ?? DEFAULT_BKT;
    this.decay = opts.decay ?? DIAG_DECAY;
    this.high = opts.high ?? CLASSIFIED_HIGH;
    this.low = opts.low ?? CLASSIFIED_LOW;
    this.ids = topics.map((t) => t.id);
    const known = new Set(this.ids);
    const prereqs = new Map<string, string[]>();
    const deps = new Map<string, string[]>(this.ids.map((id) => [id, []]));
    for (const t of topics) {
      this.p.set(t.id, clamp(t.p ?? this.params.pInit));
      const ps = [...new Set(t.prerequisites)].filter((x) => known.has(x) && x !== t.id);
      prereqs.set(t.id, ps);
      for (const x of ps) deps.get(x)!.push(t.id);
    }
    for (const id of this.ids) {
      this.up.set(id, bfs(id, prereqs));
      this.down.set(id, bfs(id, deps));
    }
  }

  /** A copy with the same graph and the current state. */
  clone(): DiagnosticEngine {
    const c = Object.create(DiagnosticEngine.prototype) as DiagnosticEngine;
    Object.assign(c, this, { p: new Map(this.p), asked: new Map(this.asked) });
    return c;
  }

  prob(id: string): number {
    const v = this.p.get(id);
    if (v === undefined) throw new Error(`unknown topic ${id}`);
    return v;
  }

  state(): Map<string, number> {
    return new Map(this.p);
  }

  askedCount(id: string): number {
    return this.asked.get(id) ?? 0;
  }

  classified(id: string): boolean {
    const p = this.prob(id);
    return p > this.high || p < this.low;
  }

  allClassified(): boolean {
    return this.ids.every((id) => this.classified(id));
  }

  /** Topics an answer on `id` moves, with the weight of the evidence each receives. */
  reach(id: string, correct: boolean): Map<string, number> {
    const out = new Map<string, number>([[id, 1]]);
    for (const [other, hops] of (correct ? this.up : this.down).get(id)!) out.set(other, Math.pow(this.decay, hops));
    return out;
  }

  /** The state after an answer on `id`, without applying it. */
  private outcome(id: string, correct: boolean): Map<string, number> {
    const next = new Map<string, number>();
    for (const [other, w] of this.reach(id, correct))
      next.set(other, clamp(temperedPosterior(this.p.get(other)!, correct, w, this.params)));
    return next;
  }

  /** Expected reduction of total entropy (bits) over the graph from asking `id`. */
  expectedGain(id: string): number {
    const pc = pCorrect(this.prob(id), this.params);
    const after = (correct: boolean) => {
      let delta = 0;
      for (const [other, p] of this.outcome(id, correct)) delta += entropy(this.p.get(other)!) - entropy(p);
      return delta;
    };
    return pc * after(true) + (1 - pc) * after(false);
  }

  /** The unclassified topic with the highest expected gain (ties: earlier in the given order); null when done. */
  next(candidates: Iterable<string> = this.ids): string | null {
    let best: string | null = null;
    let bestGain = -Infinity;
    for (const id of candidates) {
      if (this.classified(id)) continue;
      const g = this.expectedGain(id);
      if (g > bestGain + 1e-12) {
        best = id;
        bestGain = g;
      }
    }
    return best;
  }

  /** Applies an observed answer on `id` and what it implies for its neighbours. */
  update(id: string, correct: boolean): void {
    for (const [other, p] of this.outcome(id, correct)) this.p.set(other, p);
    this.asked.set(id, this.askedCount(id) + 1);
  }

  /**
   * Short form (a whole test chosen up front, because the client submits every answer at once).
   * Greedy: pick the unasked, unclassified topic with the highest expected gain, then update the
   * state with that question's EXPECTED outcome and repeat. "Expected outcome" is the most likely
   * answer under the current state (correct when pCorrect >= 0.5): the mean posterior would not
   * do, because for the asked topic itself E[posterior] equals the prior (the posterior is a
   * martingale), so nothing would ever count as settled. With the most likely answer the planned
   * form covers first what the answers are least predictable on, and stops when every topic is
   * expected to be classified (asked topics count as settled: they will be observed) or at `cap`.
   * Each topic is asked at most once. The engine itself is not changed.
   */
  shortForm(cap: number, opts: { candidates?: Iterable<string>; min?: number } = {}): string[] {
    const sim = this.clone();
    const candidates = new Set(opts.candidates ?? this.ids);
    const chosen: string[] = [];
    const settled = (id: string) => chosen.includes(id) || sim.classified(id);
    while (chosen.length < cap) {
      if (this.ids.every(settled) && chosen.length >= (opts.min ?? 0)) break;
      const open = [...candidates].filter((id) => !chosen.includes(id));
      // Past the stopping point but under the minimum length: the best remaining topic even if classified.
      let pick = sim.next(open);
      if (pick === null && chosen.length < (opts.min ?? 0)) pick = bestByGain(sim, open);
      if (pick === null) break;
      chosen.push(pick);
      sim.update(pick, pCorrect(sim.prob(pick), sim.params) >= 0.5);
    }
    return chosen;
  }
}

function bestByGain(e: DiagnosticEngine, ids: string[]): string | null {
  let best: string | null = null;
  let g = -Infinity;
  for (const id of ids) {
    const x = e.expectedGain(id);
    if (x > g + 1e-12) {
      best = id;
      g = x;
    }
  }
  return best;
}

function bfs(start: string, edges: Map<string, string[]>): Map<string, number> {
  const dist = new Map<string, number>();
  let frontier = [start];
  for (let hops = 1; frontier.length > 0; hops++) {
    const next: string[] = [];
    for (const id of frontier)
      for (const x of edges.get(id) ?? []) {
        if (x === start || dist.has(x)) continue;
        dist.set(x, hops);
        next.push(x);
      }
    frontier = next;
  }
  return dist;
}
