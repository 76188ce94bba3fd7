// Unit tests live beside the code (src/**/*.spec.ts); e2e tests boot the real app
// against real PostgreSQL and Redis (test/e2e, run in band and in random order by `npm test`;
// each file gets its own copy of a migrated and seeded template database and its own Redis prefix).
const swc = ['@swc/jest', require('./scripts/swc-options.cjs')];

// temporal-polyfill (and its temporal-utils) ship ES modules only, which jest's module registry cannot
// require before Node 24.9: they are compiled to CommonJS like our own files.
const esmOnly = ['temporal-polyfill', 'temporal-utils'];
const swcJs = [
  '@swc/jest',
  { swcrc: false, jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const esmTransform = {
  [`/node_modules/(${esmOnly.join('|')})/.+\\.js$`]: swcJs,
};
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc, ...esmTransform },
      transformIgnorePatterns,
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/workers/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: '<rootDir>/test/support/e2e-environment.js',
      transform: { '^.+\\.ts$': swc, ...esmTransform },
      transformIgnorePatterns,
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts', '<rootDir>/packages/*/test/**/*.e2e-spec.ts'],
      setupFiles: ['<rootDir>/test/support/env.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      // Two API and two worker processes from dist/ on one database and Redis prefix, which
      // scripts/scale.mjs (`npm run test:scale`) creates and removes.
      displayName: 'scale',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc, ...esmTransform },
      transformIgnorePatterns,
      testMatch: ['<rootDir>/test/scale/**/*.test.ts'],
    },
    {
      // Fault drills: an API and a worker from dist/ on an embedded PostgreSQL and a redis-server of their own,
      // which scripts/faults.mjs (`npm run test:faults`) starts, restarts on the drills' request, and removes.
      displayName: 'faults',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc, ...esmTransform },
      transformIgnorePatterns,
      testMatch: ['<rootDir>/test/faults/**/*.test.ts'],
    },
  ],
};
