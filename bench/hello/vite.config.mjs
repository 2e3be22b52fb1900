// The hello page's build (bench/web.mjs runs it next to the real app's, same Vite and plugins).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'error',
  build: { manifest: true, emptyOutDir: true },
});
