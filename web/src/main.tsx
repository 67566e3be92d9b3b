/**
 * The entry point, kept tiny on purpose. Prerendered pages (web/prerender.ts marks #root
 * with the path it rendered) are complete HTML, so a phone spends no CPU on the app while the
 * page loads:
 * - the information pages work without JavaScript thanks to the few DOM handlers of
 *   app/enhance.ts; the React app (React, the router, Chakra) loads and hydrates them on the
 *   first sign of interaction (pointer, touch, key or focus);
 * - the wizards' step 1 is a form a person can read and type into at once; on the first sign of
 *   interaction (or at once, when a saved draft is waiting) the app loads and takes the form
 *   over, keeping what was typed, the focus and a held submit (lib/takeover.ts).
 * - the admin sign-in page is prerendered too (a coordinator on a phone sees the form at once):
 *   taken over like a wizard's step 1, on the first sign of interaction (or at once when the
 *   app's history brought the page a notice to show); the dashboard's code comes once the app
 *   is there, while the coordinator types (features/admin/login/preload-dashboard.ts).
 * Every other path gets the empty app.html shell (hosting's SPA rewrite) and the app renders at
 * once.
 */
import {
  enhanceStaticPage,
  fillCohortText,
  onFirstInteraction,
  preselectBrowserZone,
} from './app/enhance';
import { WIZARD_DRAFT_KEYS } from './config/wizards';
import { holdSubmits } from './lib/takeover';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;
const { pathname } = window.location;

const loadApp = () => import('./app/start');

/** The prerendered sign-in page (entry-server.tsx; paths.admin.login, kept out of this entry). */
const ADMIN_LOGIN = '/admin/login';

/** A notice the app's history carries for the sign-in page (login-page.tsx reads `reason`). */
const hasHistoryState = (): boolean => {
  const state = window.history.state as { usr?: unknown } | null;
  return typeof state?.usr === 'object' && state.usr !== null;
};

const hasDraft = (key: string) => {
  try {
    return window.sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
};

/**
 * Into the HTTP cache only: a prefetch is neither parsed nor compiled until the take-over imports
 * it, so a phone's main thread stays free while the page loads (a modulepreload of the same
 * scripts compiled them at once: a quarter to half a second of blocking time on Lighthouse's
 * mobile CPU).
 */
const prefetch = (scripts: readonly string[]) => {
  for (const href of scripts) {
    if (document.head.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  }
};

const afterLoad = (run: () => void) => {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
};

/**
 * Once the page has loaded, fetch (without running) what the take-over will run, so the first
 * interaction waits for no download. Nothing is fetched before the page is complete.
 */
const prefetchTakeOver = () => {
  afterLoad(() => prefetch(root.dataset.takeOverScripts?.split(' ') ?? []));
};

if (root.dataset.prerendered === pathname) {
  // The menu (and the FAQ) work as static HTML until the app is there.
  enhanceStaticPage(() => document.documentElement.dataset.hydrated === 'true');
  // The cohort lines (wizards' notice, the public pages' dates) from the records, on load.
  fillCohortText();
  const draftKey = WIZARD_DRAFT_KEYS[pathname];
  if (pathname === ADMIN_LOGIN) {
    holdSubmits();
    prefetchTakeOver();
    const takeOver = () => void loadApp().then(({ startApp }) => startApp(root, 'take-over'));
    if (hasHistoryState()) takeOver();
    else onFirstInteraction(takeOver);
  } else if (draftKey !== undefined) {
    holdSubmits();
    prefetchTakeOver();
    const takeOver = () => void loadApp().then(({ startApp }) => startApp(root, 'take-over'));
    if (hasDraft(draftKey)) takeOver();
    else {
      // A saved draft keeps its own answer; a new form starts on the browser's zone.
      preselectBrowserZone(root);
      onFirstInteraction(takeOver, ['scroll']);
    }
  } else {
    onFirstInteraction(() => {
      void loadApp().then(({ startApp }) => startApp(root, 'hydrate'));
    });
  }
} else {
  void loadApp().then(({ startApp }) => startApp(root, 'render'));
}
