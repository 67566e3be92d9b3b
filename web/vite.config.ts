import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { incompleteWebConfig } from './build-config';

// In `npm run dev`, /api goes to the hosting emulator, which rewrites it to the `api` function
// exactly as Firebase Hosting does in production.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5000';
const outDir = process.env.WEB_OUT_DIR ?? 'dist';

/** The wizard routes and their page modules (prerendered step 1, taken over by the app). */
const WIZARD_PAGES: Record<string, string> = {
  '/register-student': 'src/features/applications/student-wizard-page.tsx',
  '/register-mentor': 'src/features/applications/mentor-wizard-page.tsx',
};

/** The prerendered sign-in page: what its take-over renders, and the dashboard it leads to. */
const ADMIN_LOGIN = {
  route: '/admin/login',
  takeOver: ['src/features/admin/admin-root.tsx', 'src/features/admin/login/login-page.tsx'],
  // login/preload-dashboard.ts's list: fetched (not run) once the static page is idle.
  idle: [
    // The sign-in's second step (the passkey), first after the password.
    'src/features/admin/login/verify-page.tsx',
    'src/features/admin/dashboard/dashboard-page.tsx',
    'src/features/admin/dashboard/prefetch.ts',
    'src/features/admin/session-watch.tsx',
  ],
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
  // A prerendered wizard fetches, once the page has loaded, what its take-over will run: the
  // start chunks and the wizard's own, so the first interaction does not wait for the network.
  const takeOverScripts: Record<string, string[]> = {};
  // The sign-in page's second wave (the dashboard's code), minus what the take-over fetches.
  const idleScripts: Record<string, string[]> = {};
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, string[]>();
      const byModule = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, output.imports);
        const id = output.facadeModuleId?.replace(/\\/g, '/');
        if (id) byModule.set(id.slice(id.indexOf('/src/') + 1), output.fileName);
      }
      const closure = (...entries: (string | undefined)[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of chunks.get(file) ?? []) visit(imported);
        };
        for (const entry of entries) if (entry) visit(entry);
        return [...seen];
      };
      const start = byModule.get('src/app/start.tsx');
      appPreloads = closure(start);
      for (const [route, page] of Object.entries(WIZARD_PAGES)) {
        takeOverScripts[route] = closure(start, byModule.get(page));
      }
      const loginTakeOver = closure(start, ...ADMIN_LOGIN.takeOver.map((m) => byModule.get(m)));
      takeOverScripts[ADMIN_LOGIN.route] = loginTakeOver;
      idleScripts[ADMIN_LOGIN.route] = closure(
        ...ADMIN_LOGIN.idle.map((m) => byModule.get(m)),
      ).filter((file) => !loginTakeOver.includes(file));
      for (const module of [...ADMIN_LOGIN.takeOver, ...ADMIN_LOGIN.idle]) {
        if (!byModule.has(module)) this.error(`prerender: no chunk for ${module}`);
      }
    },
    async closeBundle() {
      if (process.env.PRERENDER === '0') return;
      const { prerender } = await import('./prerender');
      await prerender({
        distDir: outDir,
        plugins: [react()],
        shellPreloads: appPreloads,
        takeOverScripts,
        idleScripts,
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
