import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` (scripts/start.mjs --dev): the API runs on API_PORT (default 3000) and the
// Studio's Vite server on 5174. This dev server proxies both, so the learner site, the
// Studio and the API share one origin as in production (the refresh cookie is
// SameSite=Strict and scoped to /api/auth).
const backend = `http://localhost:${process.env.API_PORT ?? 3000}`;
const studioDev = 'http://localhost:5174';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 3,
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', test: /node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/health': { target: backend, changeOrigin: false },
      '/studio': { target: studioDev, changeOrigin: false, ws: true },
    },
  },
});
