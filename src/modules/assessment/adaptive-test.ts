import { type ItemParams, itemParams, type KnowledgePosterior, KnowledgeSpace, type KsTopic } from './knowledge-space';

/**
 * The diagnostic and post test as a computerised adaptive test over a knowledge space. Pure: the quiz
 * service replays an attempt's answers into it on every request, so nothing but the answers is stored.
 */

/** the attempt's length cap (the default) */
export const DEFAULT_MAX_QUESTIONS = 20;
/** the attempt stops once every topic it classifies is outside [SETTLE_LOW, SETTLE_HIGH] */
export const SETTLE_LOW = 0.2;
export const SETTLE_HIGH = 0.8;
/**
 * The largest course the model holds exactly. The pairwise joint it computes per question costs
 * states × topics²; past this, the test classifies the first topics in reading order (the foundations).
 */
export const MAX_MODEL_TOPICS = 60;
/** How many earlier attempts' results make the population prior. */
export const POPULATION_SIZE = 500;

export interface CatItem {
  id: string;
  topicId: string;
  /** number of choices (the guess rate is at least 1 / choices) */
  choices: number;
  difficulty: number;
  position: number;
}

export interface CatProgress {
  /** questions answered so far */
  answered: number;
  /** about how many questions remain (0 once done) */
  remaining: number;
  /** the length cap */
  cap: number;
  /** expected share of the classified topics classified right (0..1) */
  confidence: number;
}

const params = (item: CatItem): ItemParams => itemParams(item.choices);

/**
 * Which item of a topic to ask: never one served in this attempt; then items not served in earlier
 * attempts; then (clinician) difficulty 2 or 3; then medium difficulty before easy or hard; then content order.
 */
export function pickItem(
  items: CatItem[],
  served: Set<string>,
  seenBefore: Set<string>,
  clinician: boolean,
): CatItem | undefined {
  const key = (q: CatItem) => [
    seenBefore.has(q.id) ? 1 : 0,
    clinician && q.difficulty < 2 ? 1 : 0,
    Math.abs(q.difficulty - 2),
    q.position,
  ];
  return items
    .filter((q) => !served.has(q.id))
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
      return a.id < b.id ? -1 : 1;
    })[0];
}

/** The topics the model holds: at most MAX_MODEL_TOPICS, in reading order, prerequisites kept among them. */
export function modelTopics(topics: KsTopic[], max = MAX_MODEL_TOPICS): KsTopic[] {
  const kept = topics.slice(0, max);
  const ids = new Set(kept.map((t) => t.id));
  return kept.map((t) => ({ id: t.id, prerequisites: t.prerequisites.filter((p) => ids.has(p)) }));
}

export interface AdaptiveTestOptions {
  /** topics to classify (all modelled topics when empty): the post test's studied topics */
  targets?: string[];
  cap?: number;
  /** item ids served to the learner in earlier attempts (asked last) */
  seenBefore?: Set<string>;
  clinician?: boolean;
}

/** One attempt's state: the posterior after its answers, and what to ask next. */
export class AdaptiveTest {
  readonly posterior: KnowledgePosterior;
  readonly cap: number;
  private readonly byTopic = new Map<string, CatItem[]>();
  private readonly targets: Set<string>;
  private answered = 0;

  constructor(
    readonly space: KnowledgeSpace,
    items: CatItem[],
    private readonly opts: AdaptiveTestOptions = {},
  ) {
    for (const q of items)
      if (space.index.has(q.topicId)) this.byTopic.set(q.topicId, [...(this.byTopic.get(q.topicId) ?? []), q]);
    const targets = (opts.targets ?? []).filter((id) => space.index.has(id));
    this.targets = new Set(targets.length ? targets : space.ids);
    this.posterior = space.posterior().focusOn(this.targets);
    this.cap = Math.max(1, opts.cap ?? DEFAULT_MAX_QUESTIONS);
  }

  /** Applies one graded answer. */
  observe(item: CatItem, correct: boolean): void {
    this.posterior.observe(item.topicId, correct, params(item));
    this.answered++;
  }

  /** Whether the attempt is over: at the cap, every target settled, or nothing left to ask. */
  done(served: Set<string>): boolean {
    return this.next(served) === null;
  }

  /**
   * The item whose answer is expected to tell the most about the whole state (largest expected
   * information gain over the target topics' classification), or null when the attempt should stop.
   */
  next(served: Set<string>): CatItem | null {
    if (this.answered >= this.cap || this.posterior.settled(SETTLE_LOW, SETTLE_HIGH)) return null;
    const candidates: { topicId: string; item: ItemParams; pick: CatItem }[] = [];
    for (const [topicId, items] of this.byTopic) {
      if (!this.targets.has(topicId)) continue;
      const pick = pickItem(items, served, this.opts.seenBefore ?? new Set(), !!this.opts.clinician);
      if (pick) candidates.push({ topicId, item: params(pick), pick });
    }
    const best = this.posterior.best(candidates);
    return best === null ? null : candidates.find((c) => c.topicId === best)!.pick;
  }

  /** The first question, before any answer. */
  first(): CatItem | null {
    return this.next(new Set());
  }

  progress(finished: boolean): CatProgress {
    const left = this.cap - this.answered;
    const unsettled = this.posterior.unsettled(SETTLE_LOW, SETTLE_HIGH);
    return {
      answered: this.answered,
      // one answer usually settles a topic and some of its neighbours: about half the unsettled ones
      remaining: finished ? 0 : Math.max(1, Math.min(left, Math.ceil(unsettled / 2))),
      cap: this.cap,
      confidence: Math.round(this.posterior.confidence() * 1000) / 1000,
    };
  }
}

/** Knowledge spaces by subject structure and population: building one enumerates its states. */
const spaces = new Map<string, KnowledgeSpace>();
const MAX_SPACES = 32;

/**
 * The knowledge space of these topics with the population's ability prior. The population is
 * bucketed to the prior's grid, so the key changes only when the histogram does.
 */
export function spaceFor(topics: KsTopic[], population: number[]): KnowledgeSpace {
  const histogram = new Array(21).fill(0);
  for (const share of population)
    if (Number.isFinite(share)) histogram[Math.min(20, Math.max(0, Math.floor(share * 21)))]++;
  const key = JSON.stringify([topics.map((t) => [t.id, t.prerequisites]), histogram]);
  let space = spaces.get(key);
  if (space) {
    spaces.delete(key);
    spaces.set(key, space);
    return space;
  }
  space = new KnowledgeSpace(topics, { population });
  spaces.set(key, space);
  if (spaces.size > MAX_SPACES) spaces.delete(spaces.keys().next().value!);
  return space;
}
