// The jest configuration `npm run test:mutation` (stryker.config.json) runs: the unit specs of the modules it
// mutates, compiled like the unit tier (jest.config.js), nothing else (every mutant runs the tests that cover it).
const unit = require('./jest.config.js').projects.find((p) => p.displayName === 'unit');

const specs = [
  'src/modules/assessment/knowledge-space',
  'src/modules/assessment/adaptive-test',
  'src/modules/assessment/bkt',
  'src/modules/assessment/gating',
  'src/modules/challenges/unlock-time',
  'src/common/http/address-check',
  'src/modules/media/media-signing',
  'src/modules/graph/sources/robots',
  'src/modules/challenges/certificates/status-list',
  'src/modules/media/speech/sentences',
  'src/modules/catalog/checkout.service',
];

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: unit.transform,
  transformIgnorePatterns: unit.transformIgnorePatterns,
  // MUTATION_EXAMPLES_ONLY=1 leaves the property specs out (the README's "before" scores)
  testMatch: specs.flatMap((s) =>
    process.env.MUTATION_EXAMPLES_ONLY
      ? [`<rootDir>/${s}.spec.ts`]
      : [`<rootDir>/${s}.spec.ts`, `<rootDir>/${s}.property.spec.ts`],
  ),
};
