import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  // The router plugin must run before the React plugin so it can split route files first.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: API_ORIGIN, changeOrigin: false },
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/media': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // apps/api reads it to modulepreload each route's chunks; the budget test reads it too.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // floating-ui only with what positions things (tooltips, menus, selects): left to itself, the
          // chunker parks small shared helpers in its chunk and every screen then loads all of it.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Modals and drawers only (the login popup, the mobile menu): not the shell's.
            {
              name: 'remove-scroll',
              test: /node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce)[\\/]/,
            },
            { name: 'floating-ui-utils', test: /node_modules[\\/]@floating-ui[\\/]utils[\\/]/ },
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ },
          ],
        },
      },
    },
  },
});
