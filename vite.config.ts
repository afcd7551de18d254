import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appClassMerge } from './scripts/class-merge-table';
import { iconChunks, iconsWithoutReactKeys } from './scripts/icon-chunks';
import { precompressAssets } from './scripts/precompress-assets';

const apiPort = Number(process.env.API_PORT ?? 5001);
const apiTarget = `http://127.0.0.1:${apiPort}`;
const webFolder = fileURLToPath(new URL('./src/web/', import.meta.url));
const domainFolder = fileURLToPath(new URL('./src/domain/', import.meta.url));
const appEntry = fileURLToPath(new URL('./src/web/main.tsx', import.meta.url));
const listingsPages = `${webFolder}features/listings/pages/`;

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
  // Which icons travel with the first pages (scripts/icon-chunks.ts): the app's own and a listing
  // page's in one chunk, those the other public pages add in a second, the members' pages' in a third.
  const chunkOfIcon = iconChunks({
    firstPages: [appEntry, `${listingsPages}listing-detail-page.tsx`],
    // With the parts of a listing page that only a signed-in member's has (listing-member-parts.ts).
    otherPublicPages: [
      `${listingsPages}browse-listings-page.tsx`,
      `${listingsPages}seller-listings-page.tsx`,
      `${webFolder}features/membership/pages/membership-plans-page.tsx`,
      `${webFolder}features/listings/components/owner-actions.tsx`,
      `${webFolder}features/listings/components/outside-area-note.tsx`,
    ],
  });
  // A build is what the server serves: React's production build, whatever NODE_ENV the shell has
  // (`NODE_ENV=development npm start` would otherwise ship React's development build and a server
  // render that calls its development-only jsxDEV).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: fileURLToPath(new URL('./src/web', import.meta.url)),
    publicDir: isSsrBuild ? false : fileURLToPath(new URL('./src/web/public', import.meta.url)),
    // A build's cn() merges with a table of only the Tailwind classes the app uses, in the browser and
    // the server render alike (scripts/class-merge-table.ts).
    plugins: [...(command === 'build' ? [appClassMerge()] : []), react(), ...(isSsrBuild ? [] : [iconsWithoutReactKeys(), tailwindcss(), precompressAssets()])],
    // `@/` is src/web (tsconfig.json's paths say the same for the type checker, vitest.config.ts for the
    // tests). The router's use-sync-external-store shim is React's own hook (lib/use-sync-external-store.ts).
    resolve: {
      alias: [
        { find: '@/', replacement: webFolder },
        { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: `${webFolder}lib/use-sync-external-store.ts` },
      ],
    },
    ssr: { noExternal: true, target: 'node' as const },
    // React's production build on the server too, as in the browser it hydrates in.
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: isSsrBuild ? serverBuild : {
      outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
      emptyOutDir: true,
      sourcemap: true,
      // .vite/manifest.json: which chunks the first load takes (scripts/web-budget.ts reads it).
      manifest: true,
      // Terser, two passes: 3 kB (Brotli) less than esbuild's minifier on a listing page's first load,
      // for about 20 s more build. No Safari 10 workarounds: the build's target is far past it.
      minify: 'terser',
      terserOptions: { safari10: false, ecma: 2020, compress: { passes: 2 } },
      rollupOptions: {
        // The shared rules are pure (no I/O, no globals), so a chunk keeps only the domain modules whose
        // exports it uses: a page that formats a price does not download the request schemas.
        treeshake: { moduleSideEffects: (id) => !id.startsWith(domainFolder) },
        // Shared pieces smaller than this (a helper, the listings' query hooks) join a neighbouring
        // chunk instead of costing a request of their own on a slow network: every script costs its
        // headers, half a kilobyte, and a listing page loaded thirteen. The neighbour is often the
        // app's own chunk, which every first load downloads: at 16 kB it takes the moderation rules,
        // ratings, the verification marks and the listings' hooks, which the listing, browse and
        // seller pages all use (8 scripts on a listing page, 4 kB less) and the landing page does not
        // (4 kB more there). zod cannot join that way any more: it has a chunk of its own (below).
        output: {
          experimentalMinChunkSize: 16_000,
          // The app the boot script starts is named for what it is, whichever small chunks joined it.
          chunkFileNames: (chunk) => (chunk.moduleIds.includes(appEntry) ? 'assets/app-[hash].js' : 'assets/[name]-[hash].js'),
          manualChunks: (id, meta) => {
            const iconChunk = chunkOfIcon(id, meta);
            if (iconChunk) return iconChunk;
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
