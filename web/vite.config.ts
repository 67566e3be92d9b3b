import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In `npm run dev`, /api goes to the hosting emulator, which rewrites it to the `api` function
// exactly as Firebase Hosting does in production.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5000';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
});
