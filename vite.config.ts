import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cspPlugin } from './scripts/vite-csp.ts';

// The app is served from app/index.html; public/ holds static files (decoders, the built-in GLB).
export default defineConfig({
  root: 'app',
  publicDir: '../public',
  // The Content-Security-Policy (build only): own origin, no eval, nothing remote.
  plugins: [react(), cspPlugin()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
  },
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false, host: '127.0.0.1' },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
});
