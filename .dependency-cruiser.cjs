/**
 * Import rules of the API and workers (run by src/architecture/architecture.spec.ts in `npm test`).
 * A module under src/modules/<name>/ reaches another module only through what that module's
 * services export: never through its repositories or entities (each table has one owner). The
 * architecture test also refuses import cycles between modules (graph's two seams count as modules of
 * their own), which no-circular, looking at files, does not see.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-foreign-repository',
      comment: "A module uses another module's exported service, never its repository.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/.+\\.repository\\.ts$', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'no-foreign-entity',
      comment: 'Entities (tables) belong to their module; others go through its service.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/entities/', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'workers-are-thin',
      comment: 'Processors call services; they never touch repositories or entities themselves.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^src/modules/[^/]+/(entities/|.+\\.repository\\.ts$)' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { pathNot: '\\.entity\\.ts$|entities/index\\.ts$' } },
    },
    {
      name: 'jobs-room-imports-no-feature',
      comment:
        'Background jobs live in src/modules/jobs/, which features configure; it imports no feature module, ' +
        'only the audit trail it records into.',
      severity: 'error',
      from: { path: '^src/modules/jobs/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/(jobs|audit)/' },
    },
    {
      name: 'audit-imports-no-feature',
      comment: 'The audit trail is a leaf every module (the jobs room included) may record into.',
      severity: 'error',
      from: { path: '^src/modules/audit/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/audit/' },
    },
    {
      name: 'graph-only-through-its-seams',
      comment:
        'Other modules reach the graph through what it offers them on purpose: graph/structure (the course-structure ' +
        'reader: live topics, modules, names, a topic content, the published version, and the topic-id request DTO; ' +
        'used by assessment, auth, catalog, challenges and practice) and graph/content (the content migration import, ' +
        'used by studio). Everything else in graph/ is its own: a module that needs more asks for a seam. The ' +
        'composition roots are outside the rule: src/app.module.ts mounts graph Nest modules, ' +
        'src/database/entities.ts registers its entities with the ORM, workers/ runs its queue processors.',
      severity: 'error',
      from: {
        path: '^(src|workers)/',
        pathNot: '^src/modules/graph/|^src/app[.]module[.]ts$|^src/database/entities[.]ts$|^workers/',
      },
      to: { path: '^src/modules/graph/', pathNot: '^src/modules/graph/(structure|content)/' },
    },
    {
      name: 'no-app-from-common',
      comment: 'common/ and config/ are shared foundations: they import no feature module.',
      severity: 'error',
      from: { path: '^src/(common|config)/' },
      to: { path: '^src/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.spec\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
