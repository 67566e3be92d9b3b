// Bundles the function with the shared workspace package into dist/, with a package.json that
// lists only registry dependencies, so `firebase deploy` (and the emulator) load dist/ as is.
import { build } from 'esbuild';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
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

// The certificate's other fonts (certificate-pdf-fonts.ts) are read by path as well, from
// Fontsource packages; but each package holds every weight in two formats (over 200 MB for the
// Chinese, Japanese and Korean ones), so instead of installing them beside the function, only
// the files the certificate reads are copied into fonts/ beside the bundle, where it looks
// first: each package's unicode.json (which file holds which characters), its licence, and the
// regular and bold WOFF file of every range it lists (the weights of FONTSOURCE_WEIGHTS there).
const require = createRequire(import.meta.url);
const fontsDir = join(outDir, 'fonts');
await rm(fontsDir, { recursive: true, force: true });
for (const name of Object.keys(pkg.dependencies).filter((dep) => dep.startsWith('@fontsource/'))) {
  const from = dirname(require.resolve(`${name}/package.json`));
  const to = join(fontsDir, name);
  const id = name.slice('@fontsource/'.length);
  const ranges = JSON.parse(await readFile(join(from, 'unicode.json'), 'utf8'));
  await mkdir(join(to, 'files'), { recursive: true });
  const files = ['unicode.json', 'LICENSE'];
  for (const range of Object.keys(ranges)) {
    for (const weight of [400, 700]) {
      files.push(`files/${id}-${range.replace(/[[\]]/g, '')}-${weight}-normal.woff`);
    }
  }
  await Promise.all(files.map((file) => copyFile(join(from, file), join(to, file))));
}
