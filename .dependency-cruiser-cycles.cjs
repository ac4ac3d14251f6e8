/**
 * No cycle between server modules (packages/server/src/modules/*), nor between web features
 * (packages/web/src/features/*): each depends on the others one way. Cycles are found between
 * folders, since a module's files may import another's with no cycle among the files themselves;
 * only the modules and features are cruised, so a cycle is theirs alone (and a module's subfolders
 * count as parts of it).
 */
const base = require('./.dependency-cruiser.cjs');

/** A dependency of one of `parts` on another, in a cycle that leaves the first one. */
const noCycleBetween = (name, parts, comment) => ({
  name,
  comment,
  severity: 'error',
  scope: 'folder',
  from: { path: `^${parts}/([^/]+)` },
  to: { path: `^${parts}/`, pathNot: `^${parts}/$1(/|$)`, circular: true },
});

module.exports = {
  forbidden: [
    noCycleBetween(
      'no-module-cycle',
      'packages/server/src/modules',
      'Modules in a cycle are one module in several folders: one of them must stop knowing the other.',
    ),
    noCycleBetween('no-feature-cycle', 'packages/web/src/features', 'Features in a cycle are one feature in several folders.'),
  ],
  options: { ...base.options, includeOnly: '^packages/(server/src/modules|web/src/features)/' },
};
