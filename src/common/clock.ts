// The hub's clock for what follows the time of day: opening hours, holiday closures, snoozes, busy mode and
// pauses. It is the machine's time moved by CLOCK_OFFSET_MS (0 unless set; refused in production), so a test
// or a demonstration can put a hub on the evening before a daylight-saving change without waiting for it.
// Every process of one hub must run with the same offset: a job scheduled by one is run by any.
// Durations counted in minutes (an order's acceptance deadline, how long a partner may fail before a person is
// told) last CLOCK_MINUTE_MS each (60,000 unless set; refused in production), so a test sees a five-minute
// deadline pass in seconds instead of waiting for it.

export interface Clock {
  /** The hub's time now. */
  now(): Date;
  /**
   * The machine's instant at which this clock shows `at`: what a scheduled job (graphile-worker, which
   * compares with the database's time) is given as its run time.
   */
  machineTime(at: Date): Date;
  /** Milliseconds `n` minutes of a deadline or an alert last. */
  minutes(n: number): number;
}

function offsetClock(offsetMs = 0, minuteMs = 60_000): Clock {
  return {
    now: () => new Date(Date.now() + offsetMs),
    machineTime: (at) => new Date(at.getTime() - offsetMs),
    minutes: (n) => n * minuteMs,
  };
}

/** The clock a hub's configuration sets. */
export function hubClock(config: { clockOffsetMs: number; clockMinuteMs: number }): Clock {
  return offsetClock(config.clockOffsetMs, config.clockMinuteMs);
}

/** The machine's own time. */
export const SYSTEM_CLOCK: Clock = offsetClock(0);
