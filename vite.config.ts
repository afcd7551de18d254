import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './scripts/precompress-assets';

const apiPort = Number(process.env.API_PORT ?? 5001);
const apiTarget = `http://127.0.0.1:${apiPort}`;
const domainFolder = fileURLToPath(new URL('./src/domain/', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), tailwindcss(), precompressAssets()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // The shared rules are pure (no I/O, no globals), so a chunk keeps only the domain modules whose
      // exports it uses: a page that formats a price does not download the request schemas.
      treeshake: { moduleSideEffects: (id) => !id.startsWith(domainFolder) },
      // Shared pieces smaller than this (an icon, a helper) join a neighbouring chunk instead of
      // costing a request of their own on a slow network.
      output: {
        experimentalMinChunkSize: 10_000,
        // The icons, a few hundred bytes each and shared by many pages, travel together: one request
        // instead of a dozen on a page's first load.
        manualChunks: (id) => (id.includes('/node_modules/lucide-react/') ? 'icons' : undefined),
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/videos': apiTarget,
    },
  },
});
