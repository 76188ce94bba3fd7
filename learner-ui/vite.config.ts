import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/vite-precompress.mjs';

// `npm run dev` (scripts/start.mjs --dev): the API runs on API_PORT (default 3000) and the
// Studio's Vite server on 5174. This dev server proxies both, so the learner site, the
// Studio and the API share one origin as in production (the refresh cookie is
// SameSite=Strict and scoped to /api/auth).
const backend = `http://localhost:${process.env.API_PORT ?? 3000}`;
const studioDev = 'http://localhost:5174';

/**
 * What the `common` chunk leaves to the pages that use it: overlays and form fields (a TextField brings Select,
 * Menu, Popover and Modal), and the app's modules built on them (the account forms' fields, the note form).
 */
const OVERLAYS_AND_FORMS =
  /node_modules[\\/](@popperjs[\\/]|@mui[\\/]material[\\/]esm[\\/](TextField|Select|NativeSelect|FilledInput|Input|Popover|Popper|Modal|Menu|MenuList|MenuItem|Dialog\w*|Unstable_TrapFocus|Backdrop|Autocomplete|Tabs|Tab|TabScrollButton|Tooltip|Radio\w*|Checkbox|FormControlLabel|FormHelperText|ToggleButton\w*|Slider|Switch)[\\/])|src[\\/]features[\\/](auth[\\/](components|pages)|notes|node[\\/]components[\\/](AddNotePanel|TopicTabs)|challenges[\\/]components)[\\/]/;

export default defineConfig({
  base: '/',
  // precompress: a .br and a .gz copy of each built file, which the API serves as they are
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: scripts/js-budget.mjs reads which chunks the first page loads
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its chunk stays cached across deploys. Everything else
        // is split by route (App.tsx loads each page lazily), so a page brings only the libraries it uses
        // (the graph's @xyflow and dagre, the MUI components of that page).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 3,
            },
            // What three or more chunks share (MUI's building blocks, react-query, the app's hooks and small
            // components), in one chunk instead of dozens of small ones: a phone on HTTP/1.1 fetches six files
            // at a time, and each further round trip delayed the first paint more than these bytes do.
            {
              name: 'common',
              test: (id) => !OVERLAYS_AND_FORMS.test(id),
              minShareCount: 3,
              maxModuleSize: 30000,
              priority: 1,
            },
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
