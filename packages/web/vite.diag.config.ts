import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
export default defineConfig({
  plugins: [react()],
  build: { outDir: '/tmp/fr/diag', emptyOutDir: true, manifest: true, sourcemap: true },
});
