/**
 * The adaptive diagnostic (knowledge-space model, src/modules/assessment/knowledge-space.ts) against fixed
 * forms, on simulated learners of the five real course graphs (content/). Pure computation, seeded.
 *
 *   npx tsc -p bench/assessment/tsconfig.json && node node_modules/.cache/bench-assessment/bench/assessment/cat.js
 *
 * Learners: prerequisite-consistent knowledge states spread from knowing nothing to knowing everything (a
 * random prerequisite order of the topics, of which the first round(f * n) are known, f ~ U(0, 1)), in three
 * ability bands by the share known (little < 1/3 <= half < 2/3 <= most). Answers slip with 0.1 and guess with
 * 1 / number of choices. The adaptive test asks through the real engine until every topic's posterior is
 * outside [0.2, 0.8] or 20 questions; fixed forms ask k = 1, 2, 4 items of every topic and call a topic known
 * by majority (more than half right). Printed per subject and band: accuracy at the product's 0.7 threshold
 * (known iff P > 0.7), the share of topics called mastered (P > 0.7) that are truly known, mean questions.
 *
 * Settings: SIM_LEARNERS (per subject, default 1000), SIM_SEED (42), CONTENT_DIR (./content), SIM_MODEL_SLIP (the
 * slip the engine assumes, default 0.1 like the simulated learners').
 */
import * as path from 'node:path';
import { loadContentDir } from '../../src/content/content-loader';
import {
  AdaptiveTest,
  type CatItem,
  DEFAULT_MAX_QUESTIONS,
  POPULATION_SIZE,
  SETTLE_HIGH,
  SETTLE_LOW,
  spaceFor,
} from '../../src/modules/assessment/adaptive-test';
import { itemParams, type ItemParams } from '../../src/modules/assessment/knowledge-space';

const SLIP = 0.1;
const CAP = DEFAULT_MAX_QUESTIONS;
const LOW = SETTLE_LOW;
const HIGH = SETTLE_HIGH;
const MASTERED = 0.7;
const LEARNERS = Number(process.env.SIM_LEARNERS ?? 1000);
const SEED = Number(process.env.SIM_SEED ?? 42);
const FIXED_K = [1, 2, 4];

type Rng = () => number;
function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Course {
  id: string;
  topics: { id: string; prerequisites: string[] }[];
  /** per topic: each item's parameters (guess from its number of choices) */
  items: Map<string, ItemParams[]>;
  /** the items as the engine sees them */
  catItems: CatItem[];
}

/** A random order in which every topic comes after its prerequisites; its prefixes are knowledge states. */
function randomPrerequisiteOrder(c: Course, r: Rng): string[] {
  const ids = new Set(c.topics.map((t) => t.id));
  const remaining = new Map(c.topics.map((t) => [t.id, t.prerequisites.filter((p) => ids.has(p) && p !== t.id)]));
  const order: string[] = [];
  const done = new Set<string>();
  while (remaining.size) {
    const ready = [...remaining].filter(([, ps]) => ps.every((p) => done.has(p))).map(([id]) => id);
    // a cycle (none in the content, but be safe): take any
    const pool = ready.length ? ready : [...remaining.keys()];
    const pick = pool[Math.floor(r() * pool.length)];
    order.push(pick);
    done.add(pick);
    remaining.delete(pick);
  }
  return order;
}

type Band = 'little' | 'half' | 'most';
const BANDS: Band[] = ['little', 'half', 'most'];
const bandOf = (share: number): Band => (share < 1 / 3 ? 'little' : share < 2 / 3 ? 'half' : 'most');

interface Tally {
  learners: number;
  correct: number;
  topics: number;
  called: number;
  calledRight: number;
  questions: number;
}
const tally = (): Tally => ({ learners: 0, correct: 0, topics: 0, called: 0, calledRight: 0, questions: 0 });

function score(t: Tally, truth: Map<string, boolean>, known: (id: string) => boolean, questions: number) {
  t.learners++;
  t.questions += questions;
  for (const [id, isKnown] of truth) {
    t.topics++;
    const called = known(id);
    if (called === isKnown) t.correct++;
    if (called) {
      t.called++;
      if (isKnown) t.calledRight++;
    }
  }
}

function simulate(c: Course, r: Rng) {
  const cat = new Map(BANDS.map((b) => [b, tally()]));
  const fixed = new Map(FIXED_K.map((k) => [k, new Map(BANDS.map((b) => [b, tally()]))]));
  const answer = (known: boolean, item: ItemParams) => r() < (known ? 1 - SLIP : item.guess);
  const guessOf = new Map(c.catItems.map((q) => [q.id, itemParams(q.choices, SLIP)]));
  // the population prior, as the API builds it: the known share of each earlier learner's result
  const population: number[] = [];
  let millis = 0;
  let space = spaceFor(c.topics, population);
  for (let l = 0; l < LEARNERS; l++) {
    const order = randomPrerequisiteOrder(c, r);
    const f = r();
    const knownCount = Math.round(f * order.length);
    const truth = new Map(order.map((id, i) => [id, i < knownCount]));
    const band = bandOf(knownCount / order.length);

    // adaptive: through the API's engine (AdaptiveTest), never the same item twice
    const started = performance.now();
    space = spaceFor(c.topics, population.slice(-POPULATION_SIZE));
    const test = new AdaptiveTest(space, c.catItems);
    const served = new Set<string>();
    let asked = 0;
    for (let q = test.next(served); q; q = test.next(served)) {
      served.add(q.id);
      test.observe(q, answer(truth.get(q.topicId)!, guessOf.get(q.id)!));
      asked++;
    }
    const post = test.posterior;
    population.push(post.knownShare());
    millis += performance.now() - started;
    const p = post.marginals();
    score(cat.get(band)!, truth, (id) => p.get(id)! > MASTERED, asked);

    // fixed forms: k items of every topic (repeating items when a topic has fewer), majority rule
    for (const k of FIXED_K) {
      const right = new Map<string, number>();
      let questions = 0;
      for (const t of c.topics) {
        const items = c.items.get(t.id) ?? [itemParams(4, SLIP)];
        let n = 0;
        for (let i = 0; i < k; i++) if (answer(truth.get(t.id)!, items[i % items.length])) n++;
        right.set(t.id, n);
        questions += k;
      }
      score(fixed.get(k)!.get(band)!, truth, (id) => right.get(id)! > k / 2, questions);
    }
  }
  return { space, cat, fixed, msPerTest: millis / LEARNERS };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function main() {
  const dir = process.env.CONTENT_DIR ?? path.resolve(process.cwd(), 'content');
  const loaded = await loadContentDir(dir);
  if (!loaded.subjects.length) throw new Error(`no subjects under ${dir}`);
  const courses: Course[] = loaded.subjects.map((s) => ({
    id: s.id,
    topics: s.nodes.map((n) => ({ id: n.id, prerequisites: n.prerequisites })),
    items: new Map(
      s.nodes.map((n) => [
        n.id,
        n.quiz.map((q) => itemParams(q.choices.length, Number(process.env.SIM_MODEL_SLIP ?? SLIP))),
      ]),
    ),
    catItems: s.nodes.flatMap((n) =>
      n.quiz.map((q, i) => ({
        id: q.id ?? `${n.id}-q${i}`,
        topicId: n.id,
        choices: q.choices.length,
        difficulty: q.difficulty ?? 2,
        position: i,
      })),
    ),
  }));
  console.log(
    `Adaptive diagnostic (knowledge space) vs fixed forms: ${LEARNERS} simulated learners per subject, seed ${SEED}, ` +
      `slip ${SLIP}, guess 1/choices; stop outside [${LOW}, ${HIGH}] or at ${CAP} questions; known iff P > ${MASTERED}.\n`,
  );
  const r = rng(SEED);
  let worstAccuracy = 1;
  let worstPrecision = 1;
  let worstShare = 0;
  let unmatched = 0;
  const reach: string[] = [];
  for (const c of courses) {
    const { space, cat, fixed, msPerTest } = simulate(c, r);
    console.log(
      `## ${c.id}: ${c.topics.length} topics, ${space.count} knowledge states (${space.exact ? 'all' : 'sampled'}), ` +
        `${msPerTest.toFixed(1)} ms per test`,
    );
    console.log(`  band     method        learners  accuracy  mastered-and-known  questions`);
    for (const b of BANDS) {
      const rows: [string, Tally][] = [
        ['adaptive', cat.get(b)!],
        ...FIXED_K.map((k) => [`fixed k=${k}`, fixed.get(k)!.get(b)!] as [string, Tally]),
      ];
      const accuracyOf = (t: Tally) => t.correct / Math.max(1, t.topics);
      const adaptive = cat.get(b)!;
      if (adaptive.learners) {
        // the fixed form that reaches the adaptive test's accuracy, and the share of its questions the adaptive asks
        const k = FIXED_K.find((k) => accuracyOf(fixed.get(k)!.get(b)!) >= accuracyOf(adaptive));
        const share = k === undefined ? 0 : adaptive.questions / adaptive.learners / (k * c.topics.length);
        if (k !== undefined) worstShare = Math.max(worstShare, share);
        else unmatched++;
        reach.push(
          `  ${b}: ${k === undefined ? `no fixed form up to k=${FIXED_K.at(-1)} reaches ${pct(accuracyOf(adaptive))}` : `fixed k=${k} reaches it; adaptive asks ${pct(share)} of its questions`}`,
        );
      }
      for (const [name, t] of rows) {
        if (!t.learners) continue;
        const acc = t.correct / t.topics;
        const prec = t.called ? t.calledRight / t.called : 1;
        if (name === 'adaptive') {
          worstAccuracy = Math.min(worstAccuracy, acc);
          worstPrecision = Math.min(worstPrecision, prec);
        }
        console.log(
          `  ${b.padEnd(8)} ${name.padEnd(13)} ${String(t.learners).padStart(8)}  ${pct(acc).padStart(8)}  ` +
            `${pct(prec).padStart(18)}  ${(t.questions / t.learners).toFixed(1).padStart(9)}`,
        );
      }
    }
    for (const line of reach.splice(0)) console.log(line);
    console.log('');
  }
  console.log(
    `Adaptive, worst band: accuracy ${pct(worstAccuracy)} (target >= 90%), mastered-and-known ${pct(worstPrecision)} (target >= 90%).`,
  );
  console.log(
    `Questions: at most ${pct(worstShare)} of what the fixed form reaching the same accuracy asks (target <= 50%)` +
      (unmatched ? `; in ${unmatched} band(s) no fixed form up to k=${FIXED_K.at(-1)} is as accurate.` : '.'),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
