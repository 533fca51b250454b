// One claiming loop per process: every reason to look for due deliveries (a NOTIFY, a retry's timer, a
// released chain, a freed endpoint or request slot, the poll) calls wake(). A wake while a round runs is
// folded into one more round after it, so a burst of wake-ups costs as many claims as the work needs, not one
// each; a round claims again at once while its claims come back full.

export type RoundResult = 'more' | 'done';

export class ClaimLoop {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    /** One claim: 'more' when it took all it asked for (more may be due). */
    private readonly round: () => Promise<RoundResult>,
    /** A failed round (the database away): the next wake, at the latest the poll, tries again. */
    private readonly onError: (error: unknown) => void,
  ) {}

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run();
  }

  private async run(): Promise<void> {
    try {
      do {
        this.again = false;
        try {
          while (!this.stopped && (await this.round()) === 'more');
        } catch (error) {
          this.onError(error);
          return;
        }
      } while (this.again && !this.stopped);
    } finally {
      // In the same tick as the last check of `again`: a wake-up from here on starts a new run (one that came
      // in the microtasks between the run's end and a .finally() callback was lost, leaving work to the poll).
      this.running = undefined;
    }
  }

  /** No round starts after this; resolves when the one under way is over. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }
}
