// Import boundaries of Appui (STYLE.md habit 9), checked by `npm run lint`.
// dependency-cruiser resolves relative and `#server/...` (package.json "imports") paths to the same
// file, so each rule holds whichever way an import is written. Each rule's comment is what a
// developer reads when it fails (reporter err-long).
// dependency-cruiser 17 is the last major that runs on Node 20 (18 needs Node 22).

/** Server modules and web features are folders named by their first path segment below these. */
const MODULES = '^src/server/modules/';
const FEATURES = '^src/web/features/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycle: break it by moving the shared part into a third file. ' +
        'Type-only imports are ignored: `import type` is erased before run time.',
      from: {},
      // `import type` and `import { type A }` both count as type-only; eslint's
      // no-import-type-side-effects keeps the second form from leaving an `import {}` at run time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-server-module-cycle',
      severity: 'error',
      comment:
        'Two server modules use each other (e.g. auth <-> users): the lower one must not know the ' +
        'higher one; move what both need into the lower one, or into src/shared.',
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$` },
      to: { path: `${MODULES}[^/]+$`, circular: true },
    },
    {
      name: 'server-module-through-service',
      severity: 'error',
      comment:
        'A server module reaches another module only through its service ' +
        '(`../x/x.service.ts` or `#server/modules/x/x.service.ts`), never its repository, routes or helpers.',
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: MODULES,
        pathNot: [`${MODULES}$1/`, `${MODULES}([^/]+)/\\1\\.service\\.ts$`],
      },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      severity: 'error',
      comment: 'src/shared is used by the server and the browser: it imports nothing of ours outside src/shared.',
      from: { path: '^src/shared/' },
      to: { path: '^(src|tests|e2e|bench|scripts)/', pathNot: '^src/shared/' },
    },
    {
      name: 'shared-not-to-node',
      severity: 'error',
      comment: 'src/shared runs in the browser too: no Node built-in module (node:*).',
      from: { path: '^src/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-not-to-web',
      severity: 'error',
      comment: 'The server never imports web code; share it through src/shared.',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'web-not-to-server',
      severity: 'error',
      comment: 'Web code never imports server or test code; share it through src/shared.',
      from: { path: '^src/web/' },
      to: { path: '^(src/server|tests|e2e|bench|scripts)/' },
    },
    {
      name: 'web-not-to-node',
      severity: 'error',
      comment: 'Web code runs in the browser: no Node built-in module (node:*).',
      from: { path: '^src/web/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-base-not-to-features',
      severity: 'error',
      comment:
        'src/web/components, lib and config are the base that features and the app build on: ' +
        'they import no feature and nothing of src/web/app.',
      from: { path: '^src/web/(components|lib|config)/' },
      to: { path: ['^src/web/features/', '^src/web/app/'] },
    },
    {
      name: 'web-feature-not-to-app',
      severity: 'error',
      comment: 'A web feature does not import src/web/app: the app (pages, routes) composes features.',
      from: { path: FEATURES },
      to: { path: '^src/web/app/' },
    },
    {
      name: 'web-feature-not-to-other-feature',
      severity: 'error',
      comment: 'A web feature does not import another feature: compose them in a page of src/web/app.',
      from: { path: `${FEATURES}([^/]+)/` },
      to: { path: FEATURES, pathNot: `${FEATURES}$1/` },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'This import resolves to no file. It also guards the rules above: an import they cannot ' +
        'resolve is one they cannot check.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: ['^src/server/db/migrations/'] },
    // Keeps `import type` edges in the graph, marked type-only, so that no-circular can skip them.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    cache: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
