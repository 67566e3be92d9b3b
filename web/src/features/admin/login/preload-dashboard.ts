/**
 * The dashboard's code, fetched while a coordinator types on the sign-in page: once that page is
 * idle, the passkey step, the dashboard page, its data prefetch (with the Firestore SDK) and the session watch are
 * imported, so that on a first visit the moment after "Sign In" is not spent downloading and
 * compiling them (`npm run bench:admin`, first visit). The sign-in page's own first paint stays
 * free of that code: it loads after, when the browser has nothing else to do. Skipped when the
 * browser asks to save data; a failed download changes nothing (the router imports it again after
 * sign-in and shows its own error).
 */

const savesData = (): boolean =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * One module at a time, each in a task of its own: run together, their evaluation is one long
 * task on a phone, which a coordinator typing their address would feel (and Lighthouse counts as
 * blocking time on the sign-in page).
 */
const MODULES: readonly (() => Promise<unknown>)[] = [
  // The sign-in's second step (the passkey) comes first after the password.
  () => import('./verify-page'),
  () => import('../dashboard/dashboard-page'),
  () => import('../dashboard/prefetch'),
  () => import('../session-watch'),
];

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The performance mark set once every module above has loaded. */
const DASHBOARD_CODE_LOADED = 'admin:dashboard-code-loaded';
/** The performance mark set when the browser asks to save data and nothing is preloaded. */
const DASHBOARD_CODE_SKIPPED = 'admin:dashboard-code-skipped';

export async function loadDashboardCode(): Promise<void> {
  for (const load of MODULES) {
    await load();
    await nextTask();
  }
  // For the browser's performance panel and the browser tests: everything is in.
  performance.mark(DASHBOARD_CODE_LOADED);
}

/** Schedules the download for when the page is idle; returns what cancels it (on unmount). */
export function preloadDashboardCode(load: () => Promise<unknown> = loadDashboardCode): () => void {
  if (savesData()) {
    performance.mark(DASHBOARD_CODE_SKIPPED);
    return () => undefined;
  }
  const start = () => {
    load().catch(() => undefined);
  };
  // Safari has no idle callbacks.
  if ('requestIdleCallback' in window && 'cancelIdleCallback' in window) {
    const handle = window.requestIdleCallback(start, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(start, 200);
  return () => clearTimeout(timer);
}
