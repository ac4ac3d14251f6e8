/**
 * Which parts of the code may depend on which: `npm run test:deps` (part of `npm test`) cruises the
 * sources with this file, then with `.dependency-cruiser-cycles.cjs`. Type-only imports count, as a
 * type ties its user to its home; tests and their helpers are left out.
 */
module.exports = {
  forbidden: [
    {
      name: 'db-imports-no-module',
      comment: 'The database layer (connection, schema, migrations, listing) sits below every module.',
      severity: 'error',
      from: { path: '^packages/server/src/db/' },
      to: { path: '^packages/server/src/modules/' },
    },
    {
      name: 'shared-web-imports-no-feature',
      comment: 'components/ and lib/ are shared by every feature, so they know none.',
      severity: 'error',
      from: { path: '^packages/web/src/(components|lib)/' },
      to: { path: '^packages/web/src/features/' },
    },
  ],
  options: {
    includeOnly: '^packages/(server|web|contracts)/src/',
    exclude: { path: ['\\.test\\.tsx?$', '^packages/server/src/test/'] },
    tsPreCompilationDeps: true,
    // the server imports its TypeScript files by their .js names
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
