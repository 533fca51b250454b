import { collectionsByPhase } from '../../bench/gc-by-phase.js';

// bench/gc-by-phase.ts reads a --trace-gc-nvp log with the bench's phase marks: each collection counts in the
// phase whose bounds hold it, and only scavenges' promoted bytes are summed.

const nvp = (atMs: number, pauseMs: number, kind: string, promoted: number) =>
  `[7253:0x1865c000:0]     ${atMs} ms: pause=${pauseMs} mutator=201.0 gc=${kind} reduce_memory=0 allocated=46190680 promoted=${promoted} new_space_survived=9122200 nodes_promoted=0`;

test('collections are summed per phase, promoted bytes per request from scavenges only', () => {
  const log = [
    nvp(900, 5, 's', 9_000_000), // before the first phase: not counted
    'mark placements 644107386 µs, 1000 ms since start',
    nvp(1100, 12.5, 's', 4_000_000),
    nvp(1300, 7.5, 's', 6_000_000),
    nvp(1400, 18, 'mc', 123_456),
    'mark placements-end 652142856 µs, 2000 ms since start, 500 requests',
    'mark open 670173366 µs, 3000 ms since start',
    nvp(3500, 3, 's', 1_000_000),
    'mark open-end 678171309 µs, 4000 ms since start, 100 requests',
  ].join('\n');
  expect(collectionsByPhase(log)).toEqual([
    'placements: 500 requests; 2 scavenges, 20 ms, longest 12.5 ms; promoted 10 MB, 20.0 KB per request; 1 other collections, 18 ms, longest 18.0 ms',
    'open: 100 requests; 1 scavenges, 3 ms, longest 3.0 ms; promoted 1 MB, 10.0 KB per request; 0 other collections, 0 ms, longest 0.0 ms',
  ]);
});

test('a phase that never ended is left out', () => {
  expect(collectionsByPhase(['mark gets 1 µs, 10 ms since start', nvp(20, 1, 's', 1)].join('\n'))).toEqual([]);
});
