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

// MUTATION_SPECS=bkt,media-signing keeps only the specs of those modules (by file name): with
// `npx stryker run --mutate <file>` the other modules' specs cover none of its mutants but each mutant's
// jest run would still load them.
const only = process.env.MUTATION_SPECS?.split(',')
  .map((n) => n.trim())
  .filter(Boolean);
const chosen = only ? specs.filter((s) => only.some((n) => s.endsWith(`/${n}`))) : specs;
if (only && chosen.length === 0) throw new Error(`MUTATION_SPECS=${process.env.MUTATION_SPECS} names no module`);

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: unit.transform,
  transformIgnorePatterns: unit.transformIgnorePatterns,
  // MUTATION_EXAMPLES_ONLY=1 leaves the property specs out (the README's "before" scores)
  testMatch: chosen.flatMap((s) =>
    process.env.MUTATION_EXAMPLES_ONLY
      ? [`<rootDir>/${s}.spec.ts`]
      : [`<rootDir>/${s}.spec.ts`, `<rootDir>/${s}.property.spec.ts`],
  ),
};
