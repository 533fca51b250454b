// `npm test`'s static checks, two at a time: the commands of the npm scripts lint, check:cycles and
// lint:openapi (ESLint, Prettier, knip, the dependency rules, the OpenAPI lint), read from package.json so they
// are written once. Each is single-threaded, so on 2 cores two side by side take about half as long as one
// after the other. A check's output is printed whole when it ends; any failure fails the run, after every
// check has had its say.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const commands = ['lint', 'check:cycles', 'lint:openapi'].flatMap((name) => scripts[name].split(' && '));
const PARALLEL = 2;

function check(command) {
  const started = performance.now();
  return new Promise((resolve) => {
    // As npm runs a script: through the shell, with the project's tools on the PATH.
    const child = spawn('sh', ['-c', command], {
      cwd: root,
      env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH}` },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`== ${command}: ${code === 0 ? 'ok' : `FAILED (${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...commands];
const results = [];
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (queue.length > 0) results.push(await check(queue.shift()));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
