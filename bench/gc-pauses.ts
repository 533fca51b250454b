import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

// The process's garbage-collection pauses during a phase of a bench, as perf_hooks reports them: at a fixed
// rate the placement tail follows them (bench/README.md "Orders"). A full collection (mark-compact) marks
// for about 100 ms on a second thread before its pause, and on two cores that thread takes the core the
// database needs, so a phase's p99 reads differently with one inside it or not; the summary says which.

export interface PauseWatch {
  /** Stops watching; says how many scavenges and full collections paused the process, and the longest of each. */
  stop(): Promise<string>;
}

export function watchPauses(): PauseWatch {
  const young: number[] = [];
  const full: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
      const kind = entry.detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) young.push(entry.duration);
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) full.push(entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const longest = (pauses: number[]) => Math.max(0, ...pauses).toFixed(1);
  return {
    async stop() {
      // Entries are delivered asynchronously: let the last ones arrive before disconnecting.
      await new Promise((resolve) => setImmediate(resolve));
      observer.disconnect();
      return `collections: ${young.length} scavenges (longest ${longest(young)} ms), ${full.length} full (longest pause ${longest(full)} ms)`;
    },
  };
}
