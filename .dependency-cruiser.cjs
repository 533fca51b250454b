/**
 * The module checks that `npm test` runs first (`npm run check:cycles`).
 *
 * Import cycles. Type-only imports are left out of them (`viaOnly`): they vanish from the compiled code, so
 * they cannot make a module read another before it is initialised. A cycle is a design smell all the same: when
 * two modules need each other, one of them owns a helper that belongs in a small file of its own, or a listener
 * wired in src/services.ts replaces the import.
 *
 * Module boundaries. Each folder under src/modules shows the rest of the hub one face, its index.ts, which
 * exports what others use and nothing more; its other files are its own and may change without anyone else
 * noticing. Everything outside a module (another module, src/graphql, src/rest, the wiring in src/services.ts,
 * src/db's entity list) imports it through that index, types included. So do the tests and benches that drive
 * the hub from outside (test/e2e, test/integration, test/support, test/ui, bench): what they need of a module is
 * its face, and a state they need is reached through the API. The unit tests (test/unit) are the modules' own
 * white-box tests of their pure rules and import the files they test; so does the reports test's check that the
 * database bins acceptance times exactly as the module's own binOf reads them.
 */
const MODULE_FILE = '^src/modules/[^/]+/';
const MODULE_INDEX = '^src/modules/[^/]+/index\\.ts$';
const NOT_IN_CODE = ['type-only', 'pre-compilation-only'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        "Import cycle: move the shared helper into its owner's own file, or react through a listener wired in createServices.",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: NOT_IN_CODE } },
    },
    {
      name: 'module-through-its-index',
      severity: 'error',
      comment:
        "Another module's private file: import it from that module's index.ts (add the export there if others need it). A module's own files import each other directly.",
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: MODULE_FILE, pathNot: ['^src/modules/$1/', MODULE_INDEX] },
    },
    {
      name: 'outside-through-module-index',
      severity: 'error',
      comment:
        "A module's private file: src/graphql, src/rest, src/services.ts and the rest of src reach a module through its index.ts.",
      from: { path: '^src/', pathNot: '^src/modules/' },
      to: { path: MODULE_FILE, pathNot: MODULE_INDEX },
    },
    {
      name: 'tests-through-module-index',
      severity: 'error',
      comment:
        "A module's private file: tests and benches reach a module through its index.ts (and a state through the API); only test/unit tests a module's files directly.",
      from: { path: '^(test|bench)/', pathNot: ['^test/unit/', '^test/e2e/reports\\.test\\.ts$'] },
      to: { path: MODULE_FILE, pathNot: MODULE_INDEX },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type imports are followed so that the boundary rules see them; no-circular leaves them out (viaOnly).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
