/** Where practice reads the time. Every due date, review timestamp and "today" comes from here, so tests can move time. */
export const CLOCK = Symbol('CLOCK');

export interface Clock {
  now(): Date;
}

/** The default: the system's time. A fresh object per application, so overriding one app's clock leaves others alone. */
export const systemClockProvider = { provide: CLOCK, useFactory: (): Clock => ({ now: () => new Date() }) };
