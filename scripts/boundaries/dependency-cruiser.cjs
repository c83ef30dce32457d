/**
 * The house rules (ARCHITECTURE.md "Rules of the house"), checked by dependency-cruiser
 * (`npm run lint:boundaries`, the first step of `npm test`). Each violation is printed with the
 * rule's name; docs/adding-a-domain.md says what each rule means. The repository-writes rule needs to read
 * SQL, so it is a separate script (scripts/boundaries/repository-writes.ts); so is the rule that no two
 * backend modules depend on each other (scripts/boundaries/module-cycles.ts): `no-circular` sees
 * cycles of files only, and dependency-cruiser's folder scope counts each subfolder as its own node
 * and cannot leave the tests out.
 */

/**
 * Known violations, allowed explicitly so the check is green today and shrinks later. Each is
 * printed as a warning ("known-violation: <rule>"); remove the entry when the code is fixed.
 */
const KNOWN = [];

const RULES = [
  {
    name: 'platform-not-to-modules',
    comment: 'backend/src/platform is what every domain stands on: it never imports a module (modules register what platform needs).',
    from: { path: '^backend/src/platform/' },
    to: { path: '^backend/src/modules/' },
  },
  {
    name: 'renderer-only-common',
    comment: 'The renderer imports only @crm/common, npm packages and its own code; window.desktop is its only native door.',
    from: { path: '^desktop/src/renderer/' },
    to: {
      pathNot: ['^desktop/src/renderer/', '^common/', 'node_modules/'],
    },
  },
  {
    name: 'renderer-no-native',
    comment: 'The renderer runs in a sandboxed page: no Node built-in modules and no electron (window.desktop is its only native door).',
    from: { path: '^desktop/src/renderer/', pathNot: '\\.(test|spec)\\.tsx?$' },
    to: { dependencyTypes: ['core'] },
  },
  {
    name: 'renderer-no-native',
    comment: 'The renderer runs in a sandboxed page: no Node built-in modules and no electron (window.desktop is its only native door).',
    from: { path: '^desktop/src/renderer/' },
    to: { path: '(^|/)node_modules/electron/' },
  },
  {
    name: 'main-preload-not-to-renderer',
    comment: 'The Electron main and preload processes never import renderer code.',
    from: { path: '^desktop/src/(main|preload)/' },
    to: { path: '^desktop/src/renderer/' },
  },
  {
    name: 'no-circular',
    comment: 'No import cycles (backend, common, renderer, main, preload): a cycle makes load order matter and hides a missing boundary.',
    from: {},
    to: { circular: true },
  },
];

/** Each rule with its known exceptions cut out, plus one warning rule per exception. */
function withKnown(rule) {
  const known = KNOWN.filter((k) => k.rule === rule.name);
  const main = { ...rule, severity: 'error', from: { ...rule.from } };
  if (known.length === 0) return [main];
  main.from.pathNot = [].concat(
    rule.from.pathNot ?? [],
    known.map((k) => k.from),
  );
  const rest = known.flatMap((k) => [
    // the exempted file may still not import anything else the rule forbids
    { ...rule, severity: 'error', from: { path: k.from }, to: { ...rule.to, pathNot: [].concat(rule.to.pathNot ?? [], k.to) } },
    {
      name: `known-violation: ${rule.name}`,
      comment: 'allowed for now, see KNOWN in scripts/boundaries/dependency-cruiser.cjs',
      severity: 'warn',
      from: { path: k.from },
      to: { ...rule.to, path: k.to },
    },
  ]);
  return [main, ...rest];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: RULES.flatMap(withKnown),
  options: {
    // only our sources: npm packages are leaves, built output is not checked
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|build)/' },
    tsPreCompilationDeps: true,
    // `.js` specifiers of nodenext resolve to the `.ts` sources; @crm/common resolves to its sources
    tsConfig: { fileName: 'scripts/boundaries/tsconfig.boundaries.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: false } },
  },
};
