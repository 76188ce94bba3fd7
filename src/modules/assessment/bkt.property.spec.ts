import fc from 'fast-check';
import { bktPosterior, bktUpdate, type BktParams, clamp, DEFAULT_BKT, pCorrect } from './bkt';

/** Seeded: a failure prints its seed and path; to try other runs, change the seed here. */
const runs = { seed: 30, numRuns: 200 };

const prob = fc.double({ min: 0, max: 1, noNaN: true });
/** Informative items: slip + guess < 1 (a right answer is likelier from someone who knows the skill). */
const params: fc.Arbitrary<BktParams> = fc.oneof(
  fc.constant(DEFAULT_BKT),
  fc.record({
    pInit: prob,
    pLearn: prob,
    pSlip: fc.double({ min: 0.001, max: 0.49, noNaN: true }),
    pGuess: fc.double({ min: 0.001, max: 0.49, noNaN: true }),
  }),
);
const eps = 1e-12;

describe('bkt (properties)', () => {
  it('posteriors stay in [0, 1]; a right answer never lowers P(known), a wrong one never raises it', () => {
    fc.assert(
      fc.property(prob, params, (pKnown, p) => {
        const right = bktPosterior(pKnown, true, p);
        const wrong = bktPosterior(pKnown, false, p);
        for (const x of [right, wrong]) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(1);
        }
        expect(right).toBeGreaterThanOrEqual(pKnown - eps);
        expect(wrong).toBeLessThanOrEqual(pKnown + eps);
      }),
      runs,
    );
  });

  it('an update stays within the clamp [0.001, 0.999], learns (never below the posterior) and ranks right above wrong', () => {
    fc.assert(
      fc.property(prob, params, fc.boolean(), (pKnown, p, correct) => {
        const u = bktUpdate(pKnown, correct, p);
        expect(u).toBeGreaterThanOrEqual(0.001);
        expect(u).toBeLessThanOrEqual(0.999);
        expect(u).toBeGreaterThanOrEqual(clamp(bktPosterior(pKnown, correct, p)) - eps);
        expect(bktUpdate(pKnown, true, p)).toBeGreaterThanOrEqual(bktUpdate(pKnown, false, p) - eps);
      }),
      runs,
    );
  });

  it('the update is monotonic in the prior: who knew more before knows at least as much after', () => {
    fc.assert(
      fc.property(prob, prob, params, fc.boolean(), (a, b, p, correct) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(bktUpdate(hi, correct, p)).toBeGreaterThanOrEqual(bktUpdate(lo, correct, p) - eps);
      }),
      runs,
    );
  });

  it('P(correct) lies between the guess rate and 1 - slip, and agrees with Bayes (posterior × P(answer) = joint)', () => {
    fc.assert(
      fc.property(prob, params, (pKnown, p) => {
        const c = pCorrect(pKnown, p);
        expect(c).toBeGreaterThanOrEqual(Math.min(p.pGuess, 1 - p.pSlip) - eps);
        expect(c).toBeLessThanOrEqual(Math.max(p.pGuess, 1 - p.pSlip) + eps);
        expect(bktPosterior(pKnown, true, p) * c).toBeCloseTo(pKnown * (1 - p.pSlip), 12);
        expect(bktPosterior(pKnown, false, p) * (1 - c)).toBeCloseTo(pKnown * p.pSlip, 12);
      }),
      runs,
    );
  });

  it('repeated right answers raise P(known) towards the ceiling; repeated wrong ones towards the floor', () => {
    fc.assert(
      fc.property(prob, fc.boolean(), fc.integer({ min: 1, max: 30 }), (start, correct, n) => {
        let x = clamp(start);
        for (let i = 0; i < n; i++) {
          const next = bktUpdate(x, correct, DEFAULT_BKT);
          if (correct) expect(next).toBeGreaterThanOrEqual(x - eps);
          x = next;
        }
        if (correct && n >= 10) expect(x).toBeGreaterThan(0.99);
        if (!correct && n >= 10) expect(x).toBeLessThan(0.2);
      }),
      runs,
    );
  });
});
