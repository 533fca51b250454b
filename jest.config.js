// The jest suite runs the compiled tests (npm run build writes dist/), so nothing is transformed.
export default {
  testMatch: ['<rootDir>/dist/test/**/*.test.js'],
  testEnvironment: 'node',
  transform: {},
  maxWorkers: 2,
  testTimeout: 30_000,
  // Jest runs native ES modules in a vm context per test file, and Node never frees those contexts: a worker's
  // heap grows by about 40 MB for each file that imports the hub, and past a gigabyte or so garbage collection
  // makes every later file several times slower (a one-test file: 4 s alone, 29 s as a worker's sixtieth). A
  // worker whose heap is over this limit after a file is replaced by a fresh one, which costs well under a
  // second; the suite took half the time with it.
  workerIdleMemoryLimit: '256MB',
};
