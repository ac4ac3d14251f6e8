import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.OQU_API ?? 'http://localhost:3000';
/** Paths the server answers; everything else is the single-page app. */
const PROXIED = ['/api', '/files', '/uploadI', '/uploadF', '/delete', '/problem', '/get', '/table'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    manifest: true,
    rolldownOptions: {
      input: {
        // the app
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        // the SCORM player, which the server serves on the content origin (src/player; no React)
        'scorm-player': fileURLToPath(new URL('scorm-player.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    // `ws`: the teacher's broadcast is a WebSocket under /api
    proxy: Object.fromEntries(PROXIED.map((path) => [path, { target: API_TARGET, changeOrigin: true, ws: path === '/api' }])),
  },
});
