/**
 * A learner model over a subject's prerequisite graph, in the spirit of knowledge space theory. Pure: no I/O.
 *
 * A knowledge state is a set of topics closed under prerequisites (whoever knows a topic knows what it
 * builds on). The prior over states is generative, a mixture over the learner's ability a: in prerequisite
 * order, a topic whose prerequisites are all known is known with probability a, and a topic with an unknown
 * prerequisite is not known; a itself is drawn from the population's ability distribution (the shares of
 * their courses that earlier learners knew; uniform for the first ones). So a state with k known topics and
 * f topics ready but not known has prior sum_a pi(a) a^k (1 - a)^f. The states are enumerated exactly when
 * there are few enough (the demo courses of 16 topics have 79 to 182), else represented by distinct states
 * sampled from the prior (weights by count).
 *
 * That generative prior is one guess at how people learn; learners who take the course in another order
 * (say, any topic whose prerequisites they know, picked at random) make it overconfident: in simulation it
 * called 87% right where it expected 93%. So half of the prior's mass (ROBUST_PRIOR_SHARE) is uninformed:
 * uniform over how many topics a learner knows, and uniform over the states of that size. The posterior
 * then needs a little more evidence before it settles, and is calibrated for both kinds of learners
 * (bench/assessment).
 *
 * An answer to an item of topic t has likelihood 1 - slip when t is in the state and guess otherwise, so
 * Bayes' rule over states raises t and, through the states' structure, its prerequisites on a right answer,
 * and lowers t and its dependants on a wrong one. The marginal P(t known) is the posterior mass of the
 * states holding t: calibrated when the prior matches the population.
 *
 * The next topic to ask is the one whose answer is expected to reduce the summed uncertainty of every
 * topic's classification the most (the sum of binary entropies of the marginals), computed exactly from
 * the pairwise joint marginals (one pass over the states per question).
 */

export interface KsTopic {
  id: string;
  prerequisites: string[];
}

export interface KsOptions {
  /** enumerate every state when there are at most this many; else sample (default 100,000) */
  maxStates?: number;
  /** distinct states drawn from the prior when enumeration is too large (default 20,000 draws) */
  samples?: number;
  /** seed of the sampler (deterministic) */
  seed?: number;
  /**
   * The population: each earlier learner's share of the course known (0..1). Their histogram, smoothed
   * towards uniform, is the ability distribution of the prior.
   */
  population?: number[];
  /** the share of the prior that is uninformed (uniform over sizes, then states); default ROBUST_PRIOR_SHARE */
  robustShare?: number;
}

export interface ItemParams {
  slip: number;
  guess: number;
}

export const DEFAULT_SLIP = 0.1;
/** the ability grid of the prior's mixture */
export const ABILITY_GRID = 21;
/** how many pseudo-learners the uniform part of the ability prior weighs */
export const PRIOR_PSEUDO_LEARNERS = 20;
/** the uninformed share of the prior over states (see the top of this file) */
export const ROBUST_PRIOR_SHARE = 0.5;

/** pi(a) on the grid a_g = (g + 0.5) / G: uniform, plus the population's histogram. */
export function abilityPrior(population: number[] = [], grid = ABILITY_GRID): { a: number[]; weight: number[] } {
  const a = Array.from({ length: grid }, (_, g) => (g + 0.5) / grid);
  const weight = a.map(() => PRIOR_PSEUDO_LEARNERS / grid);
  for (const share of population) {
    if (!Number.isFinite(share)) continue;
    weight[Math.min(grid - 1, Math.max(0, Math.floor(share * grid)))] += 1;
  }
  const total = weight.reduce((x, y) => x + y, 0);
  return { a, weight: weight.map((w) => w / total) };
}

/** guess at least 1 / number of choices (0.25 when unknown) */
export function itemParams(choices: number | undefined, slip = DEFAULT_SLIP): ItemParams {
  const n = choices && choices >= 2 ? choices : 4;
  return { slip, guess: 1 / n };
}

export function entropy(p: number): number {
  if (p <= 0 || p >= 1) return 0;
  return -(p * Math.log2(p) + (1 - p) * Math.log2(1 - p));
}

/** mulberry32: small, fast, seeded */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Topics in an order where every prerequisite comes first (cycles broken by dropping the closing edge). */
function prerequisiteOrder(topics: KsTopic[]): { order: number[]; prereqs: number[][] } {
  const index = new Map(topics.map((t, i) => [t.id, i]));
  const prereqs = topics.map((t) =>
    [...new Set(t.prerequisites)].map((p) => index.get(p)).filter((p): p is number => p !== undefined),
  );
  const order: number[] = [];
  const mark = new Uint8Array(topics.length); // 0 new, 1 visiting, 2 done
  const kept = prereqs.map(() => [] as number[]);
  const visit = (i: number) => {
    mark[i] = 1;
    for (const p of prereqs[i]) {
      if (mark[p] === 1) continue; // a cycle: this edge is dropped
      kept[i].push(p);
      if (mark[p] === 0) visit(p);
    }
    mark[i] = 2;
    order.push(i);
  };
  for (let i = 0; i < topics.length; i++) if (mark[i] === 0) visit(i);
  return { order, prereqs: kept };
}

/**
 * The states of a course and their prior: built once per subject (and population), shared by every
 * learner's posterior.
 */
export class KnowledgeSpace {
  readonly ids: string[];
  readonly index: Map<string, number>;
  /** number of 32-bit words per state */
  readonly words: number;
  /** state s holds topic t when bit t of states[s * words + (t >> 5)] is set */
  readonly states: Uint32Array;
  readonly prior: Float64Array;
  readonly count: number;
  /** whether the states are every state (true) or a sample of them */
  readonly exact: boolean;
  /** transitive dependants of each topic */
  readonly prereqs: number[][];

  constructor(topics: KsTopic[], opts: KsOptions = {}) {
    this.ids = topics.map((t) => t.id);
    this.index = new Map(this.ids.map((id, i) => [id, i]));
    const n = topics.length;
    this.words = Math.max(1, Math.ceil(n / 32));
    const { order, prereqs } = prerequisiteOrder(topics);
    this.prereqs = prereqs;
    const ability = abilityPrior(opts.population);
    const maxStates = opts.maxStates ?? 100_000;
    const W = this.words;

    const enumerated = enumerate(order, prereqs, ability, W, maxStates);
    if (enumerated) {
      this.exact = true;
      this.states = enumerated.states;
      this.prior = enumerated.prior;
      this.count = enumerated.prior.length;
    } else {
      this.exact = false;
      const r = rng(opts.seed ?? 1);
      const draws = opts.samples ?? 20_000;
      const seen = new Map<string, number>();
      const bits: Uint32Array[] = [];
      const weights: number[] = [];
      const cur = new Uint32Array(W);
      const cumulative = ability.weight.map(
        (
          (sum) => (w: number) =>
            (sum += w)
        )(0),
      );
      for (let d = 0; d < draws; d++) {
        const u = r();
        const a =
          ability.a[
            Math.max(
              0,
              cumulative.findIndex((c) => u < c),
            )
          ];
        cur.fill(0);
        for (const i of order) {
          if (prereqs[i].every((p) => (cur[p >> 5] >>> (p & 31)) & 1) && r() < a) cur[i >> 5] |= 1 << (i & 31);
        }
        const key = cur.join(',');
        const at = seen.get(key);
        if (at === undefined) {
          seen.set(key, bits.length);
          bits.push(cur.slice());
          weights.push(1);
        } else weights[at]++;
      }
      this.count = bits.length;
      this.states = new Uint32Array(this.count * W);
      bits.forEach((b, s) => this.states.set(b, s * W));
      this.prior = Float64Array.from(weights, (w) => w / draws);
    }
    mixUninformed(this.states, this.prior, W, opts.robustShare ?? ROBUST_PRIOR_SHARE);
  }

  has(state: number, topic: number): boolean {
    return ((this.states[state * this.words + (topic >> 5)] >>> (topic & 31)) & 1) === 1;
  }

  /** A learner's posterior, starting from the prior. */
  posterior(): KnowledgePosterior {
    return new KnowledgePosterior(this);
  }
}

/**
 * Every state, depth-first in prerequisite order, with its prior sum_a pi(a) a^known (1 - a)^(ready, not
 * known); null when there are more than `max`.
 */
function enumerate(
  order: number[],
  prereqs: number[][],
  ability: { a: number[]; weight: number[] },
  W: number,
  max: number,
): { states: Uint32Array; prior: Float64Array } | null {
  const out: number[] = [];
  const prior: number[] = [];
  const cur = new Uint32Array(W);
  let overflow = false;
  const walk = (k: number, known: number, ready: number) => {
    if (overflow) return;
    if (k === order.length) {
      if (prior.length >= max) {
        overflow = true;
        return;
      }
      for (let w = 0; w < W; w++) out.push(cur[w]);
      let p = 0;
      for (let g = 0; g < ability.a.length; g++)
        p += ability.weight[g] * Math.pow(ability.a[g], known) * Math.pow(1 - ability.a[g], ready);
      prior.push(p);
      return;
    }
    const i = order[k];
    if (!prereqs[i].every((q) => (cur[q >> 5] >>> (q & 31)) & 1)) {
      walk(k + 1, known, ready);
      return;
    }
    walk(k + 1, known, ready + 1);
    cur[i >> 5] |= 1 << (i & 31);
    walk(k + 1, known + 1, ready);
    cur[i >> 5] &= ~(1 << (i & 31));
  };
  walk(0, 0, 0);
  if (overflow) return null;
  const total = prior.reduce((x, y) => x + y, 0);
  return { states: Uint32Array.from(out), prior: Float64Array.from(prior, (p) => p / total) };
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * prior := (1 - share) prior + share uninformed, in place, where the uninformed part gives every size
 * (number of topics known) among the states the same mass, split evenly over that size's states.
 */
function mixUninformed(states: Uint32Array, prior: Float64Array, W: number, share: number): void {
  if (!(share > 0) || prior.length === 0) return;
  const s = Math.min(1, share);
  const size = new Int32Array(prior.length);
  const perSize = new Map<number, number>();
  for (let i = 0; i < prior.length; i++) {
    let k = 0;
    for (let w = 0; w < W; w++) k += popcount(states[i * W + w]);
    size[i] = k;
    perSize.set(k, (perSize.get(k) ?? 0) + 1);
  }
  for (let i = 0; i < prior.length; i++) prior[i] = (1 - s) * prior[i] + s / (perSize.size * perSize.get(size[i])!);
}

export interface Observation {
  topicId: string;
  correct: boolean;
  item: ItemParams;
}

/** One learner's belief over the states of a knowledge space. */
export class KnowledgePosterior {
  private readonly w: Float64Array;
  private cache?: { marginal: Float64Array; joint: Float64Array };
  /** the topics whose classification counts (all when null): a post test classifies the studied ones */
  private focus: Uint8Array | null = null;

  constructor(readonly space: KnowledgeSpace) {
    this.w = Float64Array.from(space.prior);
    this.normalise();
  }

  private normalise() {
    let sum = 0;
    for (let s = 0; s < this.w.length; s++) sum += this.w[s];
    if (sum <= 0 || !Number.isFinite(sum)) {
      this.w.set(this.space.prior);
      return;
    }
    for (let s = 0; s < this.w.length; s++) this.w[s] /= sum;
    this.cache = undefined;
  }

  /**
   * Restricts uncertainty, expected gain, settled and confidence to these topics (the others are still
   * inferred). Unknown ids are ignored; an empty or missing list means every topic.
   */
  focusOn(topicIds?: Iterable<string>): this {
    const ids = topicIds ? [...topicIds].filter((id) => this.space.index.has(id)) : [];
    if (ids.length === 0) this.focus = null;
    else {
      this.focus = new Uint8Array(this.space.ids.length);
      for (const id of ids) this.focus[this.space.index.get(id)!] = 1;
    }
    return this;
  }

  private counts(t: number): boolean {
    return this.focus === null || this.focus[t] === 1;
  }

  /** Bayes' rule for one answer. */
  observe(topicId: string, correct: boolean, item: ItemParams): void {
    const t = this.space.index.get(topicId);
    if (t === undefined) return;
    const inK = correct ? 1 - item.slip : item.slip;
    const outK = correct ? item.guess : 1 - item.guess;
    for (let s = 0; s < this.w.length; s++) this.w[s] *= this.space.has(s, t) ? inK : outK;
    this.normalise();
  }

  /** P(known) of every topic, and P(both known) of every pair (n x n), from one pass over the states. */
  private stats() {
    if (this.cache) return this.cache;
    const n = this.space.ids.length;
    const marginal = new Float64Array(n);
    const joint = new Float64Array(n * n);
    const members = new Int32Array(n);
    for (let s = 0; s < this.w.length; s++) {
      const w = this.w[s];
      if (w === 0) continue;
      let m = 0;
      for (let t = 0; t < n; t++) if (this.space.has(s, t)) members[m++] = t;
      for (let a = 0; a < m; a++) {
        const ta = members[a];
        marginal[ta] += w;
        const row = ta * n;
        for (let b = 0; b < m; b++) joint[row + members[b]] += w;
      }
    }
    this.cache = { marginal, joint };
    return this.cache;
  }

  prob(topicId: string): number {
    const t = this.space.index.get(topicId);
    if (t === undefined) throw new Error(`unknown topic ${topicId}`);
    return clamp01(this.stats().marginal[t]);
  }

  marginals(): Map<string, number> {
    const { marginal } = this.stats();
    return new Map(this.space.ids.map((id, t) => [id, clamp01(marginal[t])]));
  }

  /** Σ_t H(P(t known)): how unsure the classification of the whole course still is (bits). */
  uncertainty(): number {
    const { marginal } = this.stats();
    let h = 0;
    for (let t = 0; t < marginal.length; t++) if (this.counts(t)) h += entropy(marginal[t]);
    return h;
  }

  /** Expected reduction of `uncertainty()` from one answer to an item of `topicId`. */
  expectedGain(topicId: string, item: ItemParams): number {
    const t = this.space.index.get(topicId);
    if (t === undefined) return 0;
    const { marginal, joint } = this.stats();
    const n = this.space.ids.length;
    const pt = marginal[t];
    const pCorrect = pt * (1 - item.slip) + (1 - pt) * item.guess;
    let after = 0;
    for (const [correct, pOutcome] of [
      [true, pCorrect],
      [false, 1 - pCorrect],
    ] as const) {
      if (pOutcome <= 0) continue;
      const inK = correct ? 1 - item.slip : item.slip;
      const outK = correct ? item.guess : 1 - item.guess;
      let h = 0;
      for (let u = 0; u < n; u++) {
        if (!this.counts(u)) continue;
        const both = joint[t * n + u];
        const onlyU = marginal[u] - both;
        h += entropy((inK * both + outK * onlyU) / pOutcome);
      }
      after += pOutcome * h;
    }
    return this.uncertainty() - after;
  }

  /** The candidate topic with the largest expected gain (ties: the earlier candidate); null without candidates. */
  best(candidates: Iterable<{ topicId: string; item: ItemParams }>): string | null {
    let best: string | null = null;
    let gain = -Infinity;
    for (const c of candidates) {
      const g = this.expectedGain(c.topicId, c.item);
      if (g > gain + 1e-12) {
        best = c.topicId;
        gain = g;
      }
    }
    return best;
  }

  /** Every topic's posterior outside [low, high]. */
  settled(low = 0.2, high = 0.8): boolean {
    const { marginal } = this.stats();
    return marginal.every((p, t) => !this.counts(t) || p < low || p > high);
  }

  /** The expected share of topics classified right at P = 0.5 (mean of max(P, 1 - P)), 0..1. */
  confidence(): number {
    const { marginal } = this.stats();
    let sum = 0;
    let n = 0;
    for (let t = 0; t < marginal.length; t++)
      if (this.counts(t)) {
        sum += Math.max(marginal[t], 1 - marginal[t]);
        n++;
      }
    return n ? sum / n : 1;
  }

  /** How many focused topics are still inside [low, high]. */
  unsettled(low = 0.2, high = 0.8): number {
    const { marginal } = this.stats();
    let n = 0;
    for (let t = 0; t < marginal.length; t++) if (this.counts(t) && marginal[t] >= low && marginal[t] <= high) n++;
    return n;
  }

  /** The expected share of all topics known (the learner's place in the population's ability prior). */
  knownShare(): number {
    const { marginal } = this.stats();
    if (!marginal.length) return 0;
    let sum = 0;
    for (const p of marginal) sum += p;
    return sum / marginal.length;
  }
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
