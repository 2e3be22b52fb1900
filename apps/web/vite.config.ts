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
    manifest: true,
  },
});
