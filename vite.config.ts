import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { flowsPlugin } from './src/engine/build/vite-plugin-flows';
import { precompressPlugin } from './src/engine/build/vite-plugin-precompress';
import { CONFIRM_VIEW_NAMES, WIDGET_NAMES } from './src/flows/ui-names';
import { ruleEngine } from './src/rules/rule-engine';

// The SPA is served by the Fastify process from dist/; in `npm run dev` Vite proxies the API to it.
export default defineConfig({
  plugins: [
    react(),
    flowsPlugin({ ruleEngine, widgetNames: WIDGET_NAMES, confirmViewNames: CONFIRM_VIEW_NAMES }),
    precompressPlugin(),
  ],
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', ws: true },
      '/config': 'http://127.0.0.1:8080',
    },
  },
});
