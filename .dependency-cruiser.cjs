/**
 * Import boundaries of the workspace, checked by `pnpm lint` (ARCHITECTURE.md draws the graph).
 * Workspace imports (`@meeting-ai/…`) are resolved through the `@meeting-ai/source` export
 * condition to the real files under apps/ and packages/, so the rules below match folders.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes load order matter and hides which side owns what.',
      severity: 'error',
      from: {},
      to: { circular: true }
    },
    {
      name: 'packages-never-import-apps',
      comment: 'Packages are the reusable parts; the apps compose them, never the other way round.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' }
    },
    {
      name: 'apps-never-import-each-other',
      comment: 'Only all-in-one composes apps (and the demo is a front for all-in-one); shared code goes to a package.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/', pathNot: ['^apps/all-in-one/', '^apps/demo/'] },
      to: { path: '^apps/', pathNot: '^apps/$1/' }
    },
    {
      name: 'demo-imports-only-all-in-one',
      comment: 'The demo runs the all-in-one composition; it reaches no other app directly.',
      severity: 'error',
      from: { path: '^apps/demo/' },
      to: { path: '^apps/', pathNot: ['^apps/demo/', '^apps/all-in-one/'] }
    },
    {
      name: 'contracts-import-nothing-of-ours',
      comment: 'The wire schemas are the bottom of the graph: every other part may use them.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|packages|bench|eval|deploy)/', pathNot: '^packages/contracts/' }
    },
    {
      name: 'testkit-only-in-tests-bench-eval',
      comment: 'Test peers and fixtures never ship in a running service.',
      severity: 'error',
      from: { pathNot: ['(^|/)test/', '^bench/', '^eval/', '^packages/testkit/'] },
      to: { path: '^packages/testkit/' }
    },
    {
      name: 'workspace-imports-resolve',
      comment: 'An unresolved import would slip past every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^\\.tools/', '(^|/)public/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      conditionNames: ['@meeting-ai/source', 'import', 'require', 'node', 'types', 'default'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json', '.d.ts']
    },
    reporterOptions: {
      text: { highlightFocused: true }
    }
  }
}
