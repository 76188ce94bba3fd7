import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      testTimeout: 20000,
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      unstubGlobals: true,
      css: false,
      // One module graph (and one jsdom) per worker instead of one per file: each file used to load React,
      // MUI, react-query and the app again, most of a small file's time. What a test leaves behind is undone
      // after each test all the same: setup.ts resets the session cookie, the token, the API client's hooks
      // and localStorage, restoreMocks/unstubGlobals the spies and stubs.
      isolate: false,
      // Every core: the tier runs alone under npm test, and vitest's default (cores - 1) left one of two idle.
      maxWorkers: availableParallelism(),
      // A focused test (it.only) would quietly skip the rest: fail instead, locally too.
      allowOnly: false,
    },
  }),
);
