import { recommendedNodeOptions } from './config/runtime-options.js';

// Prints the Node options the hub runs with on the Node that runs this (src/config/runtime-options.ts), for the
// npm scripts: `node $(node dist/src/node-options.js) dist/src/main.js`. Nothing else is loaded, so it costs only
// a Node start.
process.stdout.write(recommendedNodeOptions(process.version).join(' '));
