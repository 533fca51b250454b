import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The operator UI: built into dist/ui and served by the hub at /ui (src/http/web-ui.ts). `npm run dev:ui`
// serves it from Vite with /graphql and /oauth2 proxied to a hub on HUB_URL (default http://localhost:3000).
const hub = process.env.HUB_URL ?? 'http://localhost:3000';
// The hub accepts the session cookie only from pages of its own origin (src/auth/session/csrf.ts).
const asHub = { target: hub, changeOrigin: true, headers: { origin: new URL(hub).origin } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/ui/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('../../dist/ui', import.meta.url)),
    emptyOutDir: true,
    // Monaco, under the GraphQL explorer, is one chunk of about 2.8 MB minified (600 kB gzip), loaded only there.
    chunkSizeWarningLimit: 3000,
    rolldownOptions: {
      // Mantine marks its modules "use client" for React Server Components; meaningless in a browser bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: { '/graphql': asHub, '/oauth2': asHub } },
});
