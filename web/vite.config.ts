import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In `npm run dev`, /api goes to the hosting emulator, which rewrites it to the `api` function
// exactly as Firebase Hosting does in production.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5000';
const outDir = process.env.WEB_OUT_DIR ?? 'dist';

/**
 * After the client build, renders the public pages to static HTML (scripts/prerender.ts), so
 * every way of building the site (npm start, npm test, deploy) ships prerendered pages.
 * PRERENDER=0 skips it.
 */
function prerenderPublicPages(): Plugin {
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    enforce: 'post',
    async closeBundle() {
      if (process.env.PRERENDER === '0') return;
      const { prerender } = await import('../scripts/prerender');
      await prerender({ distDir: outDir, plugins: [react()] });
    },
  };
}

export default defineConfig({
  plugins: [react(), prerenderPublicPages()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
  },
});
