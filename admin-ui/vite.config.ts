import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The API server serves this build at /studio, on the same origin as the learner site and /api.
export default defineConfig({
  base: '/studio/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // react-admin with MUI is ~840 kB minified (~270 kB gzipped) in one chunk; a staff console
    // loads it once, so the default 500 kB warning would only be noise.
    chunkSizeWarningLimit: 1000,
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
    // react-admin's first render is heavy; CI runs on a loaded 2-core machine.
    testTimeout: 20000,
    environmentOptions: {
      jsdom: { url: 'http://localhost/studio/' },
    },
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // A focused test (it.only) would quietly skip the rest: fail instead, locally too.
    allowOnly: false,
  },
});
