import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** `vite build --mode public`: the prerendered public pages' own client build. */
const PUBLIC_MODE = 'public';

export default defineConfig(({ isSsrBuild, mode }) => {
  const isPublic = mode === PUBLIC_MODE;
  return {
    // Text assets are also written as .br and .gz, served as they are by the server (no work per request).
    plugins: [
      react(),
      tailwindcss(),
      ...(isSsrBuild ? [] : [compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })]),
    ],
    resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
    server: {
      port: 5173,
      // In development the SPA runs on Vite and talks to the API server (npm run dev) through this proxy.
      proxy: {
        '/api': { target: 'http://localhost:3000', ws: true },
        '/simulator': { target: 'http://localhost:3000' },
      },
    },
    // Two client builds into one dist/: the app (index.html → main.tsx, `vite build`) and the prerendered
    // public pages (public-main.tsx, `vite build --mode public`). Apart, the public pages do not share chunks
    // with the app, so the landing loads a handful of files instead of one per module the app also uses
    // (docs/performance.md). The manifests tell the prerender step (scripts/prerender.mjs) what each needs.
    build: {
      outDir: 'dist',
      emptyOutDir: !isPublic,
      chunkSizeWarningLimit: 700,
      manifest: isSsrBuild ? false : isPublic ? '.vite/public-manifest.json' : true,
      ...(isSsrBuild
        ? {}
        : {
            rollupOptions: {
              input: (isPublic
                ? { public: path.resolve(import.meta.dirname, 'src/public-main.tsx') }
                : { app: path.resolve(import.meta.dirname, 'index.html') }) as Record<string, string>,
            },
          }),
    },
  };
});
