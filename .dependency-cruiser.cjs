/**
 * The import-cycle check that `npm test` runs first (`npm run check:cycles`). Type-only imports are left out
 * (`tsPreCompilationDeps: false`): they vanish from the compiled code, so they cannot make a module read
 * another before it is initialised. A cycle is a design smell all the same: when two modules need each
 * other, one of them owns a helper that belongs in a small file of its own, or a listener wired in
 * src/services.ts replaces the import.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        "Import cycle: move the shared helper into its owner's own file, or react through a listener wired in createServices.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
