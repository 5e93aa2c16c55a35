import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { boot } from './vite-plugins/boot';
import { precompress } from './vite-plugins/precompress';

// In development the API runs on its own port behind this proxy; in production one server serves both.
const apiTarget = process.env.WHISP_API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/health', '/media'];

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), boot(), precompress()],
  resolve: { conditions: ['@whisp/source'] },
  // vanilla-extract evaluates `.css.ts` files in an SSR-style compiler: it must resolve
  // `@whisp/ui` to the same source as the page, or the theme variables get other names.
  environments: { ssr: { resolve: { conditions: ['@whisp/source'] } } },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(
        proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }]),
      ),
      // The consent page's form posts to the API's /oauth/authorize; the pages under /oauth
      // (the consent page, the code page) are the app's, served here.
      '/oauth': {
        target: apiTarget,
        changeOrigin: false,
        bypass: (request) => (request.method === 'GET' ? request.url : undefined),
      },
    },
  },
  // The manifest lets scripts/check-bundle-size.mjs weigh the first screen and each route chunk.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports (React), in one file with it. Left to itself the
            // bundler splits off each module a lazy screen shares with the entry: more requests
            // before anything can run, which on a phone's HTTP/1.1 connections (six at a time) is
            // a round trip more before the first screen.
            { name: 'start', tags: ['$initial'], priority: 2 },
            // The app's code, which the entry imports once React is evaluated (src/main.tsx), in
            // one file for the same reason.
            { name: 'app', test: /[\\/]src[\\/]start\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
