// ESLint flat config for the whole repository: type-aware typescript-eslint everywhere,
// React hooks rules in both UIs. Formatting is Prettier's job (see .prettierrc.json), not ESLint's.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typeAware = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
  '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
  '@typescript-eslint/no-unused-vars': [
    'error',
    { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
  ],
  // Nest, MikroORM and test doubles lean on `any` at their edges; keep it visible, not fatal.
  '@typescript-eslint/no-explicit-any': 'off',
  '@typescript-eslint/no-unsafe-declaration-merging': 'off',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'content/**',
      'coverage/**',
      // npm run test:mutation's sandbox and reports
      '.stryker-tmp/**',
      'reports/**',
      'packages/api-types/src/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // API, workers, tests, benchmarks, scripts in TypeScript
    files: [
      'src/**/*.ts',
      'workers/**/*.ts',
      'test/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      'packages/api-types/test/**/*.ts',
      '*.ts',
    ],
    languageOptions: {
      globals: { ...globals.node, ...globals.jest },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: typeAware,
  },
  {
    files: [
      'learner-ui/**/*.{ts,tsx}',
      'admin-ui/**/*.{ts,tsx}',
      'packages/*/src/**/*.{ts,tsx}',
      'packages/shared/test/**/*.ts',
    ],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...typeAware, ...reactHooks.configs.recommended.rules },
  },
  {
    // Benchmarks are linted without type information: each bench folder's tsconfig includes all of src, so the
    // project service built one more whole-API program per folder (about a quarter of the lint's time) for code
    // no user runs. The type check of what ships is `npm run typecheck`; a bench compiles with tsc before it runs.
    files: ['bench/**/*.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
  {
    // The benchmark loads the app only after it has set the environment: late require() on purpose.
    files: ['bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
