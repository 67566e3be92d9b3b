/**
 * Prerenders the public pages to static HTML after `vite build`, so they paint without waiting
 * for JavaScript: the information pages (main.tsx hydrates them on the first interaction) and the
 * wizards' step 1 (a form that works as HTML; the app takes it over on the first interaction,
 * keeping what was typed: web/src/lib/takeover.ts).
 *
 * Runs from the web build (a plugin in web/vite.config.ts), or by hand on an existing build:
 *   npx tsx web/prerender.ts [web/dist]
 *
 * Firebase Hosting serves `<route>.html` for `/<route>` (cleanUrls) and `index.html` for `/`.
 * The admin paths are rewritten to `app.html`, the client shell written here (the template with
 * modulepreloads for the app, no page markup), so no prerendered page shows on a path it does not
 * belong to and no inline script is needed (the CSP allows none). Every other path answers 404
 * with `404.html`, the not-found page prerendered here (Hosting's own 404 page): an unknown page,
 * and an old `/assets/*.js` after a deploy, are never answered 200 with HTML.
 *
 * The home page and For Students carry the program's dates (`[data-cohort-dates]`): from the
 * cohort records when the build is given them (`COHORTS_SOURCE`, see `readCohortsSource`), else a
 * neutral sentence; the page's script replaces it on load with the records' current answer.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type PluginOption } from 'vite';
import type { PublicCohorts } from '@mentorship/domain';

const WEB = dirname(fileURLToPath(import.meta.url));
const ROOT = join(WEB, '..');
/** web/src/lib/firebase.ts, and its stand-in for the server build. */
const FIREBASE_MODULE = join(WEB, 'src', 'lib', 'firebase');
const FIREBASE_PRERENDER = join(WEB, 'src', 'lib', 'firebase-prerender.ts');

/** Resolves every import of lib/firebase (however relative) to its stand-in. */
const firebaseStandIn = (): PluginOption => ({
  name: 'prerender-firebase-stand-in',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer || !source.startsWith('.')) return null;
    const target = resolve(dirname(importer), source).replace(/\.tsx?$/, '');
    return target === FIREBASE_MODULE ? FIREBASE_PRERENDER : null;
  },
});

type BuiltCohorts = Pick<PublicCohorts, 'open' | 'next'>;

interface ServerEntry {
  prerenderPaths: readonly string[];
  render(pathname: string, cohorts?: BuiltCohorts | null): Promise<{ html: string }>;
  /** The answer if it is one the dates line can read (checked with the domain's rule), else null. */
  checkCohorts(value: unknown): BuiltCohorts | null;
}

export interface PrerenderOptions {
  /** The client build to add pages to (its index.html is the template). */
  distDir: string;
  /** Vite plugins for the server build (the web app's own, e.g. React). */
  plugins?: PluginOption[];
  /** Scripts (paths inside distDir) the app.html shell preloads: the app's start chunks. */
  shellPreloads?: readonly string[];
  /**
   * Per prerendered wizard route: the scripts its take-over runs. Written on #root
   * (data-take-over-scripts) for main.tsx, which fetches them once the page has loaded.
   */
  takeOverScripts?: Readonly<Record<string, readonly string[]>>;
  /**
   * The cohorts answer written into the public pages' dates line, checked by the server entry
   * (default: `readCohortsSource()`; null: the neutral sentence).
   */
  cohorts?: unknown;
}

const warnNeutral = (why: string) =>
  console.warn(
    `prerender: COHORTS_SOURCE not used (${why}); the pages carry the neutral dates sentence.`,
  );

/**
 * The cohort records for the public pages' dates line, read once per build from
 * `COHORTS_SOURCE`: a URL of GET /api/cohorts/current (the live site, or a running stack:
 * `COHORTS_SOURCE=https://<site>/api/cohorts/current npm run build -w web`) or a JSON file of
 * that answer. Unset: null, and the pages carry the neutral sentence, true whatever the records
 * say. Given but unreadable: a warning and the neutral sentence (a deploy is not stopped by the
 * live site being down); the page's script puts the dates in on load either way.
 */
export async function readCohortsSource(
  source = process.env.COHORTS_SOURCE ?? '',
): Promise<unknown> {
  if (!source.trim()) return null;
  try {
    const text = /^https?:\/\//.test(source)
      ? await fetch(source, { headers: { Accept: 'application/json' } }).then(async (res) => {
          if (!res.ok) throw new Error(`${source} answered ${res.status}`);
          return res.text();
        })
      : readFileSync(source, 'utf8');
    return JSON.parse(text) as unknown;
  } catch (error) {
    warnNeutral((error as Error).message);
    return null;
  }
}

/** The shell: the template plus modulepreload links for the app it starts at once. */
export function shellHtml(template: string, preloads: readonly string[]): string {
  const links = preloads
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  return template.replace('</head>', `${links}</head>`);
}

/** Output file of a route: / -> index.html, /about -> about.html. */
export const htmlFileFor = (pathname: string): string =>
  pathname === '/' ? 'index.html' : `${pathname.replace(/^\//, '')}.html`;

const STYLE_TAG = /<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g;
const HOISTED = /<(title)>[\s\S]*?<\/title>|<meta [^>]*\/?>(?!<\/meta>)/g;

/**
 * Splits React's output into the #root markup and what belongs in <head>: Emotion's style tags
 * (which it writes next to the elements) and the hoisted <title> and <meta> of the page.
 */
export function splitRendered(html: string): { body: string; styles: string; head: string } {
  const styles: string[] = [];
  let body = html.replace(STYLE_TAG, (tag) => {
    styles.push(tag);
    return '';
  });
  const head: string[] = [];
  // React 19 writes the page's hoistable <title>/<meta> ahead of the markup when it does not
  // render <head> itself.
  const leading = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/.exec(body);
  if (leading) {
    head.push(...(leading[0].match(HOISTED) ?? []));
    body = body.slice(leading[0].length);
  }
  return { body, styles: styles.join(''), head: head.join('') };
}

/** The SPA shell that firebase.json rewrites the admin paths to. */
export const SHELL_FILE = 'app.html';
/** Hosting's not-found page (status 404), prerendered from the app's catch-all route. */
export const NOT_FOUND_FILE = '404.html';
/** A path no route has, rendered into NOT_FOUND_FILE. */
const UNKNOWN_PATH = '/404';

export function fillTemplate(
  template: string,
  pathname: string,
  rendered: string,
  scripts: readonly string[] = [],
): string {
  const { body, styles, head } = splitRendered(rendered);
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  const withoutTitle = head.includes('<title>')
    ? template
        .replace(/<title>[\s\S]*?<\/title>/, '')
        .replace(/<meta\s+name="description"[^>]*>/, '')
    : template;
  return withoutTitle
    .replace('</head>', `${head}${styles}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${pathname}"${
        scripts.length ? ` data-take-over-scripts="${scripts.map((f) => `/${f}`).join(' ')}"` : ''
      }>${body}</div>`,
    );
}

export async function prerender({
  distDir,
  plugins = [],
  shellPreloads = [],
  takeOverScripts = {},
  cohorts,
}: PrerenderOptions): Promise<string[]> {
  const dist = resolve(distDir);
  const given = cohorts === undefined ? await readCohortsSource() : cohorts;
  // Inside the repository so that the server bundle resolves react & co. from node_modules.
  const serverDir = join(ROOT, 'node_modules', '.cache', `prerender-${process.pid}`);
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  writeFileSync(join(dist, SHELL_FILE), shellHtml(template, shellPreloads));
  try {
    await build({
      configFile: false,
      root: WEB,
      logLevel: 'warn',
      // The sign-in page is prerendered without Firebase: lib/firebase (which starts the app and
      // Auth on import) is a stand-in that throws if anything uses it at build time.
      plugins: [firebaseStandIn(), ...plugins],
      build: {
        ssr: join(WEB, 'src', 'app', 'entry-server.tsx'),
        outDir: serverDir,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } },
      },
    });
    const entry = (await import(
      pathToFileURL(join(serverDir, 'entry-server.mjs')).href
    )) as ServerEntry;
    const built = given === null ? null : entry.checkCohorts(given);
    if (given !== null && built === null) warnNeutral('not an answer of GET /api/cohorts/current');
    const written: string[] = [];
    for (const pathname of entry.prerenderPaths) {
      const { html } = await entry.render(pathname, built);
      const file = join(dist, htmlFileFor(pathname));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, fillTemplate(template, pathname, html, takeOverScripts[pathname]));
      written.push(file);
    }
    const notFound = join(dist, NOT_FOUND_FILE);
    writeFileSync(
      notFound,
      fillTemplate(template, UNKNOWN_PATH, (await entry.render(UNKNOWN_PATH)).html),
    );
    written.push(notFound);
    return written;
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ?? join(WEB, 'dist');
  prerender({ distDir })
    .then((files) => console.log(`prerendered ${files.length} pages into ${distDir}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
