/**
 * Where challenges read the time: every unlock decision ("is day N open yet?") compares an unlock instant
 * with this clock, so tests (and, with TEST_CLOCK, browser tests through PUT /api/test/clock) can move time.
 */
export const CHALLENGE_CLOCK = Symbol('CHALLENGE_CLOCK');

export interface ChallengeClock {
  now(): Date;
}

/**
 * The system's time plus an offset that only the test clock endpoint changes. A fresh object per
 * application, so moving one app's clock leaves others alone.
 */
export class OffsetClock implements ChallengeClock {
  offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

export const challengeClockProvider = { provide: CHALLENGE_CLOCK, useFactory: (): ChallengeClock => new OffsetClock() };
