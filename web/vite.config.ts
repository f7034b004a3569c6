import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The site is one static build; everything deployment-specific comes from /config.json at run time.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  // The web app imports the server's wire contract as @contract/… (tsconfig.json's paths).
  resolve: { alias: { '@contract': fileURLToPath(new URL('../lambdas/contract', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps stay with the build: the bundles do not name them, and the deployed site leaves them out.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
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
