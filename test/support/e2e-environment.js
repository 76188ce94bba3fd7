// The e2e files' test environment: Node's, plus one decision made per file before its setup runs. A file that
// imports the bundled courses (ContentMigrationService.runIfEmpty) starts from the template database that
// already holds them (test/support/global-setup.ts), so its import finds them there and returns at once. The
// files about the import itself (content-*.e2e-spec.ts) keep the empty template.
const { readFileSync } = require('node:fs');
const { basename } = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

class E2eEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const source = readFileSync(context.testPath, 'utf8');
    const withContent = /\.runIfEmpty\(\)/.test(source) && !basename(context.testPath).startsWith('content-');
    this.global.process.env.E2E_WITH_CONTENT = withContent ? '1' : '0';
  }
}

module.exports = E2eEnvironment;
