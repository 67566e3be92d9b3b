// Bundles the function with the shared workspace package into dist/, with a package.json that
// lists only registry dependencies, so `firebase deploy` (and the emulator) load dist/ as is.
import { build } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = process.env.FUNCTIONS_OUT_DIR ?? join(here, 'dist');
const pkg = JSON.parse(await readFile(join(here, 'package.json'), 'utf8'));
// firebase-admin and firebase-functions stay external (the runtime installs them from
// dist/package.json); everything else, express included, is bundled so the function never picks
// up another copy from a parent node_modules (the root has express 4 for firebase-tools).
// pdfkit (the certificate PDF) stays external too: it reads its colour profile and font data
// from files beside its own code (`new URL('./data/...', import.meta.url)`), which a bundle
// breaks ("Invalid URL" at load); installed from dist/package.json, it keeps its files. So do the
// certificate's fonts (dejavu-fonts-ttf: files read by path) and fontkit, which measures them.
const external = ['firebase-admin', 'firebase-functions', 'pdfkit', 'fontkit', 'dejavu-fonts-ttf'];

await mkdir(outDir, { recursive: true });
await build({
  entryPoints: [join(here, 'src/index.ts')],
  outfile: join(outDir, 'index.js'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
await writeFile(
  join(outDir, 'package.json'),
  JSON.stringify(
    {
      name: 'mentorship-api',
      private: true,
      main: 'index.js',
      engines: pkg.engines,
      dependencies: Object.fromEntries(external.map((name) => [name, pkg.dependencies[name]])),
    },
    null,
    2,
  ) + '\n',
);
