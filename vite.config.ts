import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './scripts/precompress-assets';

const apiPort = Number(process.env.API_PORT ?? 5001);
const apiTarget = `http://127.0.0.1:${apiPort}`;
const webFolder = fileURLToPath(new URL('./src/web/', import.meta.url));
const domainFolder = fileURLToPath(new URL('./src/domain/', import.meta.url));
const appEntry = fileURLToPath(new URL('./src/web/main.tsx', import.meta.url));

// `vite build --ssr` builds the server's way into the app (src/web/entry-server.tsx) for Node, with
// every package inside it, so the server needs none of the web app's packages at run time.
const serverBuild = {
  outDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)),
  emptyOutDir: true,
  sourcemap: true,
  target: 'node20',
  ssr: true,
  rollupOptions: { input: fileURLToPath(new URL('./src/web/entry-server.tsx', import.meta.url)), output: { entryFileNames: 'entry-server.js' } },
};

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is what the server serves: React's production build, whatever NODE_ENV the shell has
  // (`NODE_ENV=development npm start` would otherwise ship React's development build and a server
  // render that calls its development-only jsxDEV).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: fileURLToPath(new URL('./src/web', import.meta.url)),
    publicDir: isSsrBuild ? false : fileURLToPath(new URL('./src/web/public', import.meta.url)),
    plugins: isSsrBuild ? [react()] : [react(), tailwindcss(), precompressAssets()],
    // `@/` is src/web (tsconfig.json's paths say the same for the type checker, vitest.config.ts for the tests).
    resolve: { alias: { '@/': webFolder } },
    ssr: { noExternal: true, target: 'node' as const },
    // React's production build on the server too, as in the browser it hydrates in.
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: isSsrBuild ? serverBuild : {
      outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
      emptyOutDir: true,
      sourcemap: true,
      // .vite/manifest.json: which chunks the first load takes (scripts/web-budget.ts reads it).
      manifest: true,
      rollupOptions: {
        // The shared rules are pure (no I/O, no globals), so a chunk keeps only the domain modules whose
        // exports it uses: a page that formats a price does not download the request schemas.
        treeshake: { moduleSideEffects: (id) => !id.startsWith(domainFolder) },
        // Shared pieces smaller than this (an icon, a helper) join a neighbouring chunk instead of
        // costing a request of their own on a slow network. Not larger: the neighbour they join is
        // often the app's own chunk, which every first load downloads (at 10 kB it took 7 kB of
        // pieces only some pages use, and the listing page downloaded zod with a 600-byte Textarea).
        output: {
          experimentalMinChunkSize: 4_000,
          // The app the boot script starts is named for what it is, whichever small chunks joined it.
          chunkFileNames: (chunk) => (chunk.moduleIds.includes(appEntry) ? 'assets/app-[hash].js' : 'assets/[name]-[hash].js'),
          // The icons, a few hundred bytes each and shared by many pages, travel together: one request
          // instead of a dozen on a page's first load.
          manualChunks: (id) => {
            if (id.includes('/node_modules/lucide-react/')) return 'icons';
            // The forms' schemas library (25 kB) in a chunk of its own: left to the size rule, a
            // small shared piece (the Textarea) joined it, and the listing page downloaded zod for it.
            if (id.includes('/node_modules/zod/')) return 'zod';
            return undefined;
          },
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
  };
});
