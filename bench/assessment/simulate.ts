/**
 * Simulated learners on the real course graphs (content/): how many questions the adaptive
 * diagnostic needs against fixed-form tests over the same items, and how well BKT mastery tracks
 * the true state during practice. Pure computation with a seeded RNG; runs in seconds.
 *
 *   npx tsc -p bench/assessment/tsconfig.json && node node_modules/.cache/bench-assessment/bench/assessment/simulate.js
 *
 * Settings (environment): SIM_LEARNERS (default 400), SIM_SEED (default 42), CONTENT_DIR (default ./content).
 */
import * as path from 'node:path';
import { loadContentDir } from '../../src/content/content-loader';
import { bktUpdate, DEFAULT_BKT } from '../../src/modules/assessment/bkt';
import { DiagnosticEngine, type DiagTopic } from '../../src/modules/assessment/diagnostic-engine';

const SLIP = 0.1;
const GUESS = 0.25;
const LEARNERS = Number(process.env.SIM_LEARNERS ?? 400);
const SEED = Number(process.env.SIM_SEED ?? 42);
const TARGET = 0.9;
const SHORT_FORM_CAP = 10;
const SHORT_FORM_MIN = 8;
/** short forms planned to an exact length, to see what the stopping rule costs */
const FIXED_LENGTHS = [5, 8, 10, 12];

function maxGain(e: DiagnosticEngine, ids: string[]): string | null {
  let best: string | null = null;
  let g = -Infinity;
  for (const id of ids) {
    const x = e.expectedGain(id);
    if (x > g) {
      best = id;
      g = x;
    }
  }
  return best;
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
type Rng = () => number;

function shuffle<T>(xs: T[], r: Rng): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

interface Course {
  id: string;
  topics: DiagTopic[];
  /** quiz items per topic, in file order */
  items: Map<string, string[]>;
}

/**
 * A learner's true state, consistent with the graph: with ability a ~ U(0,1), a topic whose
 * prerequisites are all known is known with probability a; one with an unknown prerequisite with a/10.
 */
function trueState(c: Course, r: Rng): Map<string, boolean> {
  const a = r();
  const state = new Map<string, boolean>();
  const byId = new Map(c.topics.map((t) => [t.id, t]));
  const visit = (id: string): boolean => {
    if (state.has(id)) return state.get(id)!;
    const ok = byId.get(id)!.prerequisites.every((p) => (byId.has(p) ? visit(p) : true));
    const known = r() < (ok ? a : a / 10);
    state.set(id, known);
    return known;
  };
  for (const t of c.topics) visit(t.id);
  return state;
}

const answer = (known: boolean, r: Rng) => r() < (known ? 1 - SLIP : GUESS);

function accuracy(e: DiagnosticEngine, truth: Map<string, boolean>): number {
  let ok = 0;
  for (const id of e.ids) if (e.prob(id) >= 0.5 === truth.get(id)) ok++;
  return ok / e.ids.length;
}

/** Plain per-topic BKT posterior, no propagation: the fixed form's textbook scoring. */
class PlainScorer {
  p: Map<string, number>;
  constructor(readonly ids: string[]) {
    this.p = new Map(ids.map((id) => [id, DEFAULT_BKT.pInit]));
  }
  update(id: string, correct: boolean) {
    const p = this.p.get(id)!;
    const k = correct ? p * (1 - SLIP) : p * SLIP;
    const u = correct ? (1 - p) * GUESS : (1 - p) * (1 - GUESS);
    this.p.set(id, k / (k + u));
  }
  prob(id: string) {
    return this.p.get(id)!;
  }
}

type Method =
  | 'adaptive'
  | 'adaptive, past classified'
  | 'fixed file order'
  | 'fixed random order'
  | 'fixed file order, no propagation';
const METHODS: Method[] = [
  'adaptive',
  'adaptive, past classified',
  'fixed file order',
  'fixed random order',
  'fixed file order, no propagation',
];

function simulateDiagnostics(c: Course, r: Rng) {
  const totalItems = [...c.items.values()].reduce((s, xs) => s + xs.length, 0);
  const curves = new Map<Method, number[]>(METHODS.map((m) => [m, new Array(totalItems + 1).fill(0)]));
  let adaptiveStop = 0;
  let adaptiveStopAcc = 0;
  let shortLen = 0;
  let shortAcc = 0;
  const fixedLenAcc = new Map<number, number>();
  for (let l = 0; l < LEARNERS; l++) {
    const truth = trueState(c, r);
    const fresh = () => new DiagnosticEngine(c.topics);
    for (const m of METHODS) {
      const curve = curves.get(m)!;
      const e = fresh();
      const plain = new PlainScorer(e.ids);
      const acc = () =>
        m === 'fixed file order, no propagation' ? accuracyOf(plain, e.ids, truth) : accuracy(e, truth);
      const left = new Map([...c.items].map(([k, v]) => [k, v.length]));
      // The fixed forms: one item per topic per round (file order), or every item shuffled.
      const order: string[] =
        m === 'fixed random order'
          ? shuffle(
              [...c.items].flatMap(([t, xs]) => xs.map(() => t)),
              r,
            )
          : Array.from({ length: Math.max(...[...c.items.values()].map((x) => x.length)) }, (_, round) =>
              c.topics.map((t) => t.id).filter((id) => (c.items.get(id)?.length ?? 0) > round),
            ).flat();
      let stopped = false;
      curve[0] += acc();
      for (let k = 1; k <= totalItems; k++) {
        let topic: string | null;
        if (m === 'adaptive') {
          topic = stopped ? null : e.next([...left].filter(([, n]) => n > 0).map(([id]) => id));
          if (topic === null && !stopped) {
            stopped = true;
            adaptiveStop += k - 1;
            adaptiveStopAcc += acc();
          }
        } else if (m === 'adaptive, past classified') {
          // the stopping rule switched off: once all is classified, keep asking where the gain is highest
          const open = [...left].filter(([, n]) => n > 0).map(([id]) => id);
          topic = e.next(open) ?? maxGain(e, open);
        } else topic = order[k - 1] ?? null;
        if (topic !== null) {
          const correct = answer(truth.get(topic)!, r);
          left.set(topic, left.get(topic)! - 1);
          if (m === 'fixed file order, no propagation') plain.update(topic, correct);
          else e.update(topic, correct);
        }
        curve[k] += acc();
      }
      if (m === 'adaptive' && !stopped) {
        adaptiveStop += totalItems;
        adaptiveStopAcc += acc();
      }
    }
    // The short form the API serves: planned up front, answered, then scored with propagation.
    const e = fresh();
    const form = e.shortForm(SHORT_FORM_CAP, { min: Math.min(SHORT_FORM_MIN, e.ids.length) });
    for (const t of form) e.update(t, answer(truth.get(t)!, r));
    shortLen += form.length;
    shortAcc += accuracy(e, truth);
    for (const len of FIXED_LENGTHS) {
      const f = fresh();
      for (const t of f.shortForm(len, { min: len })) f.update(t, answer(truth.get(t)!, r));
      fixedLenAcc.set(len, (fixedLenAcc.get(len) ?? 0) + accuracy(f, truth));
    }
  }
  const mean = (m: Method) => curves.get(m)!.map((x) => x / LEARNERS);
  const firstReaching = (curve: number[]) => {
    const k = curve.findIndex((a) => a >= TARGET);
    return k < 0 ? null : k;
  };
  return {
    totalItems,
    methods: METHODS.map((m) => ({
      method: m,
      toTarget: firstReaching(mean(m)),
      atTopics: mean(m)[c.topics.length],
      best: Math.max(...mean(m)),
    })),
    adaptiveStop: adaptiveStop / LEARNERS,
    adaptiveStopAcc: adaptiveStopAcc / LEARNERS,
    shortLen: shortLen / LEARNERS,
    shortAcc: shortAcc / LEARNERS,
    fixedLen: FIXED_LENGTHS.map((len) => ({ len, acc: fixedLenAcc.get(len)! / LEARNERS })),
    at: (m: Method, k: number) => mean(m)[Math.min(k, totalItems)],
  };
}

function accuracyOf(s: PlainScorer, ids: string[], truth: Map<string, boolean>) {
  let ok = 0;
  for (const id of ids) if (s.prob(id) >= 0.5 === truth.get(id)) ok++;
  return ok / ids.length;
}

function pearson(xs: number[], ys: number[]): number | null {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/**
 * Practice: each answer goes to a random topic; a learner who does not know it may learn it from
 * the opportunity (P(T), the BKT model's own assumption). Correlation of BKT P(known) with the
 * true state over all learners and topics, after N answers per topic on average.
 */
function simulatePractice(c: Course, r: Rng, perTopic: number[]) {
  const out: { perTopic: number; r: number | null }[] = [];
  for (const n of perTopic) {
    const ps: number[] = [];
    const ts: number[] = [];
    for (let l = 0; l < LEARNERS; l++) {
      const truth = trueState(c, r);
      const p = new Map(c.topics.map((t) => [t.id, DEFAULT_BKT.pInit]));
      for (let i = 0; i < n * c.topics.length; i++) {
        const t = c.topics[Math.floor(r() * c.topics.length)].id;
        const correct = answer(truth.get(t)!, r);
        p.set(t, bktUpdate(p.get(t)!, correct));
        if (!truth.get(t) && r() < DEFAULT_BKT.pLearn) truth.set(t, true);
      }
      for (const t of c.topics) {
        ps.push(p.get(t.id)!);
        ts.push(truth.get(t.id) ? 1 : 0);
      }
    }
    out.push({ perTopic: n, r: pearson(ps, ts) });
  }
  return out;
}

async function main() {
  const dir = process.env.CONTENT_DIR ?? path.resolve(process.cwd(), 'content');
  const loaded = await loadContentDir(dir);
  if (loaded.subjects.length === 0) throw new Error(`no subjects under ${dir}`);
  const courses: Course[] = loaded.subjects.map((s) => ({
    id: s.id,
    topics: s.nodes.map((n) => ({ id: n.id, prerequisites: n.prerequisites })),
    items: new Map(s.nodes.map((n) => [n.id, n.quiz.map((q) => q.id)])),
  }));
  const started = Date.now();
  console.log(
    `Simulated learners: ${LEARNERS} per subject, seed ${SEED}, slip ${SLIP}, guess ${GUESS}; BKT prior ${DEFAULT_BKT.pInit}.`,
  );
  console.log(
    `Accuracy = share of topics whose estimate (P(known) >= 0.5) matches the true state; target ${TARGET * 100}% (mean over learners).\n`,
  );
  const r = rng(SEED);
  const pad = (s: string | number, w: number) => String(s).padEnd(w);
  for (const c of courses) {
    const d = simulateDiagnostics(c, r);
    console.log(`## ${c.id}: ${c.topics.length} topics, ${d.totalItems} items`);
    console.log(
      `  ${pad('method', 36)}${pad(`questions to ${TARGET * 100}%`, 20)}${pad(`accuracy after ${c.topics.length}`, 22)}best accuracy`,
    );
    for (const m of d.methods)
      console.log(
        `  ${pad(m.method, 36)}${pad(m.toTarget ?? 'not reached', 20)}${pad((m.atTopics * 100).toFixed(1) + '%', 22)}${(m.best * 100).toFixed(1)}%`,
      );
    const k = Math.round(d.adaptiveStop);
    console.log(
      `  adaptive, stopping when every topic is classified: ${d.adaptiveStop.toFixed(1)} questions, accuracy ${(d.adaptiveStopAcc * 100).toFixed(1)}%`,
    );
    console.log(
      `    the fixed forms after the same ${k} questions: ${METHODS.filter((m) => m.startsWith('fixed'))
        .map((m) => `${m} ${(d.at(m, k) * 100).toFixed(1)}%`)
        .join(', ')}`,
    );
    console.log(
      `  short form as served (cap ${SHORT_FORM_CAP}, min ${SHORT_FORM_MIN}, planned on expected outcomes): ${d.shortLen.toFixed(1)} questions, accuracy ${(d.shortAcc * 100).toFixed(1)}%`,
    );
    console.log(
      `  short forms planned to an exact length: ${d.fixedLen.map((x) => `${x.len}: ${(x.acc * 100).toFixed(1)}%`).join(', ')}`,
    );
    const practice = simulatePractice(c, r, [1, 2, 4, 8]);
    console.log(
      `  practice: correlation of BKT P(known) with the true state after N answers per topic: ${practice.map((x) => `N=${x.perTopic}: ${x.r === null ? 'n/a' : x.r.toFixed(2)}`).join(', ')}\n`,
    );
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
