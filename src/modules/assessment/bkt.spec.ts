import { bktPosterior, bktUpdate, DEFAULT_BKT, pCorrect } from './bkt';

describe('BKT', () => {
  it('raises P(known) after a correct answer and lowers it after a wrong one', () => {
    expect(bktUpdate(0.3, true)).toBeGreaterThan(0.3);
    expect(bktPosterior(0.3, false)).toBeLessThan(0.3);
  });

  it('matches the textbook posterior', () => {
    // P(L|correct) = 0.3*0.9 / (0.3*0.9 + 0.7*0.25) = 0.27 / 0.445
    expect(bktPosterior(0.3, true)).toBeCloseTo(0.27 / 0.445, 10);
    // then learning: post + (1 - post) * 0.1
    const post = 0.27 / 0.445;
    expect(bktUpdate(0.3, true)).toBeCloseTo(post + (1 - post) * DEFAULT_BKT.pLearn, 10);
  });

  it('converges towards the truth with repeated evidence', () => {
    let p = DEFAULT_BKT.pInit;
    for (let i = 0; i < 8; i++) p = bktUpdate(p, true);
    expect(p).toBeGreaterThan(0.95);
    let q = 0.9;
    for (let i = 0; i < 6; i++) q = bktPosterior(q, false);
    expect(q).toBeLessThan(0.05);
  });

  it('predicts correctness between guess and 1 - slip', () => {
    expect(pCorrect(0)).toBeCloseTo(0.25);
    expect(pCorrect(1)).toBeCloseTo(0.9);
  });
});
