// The hub's clock for what follows the time of day: opening hours, holiday closures, snoozes, busy mode and
// pauses. It is the machine's time moved by CLOCK_OFFSET_MS (0 unless set; refused in production), so a test
// or a demonstration can put a hub on the evening before a daylight-saving change without waiting for it.
// Every process of one hub must run with the same offset: a job scheduled by one is run by any.

export interface Clock {
  /** The hub's time now. */
  now(): Date;
  /**
   * The machine's instant at which this clock shows `at`: what a scheduled job (graphile-worker, which
   * compares with the database's time) is given as its run time.
   */
  machineTime(at: Date): Date;
}

export function offsetClock(offsetMs = 0): Clock {
  return {
    now: () => new Date(Date.now() + offsetMs),
    machineTime: (at) => new Date(at.getTime() - offsetMs),
  };
}

/** The machine's own time. */
export const SYSTEM_CLOCK: Clock = offsetClock(0);
