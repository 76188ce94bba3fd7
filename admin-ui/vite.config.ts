import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/vite-precompress.mjs';

// The API server serves this build at /studio, on the same origin as the learner site and /api.
export default defineConfig({
  base: '/studio/',
  // precompress: a .br and a .gz copy of each built file, which the API serves as they are
  plugins: [react(), precompress()],
  // ra-input-rich-text brings its own older @tiptap/core for extensions the editor does not use: one TipTap
  resolve: { dedupe: ['@tiptap/core', '@tiptap/pm'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // react-admin and MUI are most of the console (about 1.1 MB minified): split by library, under
        // Vite's 500 kB warning, so a Studio release re-downloads only the chunks that changed.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 4,
            },
            { name: 'mui-icons', test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/, priority: 3 },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/,
              priority: 2,
            },
            { name: 'react-admin', test: /node_modules[\\/](react-admin|ra-[\w-]+)[\\/]/, priority: 1 },
            { name: 'vendor', test: /node_modules/, priority: 0 },
          ],
        },
      },
    },
  },
  // `npm run dev`: open the Studio through the learner dev server (http://localhost:5173/studio),
  // which proxies here; this server proxies the API and, for sign-in round trips, the learner site.
  server: {
    port: 5174,
    proxy: {
      '/api': `http://localhost:${process.env.API_PORT ?? 3000}`,
      '^/(?!studio(/|$)|api(/|$)|@|node_modules|src)': 'http://localhost:5173',
    },
  },
  test: {
    environment: 'jsdom',
    // react-admin's first render is heavy and every keystroke re-renders the form; CI runs on a loaded 2-core
    // machine, where a review test that types three fields took over 20 s (it takes 2 s on a quiet one).
    testTimeout: 60000,
    environmentOptions: {
      jsdom: { url: 'http://localhost/studio/' },
    },
    setupFiles: ['./src/test/setup.ts'],
    // through vite, so the dedupe above holds in tests too (Node would load ra-input-rich-text's own copy)
    server: { deps: { inline: ['ra-input-rich-text', /@tiptap\//] } },
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // One module graph (and one jsdom) per worker instead of one per file: each file used to load React,
    // react-admin, MUI and TipTap again. The app's own modules are still fresh in every test (the tests
    // import App after vi.resetModules); setup.ts clears what react-admin keeps in the browser (its store
    // in localStorage), restoreMocks/unstubGlobals undo the spies and stubs.
    isolate: false,
    // Every core: the tier runs alone under npm test, and vitest's default (cores - 1) left one of two idle.
    maxWorkers: availableParallelism(),
    // A focused test (it.only) would quietly skip the rest: fail instead, locally too.
    allowOnly: false,
  },
});
