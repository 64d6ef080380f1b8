import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/vite-plugin-precompress';
import { flowsPlugin } from './src/engine/build/vite-plugin-flows';
import { CONFIRM_VIEW_NAMES, WIDGET_NAMES } from './src/flows/ui-names';
import { ruleEngine } from './src/rules/rule-engine';

// The SPA is served by the Fastify process from dist/; in `npm run dev` Vite proxies the API to it
// (API_PORT: the port `npm run dev:server` listens on, 8080 unless told; e2e/dev runs both on its own).
const api = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [
    react(),
    flowsPlugin({ ruleEngine, widgetNames: WIDGET_NAMES, confirmViewNames: CONFIRM_VIEW_NAMES }),
    precompressPlugin(),
  ],
  base: './',
  // Beside the checkout, not in node_modules: worktrees share one node_modules, each its own cache.
  cacheDir: '.cache/vite',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Issue 30 §3: Chakra and what it is built on in one file, not ~45 of 1–4 KB. On HTTP/1.1 a
        // sign-in clicked while those were still coming waited 1.6 s behind them on a slow line.
        // React in a file of its own, or the Chakra group would take it in and /login would load it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            {
              name: 'chakra',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss|@swc)[\\/]/,
              priority: 10,
            },
            // Issue 30 §3: what the signed-in frame and the landing dashboard are made of, one file
            // each instead of a dozen of ~1 KB: the sign-in page fetches them while the user types.
            {
              name: 'signed-in-frame',
              test: /src[\\/]app[\\/](layout[\\/](ChakraScope|AuthLayout|PublicLayout|Header|SignedOutHeader|AccountMenu|BookingsMenu|MenuDrawer|MainMenuNav|menu-model)|theme|components[\\/](external-link|data-list-css))\./,
              priority: 5,
              // These modules alone: what they import stays where it was (the sign-in page's own).
              includeDependenciesRecursively: false,
            },
            // Issue 30 §3 (D-074): the small modules the app shares with its pages, one file beside
            // start-app's instead of seven of under 10 KB, fetched as the user starts typing.
            {
              name: 'app-shared',
              test: /src[\\/](app[\\/](routes|flows[\\/]flow-routes|router[\\/]preloadable|analyst[\\/]paths|api[\\/]errors|dashboard[\\/]download|stores[\\/]page-stores)|domain[\\/](permissions|lookups|policies|status-codes))\./,
              priority: 5,
              includeDependenciesRecursively: false,
            },
            {
              name: 'dashboard',
              test: /src[\\/]app[\\/](dashboard[\\/](DashboardPage|format)|components[\\/](Paginator|DataList|StatusBadge|order-type-options)|hub[\\/]HubBadge)\./,
              priority: 5,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, ws: true },
      '/config': api,
    },
  },
});
