import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { incompleteWebConfig } from './build-config';
import budgets from './route-budgets.json';
import { weighRoutes, type ChunkInfo } from './route-budgets';

// In `npm run dev`, /api goes to the hosting emulator, which rewrites it to the `api` function
// exactly as Firebase Hosting does in production.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5000';
const outDir = process.env.WEB_OUT_DIR ?? 'dist';

/** The wizard routes and their page modules (prerendered step 1, taken over by the app). */
const WIZARD_PAGES: Record<string, string> = {
  '/register-student': 'src/features/applications/student-wizard-page.tsx',
  '/register-mentor': 'src/features/applications/mentor-wizard-page.tsx',
};

/** The prerendered sign-in page: what its take-over renders. */
const ADMIN_LOGIN = {
  route: '/admin/login',
  takeOver: ['src/features/admin/admin-root.tsx', 'src/features/admin/login/login-page.tsx'],
};

/**
 * After the client build, renders the public pages to static HTML (prerender.ts), so
 * every way of building the site (npm start, npm test, deploy) ships prerendered pages.
 * PRERENDER=0 skips it.
 */
function prerenderPublicPages(): Plugin {
  // The app's start chunk and everything it imports statically: app.html (the shell of the
  // admin and unknown paths, which render at once) preloads them next to the tiny entry, so
  // starting the app there costs no extra round trip.
  let appPreloads: string[] = [];
  /** Set when the route budgets refused the bundle (generateBundle), so closeBundle stops. */
  let refused = false;
  // A prerendered wizard fetches, once the page has loaded, what its take-over will run: the
  // start chunks and the wizard's own, so the first interaction does not wait for the network.
  const takeOverScripts: Record<string, string[]> = {};
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      const byModule = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, output);
        // Keyed by the module's path from web/ (src/app/start.tsx; index.html for the entry).
        if (output.facadeModuleId)
          byModule.set(
            relative(webDir, output.facadeModuleId).replace(/\\/g, '/'),
            output.fileName,
          );
      }
      const { weights, errors } = weighRoutes(budgets, chunks, byModule);
      if (errors.length > 0) {
        // Nothing was written: closeBundle must not go on to prerender, or its missing
        // index.html is the error the build reports instead of this one.
        refused = true;
        this.error(
          `route budgets:\n  ${errors.join('\n  ')}\n${weights
            .map((w) => `  ${w.route}: ${w.gzipKb} of ${w.budgetKb} kB gzip, ${w.files} files`)
            .join('\n')}`,
        );
      }
      const closure = (...entries: (string | undefined)[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
        };
        for (const entry of entries) if (entry) visit(entry);
        return [...seen];
      };
      const start = byModule.get('src/app/start.tsx');
      appPreloads = closure(start);
      for (const [route, page] of Object.entries(WIZARD_PAGES)) {
        takeOverScripts[route] = closure(start, byModule.get(page));
      }
      takeOverScripts[ADMIN_LOGIN.route] = closure(
        start,
        ...ADMIN_LOGIN.takeOver.map((m) => byModule.get(m)),
      );
      for (const module of ADMIN_LOGIN.takeOver) {
        if (!byModule.has(module)) this.error(`prerender: no chunk for ${module}`);
      }
    },
    async closeBundle() {
      if (process.env.PRERENDER === '0' || refused) return;
      const { prerender } = await import('./prerender');
      await prerender({
        distDir: outDir,
        plugins: [react()],
        shellPreloads: appPreloads,
        takeOverScripts,
      });
    },
  };
}

const FIRESTORE_SDK = /[\\/]node_modules[\\/](@firebase[\\/]firestore|firebase[\\/]firestore)[\\/]/;

/** Firebase products reactfire imports but this app never uses (see src/lib/firebase-unused.ts). */
const UNUSED_FIREBASE = ['database', 'functions', 'remote-config', 'storage'];
const unusedFirebase = fileURLToPath(new URL('./src/lib/firebase-unused.ts', import.meta.url));

const webDir = fileURLToPath(new URL('.', import.meta.url));

// Modes (build-config.ts): `production` (a deploy) reads web/.env.production and refuses an
// incomplete Firebase web config; every other mode (`emulator` for local builds, `development`
// for the dev server) reads no env file at all.
export default defineConfig(({ mode }) => {
  const production = mode === 'production';
  if (production) {
    const refused = incompleteWebConfig(loadEnv(mode, webDir, 'VITE_'));
    if (refused) {
      console.error(refused);
      process.exit(1);
    }
  }
  return {
    envDir: production ? webDir : false,
    plugins: [react(), prerenderPublicPages()],
    resolve: {
      alias: UNUSED_FIREBASE.map((product) => ({
        find: new RegExp(`^firebase/${product}$`),
        replacement: unusedFirebase,
      })),
    },
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
      rolldownOptions: {
        treeshake: {
          // reactfire's one entry also imports Firestore (for hooks this app does not use: the live
          // lists have their own, features/admin/api/live-lists.ts). The SDK registers itself when
          // loaded, so without this rule its 124 kB of gzip came with the login page. Declared free
          // of side effects, it is bundled only where its exports are used (lib/firestore.ts,
          // loaded with the dashboard) and registers itself there.
          moduleSideEffects: [{ test: FIRESTORE_SDK, sideEffects: false }],
        },
      },
    },
  };
});
