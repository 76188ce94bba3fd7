// SWC's options for our TypeScript: legacy decorators with design:type metadata (Nest's dependency
// injection and MikroORM read it), ES2022, CommonJS. Shared by jest.config.js (the tests, e2e included,
// run the app compiled this way) and scripts/build-api.mjs (npm start's build), so the two never differ.
module.exports = {
  swcrc: false,
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
};
