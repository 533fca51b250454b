// `npm run build` and `npm start`: compile what changed, nothing more. tsc runs only when a source is newer than
// its last build (dist/.tsbuildinfo), and then incrementally (tsconfig.json); openapi.yaml's checked JSON copy
// only when the YAML is newer than it; the web UI is bundled by Vite
// only when something it is made of (src/ui, the installed packages) is newer than the bundle in dist/ui. So a
// start with nothing changed goes straight to the hub. `npm run build:ui` bundles the UI whatever the dates.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Runs a step to its end; a step that fails ends the build with its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    spawn(command, args, { cwd: root, stdio: 'inherit' }).once('exit', (status) => {
      if (status !== 0) process.exit(status ?? 1);
      resolve();
    });
  });
}

const newestIn = (path) =>
  statSync(path).isDirectory()
    ? Math.max(0, ...readdirSync(path).map((name) => newestIn(join(path, name))))
    : statSync(path).mtimeMs;

/** True when `output` is missing or older than any of `inputs` (files or directories, relative to the root). */
function isStale(output, inputs) {
  const built = join(root, output);
  if (!existsSync(built)) return true;
  const newest = Math.max(
    ...inputs.filter((path) => existsSync(join(root, path))).map((path) => newestIn(join(root, path))),
  );
  return statSync(built).mtimeMs < newest;
}

/**
 * tsc never deletes: a source removed (or moved) leaves its compiled file in dist/, where jest would still run a
 * test that is gone and an import of the old path would still resolve. Compiled files without a source go.
 */
function removeOrphans() {
  for (const dir of ['src', 'test', 'bench', 'examples']) {
    const walk = (rel) => {
      const built = join(root, 'dist', rel);
      if (!existsSync(built)) return;
      for (const entry of readdirSync(built, { withFileTypes: true })) {
        const path = join(rel, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.js(\.map)?$/.test(entry.name)) {
          const source = join(root, path.replace(/\.js(\.map)?$/, ''));
          if (!existsSync(`${source}.ts`) && !existsSync(`${source}.tsx`)) rmSync(join(root, 'dist', path));
        }
      }
    };
    walk(dir);
  }
}

const COMPILED = ['src', 'test', 'bench', 'examples', 'tsconfig.json', 'package-lock.json'];
// Build info without the files it describes (a dist/ emptied by hand, or a `tsc --noEmit` that wrote it) must
// not pass for a build: it is dropped, so tsc compiles everything again.
const entryMissing = !existsSync(join(root, 'dist/src/main.js'));
if (entryMissing) rmSync(join(root, 'dist/.tsbuildinfo'), { force: true });

async function compileServer() {
  if (entryMissing || isStale('dist/.tsbuildinfo', COMPILED)) {
    await run(bin('tsc'), ['-p', 'tsconfig.json']);
    removeOrphans();
    // tsc leaves its build info alone when a file was saved unchanged: mark this check as done all the same.
    const now = new Date();
    utimesSync(join(root, 'dist/.tsbuildinfo'), now, now);
  }
  // The hub reads openapi.yaml from a JSON copy that the build writes once every schema in it compiled
  // (src/shapes/build-document.ts): a broken document fails here, with the validator's words.
  if (isStale('dist/openapi.json', ['openapi/openapi.yaml', 'dist/src/shapes/build-document.js']))
    await run(process.execPath, [join(root, 'dist/src/shapes/build-document.js')]);
}

async function bundleUi() {
  if (isStale('dist/ui/index.html', ['src/ui', 'package-lock.json']))
    await run(bin('vite'), ['build', '--config', 'src/ui/vite.config.ts', '--logLevel', 'warn']);
}

// Side by side: tsc and Vite read and write apart (src/ui has its own tsconfig and goes to dist/ui only), and a
// clean build then takes the longer of the two on 2 cores instead of their sum.
await Promise.all([compileServer(), bundleUi()]);
