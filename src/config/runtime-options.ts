// The Node options the hub runs with, by Node version. `npm start` passes them (src/node-options.ts prints
// them for the running Node), and the hub warns at start when they are missing (src/main.ts).
//
// Node 22 only: there AsyncLocalStorage, which the request scope, MikroORM and oidc-provider all use, hooks
// every promise unless `--experimental-async-context-frame` gives it Node 24's way of working (one context
// frame carried by each promise). With it Node 22 spends up to a fifth less CPU per request in paired runs of
// `npm run bench:orders`, though on a busy machine some pairs cannot tell it from drift (bench/README.md). The whole
// test suite passes with it. Node 24 works that way already and refuses the option; Node 20 has no such option.

/** The major version of a `process.version` string ("v22.23.3" → 22). */
export const nodeMajor = (version: string): number => Number(/^v?(\d+)\./.exec(version)?.[1] ?? NaN);

/** The options the hub should run with on this Node version (none where Node already works as it should). */
export function recommendedNodeOptions(version: string): string[] {
  return nodeMajor(version) === 22 ? ['--experimental-async-context-frame'] : [];
}

/**
 * Those of the recommended options the process was started without: neither on its command line nor in
 * NODE_OPTIONS.
 */
export function missingNodeOptions(
  version: string,
  execArgv: readonly string[],
  nodeOptionsEnv: string | undefined,
): string[] {
  const given = new Set([...execArgv, ...(nodeOptionsEnv ?? '').split(/\s+/)].filter(Boolean));
  return recommendedNodeOptions(version).filter((option) => !given.has(option));
}
