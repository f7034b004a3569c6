import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The site is one static build; everything deployment-specific comes from /config.json at run time.
export default defineConfig({
  root: 'web',
  plugins: [react(), ...installableClassDay()],
  // The web app imports the server's wire contract as @contract/… (tsconfig.json's paths).
  resolve: { alias: { '@contract': fileURLToPath(new URL('../lambdas/contract', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps stay with the build: the bundles do not name them, and the deployed site leaves them out.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    // No dependency lists in the start chunk for preloading a lazily loaded screen's chunks: they and Vite's preload
    // helper weighed 2,775 bytes gzipped of the start's 170 KB budget, which the family areas' English words needed
    // (docs/i18n.md). A screen's shared chunks now load when its own chunk asks for them, one round trip later, on
    // its first visit only.
    modulePreload: false,
    rolldownOptions: {
      // What every screen needs at start-up ships as one chunk: it compresses better than many small ones.
      output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } },
      // Pure libraries whose bare imports (Amplify's "import '@aws-crypto/sha256-js'") would keep unused code.
      treeshake: { moduleSideEffects: (id: string) => !/node_modules[\\/](@aws-crypto|hoist-non-react-statics|tslib)[\\/]/.test(id) },
    },
  },
  server: {
    port: 5173,
    // `npm run dev:web` next to `npm start`: the API, config and cognito-local come from the local gateway.
    proxy: Object.fromEntries(['/api', '/config.json', '/_cognito', '/_local'].map((path) => [path, `http://localhost:${process.env.PORT ?? 3000}`])),
  },
});

/**
 * The areas of the web app whose screens the class day offline never shows. Not auth/: signing out, or a session
 * that ends, leads a class-day page to the sign-in screen, which then says why it cannot sign in without signal.
 */
const OTHER_AREAS = /[\\/]web[\\/]src[\\/](account|admin|calendar|classes)[\\/]/;
const INSTRUCTOR_AREA = /[\\/]web[\\/]src[\\/]instructors[\\/]/;

/**
 * The class day as an installable web app that opens without signal: its service worker, /sw.js (Workbox's
 * generateSW: every rule it needs is one of Workbox's own, so there is no worker source of ours to build and
 * keep). It keeps the class day's shell (index.html, the chunks below, the manifest and its icons), answers a
 * navigation under /instructor from the kept index.html when the network fails, and keeps /config.json (network
 * first) so the app starts without signal. Nothing else: no other navigation, and no /api call, which only the app
 * keeps (health notes it wipes at sign-out; marks it sends once each by their key, never replayed by a worker).
 * Registered by the instructor pages alone (web/src/instructors/installable.ts), never by the HTML every page loads.
 */
function installableClassDay(): Plugin[] {
  // The chunks the class day needs to start without signal: the start-up chunk and the instructor pages, with all
  // they import, statically or on demand (Amplify, the toasts…), but the other areas' screens, which a phone at a
  // trailhead would otherwise download for nothing (the admin grids and the calendar are most of the build).
  const shell = new Set<string>();
  const shellChunks: Plugin = {
    name: 'class-day-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      shell.clear();
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const take = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || shell.has(fileName)) return;
        shell.add(fileName);
        for (const imported of chunk.imports) take(imported);
        for (const loaded of chunk.dynamicImports)
          if (!OTHER_AREAS.test(chunks.get(loaded)?.facadeModuleId ?? '')) take(loaded);
      };
      for (const chunk of chunks.values())
        if (chunk.isEntry || INSTRUCTOR_AREA.test(chunk.facadeModuleId ?? '')) take(chunk.fileName);
    },
  };
  const worker = VitePWA({
    injectRegister: false,
    // The manifest is web/public/class-day.webmanifest, linked by the instructor pages only.
    manifest: false,
    workbox: {
      globPatterns: ['index.html', 'assets/*.{js,css}', 'logo.svg', 'class-day*'],
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)),
          warnings: [],
        }),
      ],
      // Only navigations under /instructor fall back to the kept page (runtimeCaching below), not every one.
      navigateFallback: null,
      runtimeCaching: [
        {
          urlPattern: ({ url, request }) => request.mode === 'navigate' && /^\/instructor(\/|$)/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'index.html' } },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
          handler: 'NetworkFirst',
          options: { cacheName: 'runtime-config', networkTimeoutSeconds: 5 },
        },
      ],
      // A new deploy's worker takes over at once, and its first page too (the instructor page that registered it).
      skipWaiting: true,
      clientsClaim: true,
      // One file to serve without caching (infra/web-app.ts): no workbox-*.js beside it.
      inlineWorkboxRuntime: true,
      sourcemap: false,
    },
  });
  return [shellChunks, ...worker];
}
