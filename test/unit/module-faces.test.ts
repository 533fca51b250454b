import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The README's code map shows each module's public face (the table under "Modules' public faces"): every
// name a module's index.ts exports, but its *_OPERATIONS, is in that module's row, and the row names nothing
// else. So the table says what other modules may use, and cannot drift from what they do.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MODULES = join(ROOT, 'src/modules');

/** The names an index.ts exports: `export { a, type B } from './x.js'` and `export type { C } from …`. */
function exportsOf(module: string): string[] {
  const index = readFileSync(join(MODULES, module, 'index.ts'), 'utf8');
  return [...index.matchAll(/export (?:type )?\{([^}]*)\}/g)]
    .flatMap((match) => match[1].split(','))
    .map((name) => name.trim().replace(/^type\s+/, ''))
    .filter((name) => name !== '' && !name.endsWith('_OPERATIONS'))
    .sort();
}

/** The README table's rows: module name to the names in backticks in the rest of its row. */
function readmeRows(): Map<string, string[]> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const rows = new Map<string, string[]>();
  for (const match of readme.matchAll(/^ *\| ([a-z-]+) \|(.*)\|$/gm))
    rows.set(match[1], [...match[2].matchAll(/`([^`]+)`/g)].map((name) => name[1]).sort());
  return rows;
}

describe("the README's module faces", () => {
  const modules = readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const rows = readmeRows();

  it.each(modules)('%s: its row names what its index.ts exports', (module) => {
    expect(rows.get(module)).toEqual(exportsOf(module));
  });
});
