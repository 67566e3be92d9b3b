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
 * Every other path gets the empty app.html shell (hosting's SPA rewrite) and the app renders at
 * once.
 */
import { enhanceStaticPage, fillCohortText, onFirstInteraction } from './app/enhance';
import { WIZARD_DRAFT_KEYS } from './config/wizards';
import { holdSubmits } from './lib/takeover';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;
const { pathname } = window.location;

const loadApp = () => import('./app/start');

const hasDraft = (key: string) => {
  try {
    return window.sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
};

/**
 * Once the page has loaded, fetch (without running) what the take-over will run, so the first
 * interaction waits for no download. Nothing is fetched before the page is complete.
 */
const prefetchTakeOver = () => {
  const scripts = root.dataset.takeOverScripts?.split(' ') ?? [];
  const fetchAll = () => {
    for (const href of scripts) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  };
  if (document.readyState === 'complete') fetchAll();
  else window.addEventListener('load', fetchAll, { once: true });
};

if (root.dataset.prerendered === pathname) {
  // The menu (and the FAQ) work as static HTML until the app is there.
  enhanceStaticPage(() => document.documentElement.dataset.hydrated === 'true');
  // The cohort lines (wizards' notice, the public pages' dates) from the records, on load.
  fillCohortText();
  const draftKey = WIZARD_DRAFT_KEYS[pathname];
  if (draftKey !== undefined) {
    holdSubmits();
    prefetchTakeOver();
    const takeOver = () => void loadApp().then(({ startApp }) => startApp(root, 'take-over'));
    if (hasDraft(draftKey)) takeOver();
    else onFirstInteraction(takeOver, ['scroll']);
  } else {
    onFirstInteraction(() => {
      void loadApp().then(({ startApp }) => startApp(root, 'hydrate'));
    });
  }
} else {
  void loadApp().then(({ startApp }) => startApp(root, 'render'));
}
