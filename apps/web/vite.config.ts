import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig(({ isSsrBuild }) => ({
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
    proxy: { '/api': { target: 'http://localhost:3000', ws: true }, '/simulator': { target: 'http://localhost:3000' } },
  },
  // Two entries: the app (index.html → main.tsx) and the prerendered public pages (public-main.tsx).
  // The manifest tells the prerender step (scripts/prerender.mjs) which chunks each page needs.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    manifest: !isSsrBuild,
    ...(isSsrBuild
      ? {}
      : {
          rollupOptions: {
            input: {
              app: path.resolve(import.meta.dirname, 'index.html'),
              public: path.resolve(import.meta.dirname, 'src/public-main.tsx'),
            },
          },
        }),
  },
}));
