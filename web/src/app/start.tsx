import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { captureStaticForm, restoreStaticForm } from '../lib/takeover';
import { AppProviders } from './providers';
import { routes } from './router';

/**
 * Loads the lazy modules of the routes matching the current URL before the router starts, so
 * the first render shows the page itself (and matches prerendered HTML) instead of a fallback.
 */
async function resolveLazyRoutes(all: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(all, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

/**
 * Every page renders its own <title> and description (components/layout/page-meta.tsx, which
 * React hoists into <head>). Hydration adopts the prerendered ones; a fresh render (take-over,
 * the app.html shell) would add a second pair beside the static HTML's, so those go.
 */
const staticHeadMeta = () => [...document.head.querySelectorAll('title, meta[name="description"]')];

/** Before a synchronous render (take-over): nothing can run between the removal and the render. */
function removeStaticHeadMeta(): void {
  for (const element of staticHeadMeta()) element.remove();
}

/**
 * For a concurrent render (`render`): the static pair stays until React has put the page's own
 * title in <head>, so the document never has no title (an assistive technology, or a checker,
 * reading it while the first render is under way found none).
 */
function replaceStaticHeadMetaOnRender(): void {
  const stale = new Set(staticHeadMeta());
  if (stale.size === 0) return;
  const observer = new MutationObserver(() => {
    if (![...document.head.querySelectorAll('title')].some((title) => !stale.has(title))) return;
    observer.disconnect();
    for (const element of stale) element.remove();
  });
  observer.observe(document.head, { childList: true });
}

/**
 * Starts the React app in #root:
 * - `hydrate`: the prerendered markup of an information page becomes the app as it is;
 * - `take-over`: a prerendered wizard step is rendered anew, in one synchronous step (no
 *   keystroke can fall between the static form and the app's), from what its static form held;
 * - `render`: from scratch (the app.html shell of admin and unknown paths).
 */
export async function startApp(
  root: HTMLElement,
  mode: 'hydrate' | 'take-over' | 'render',
): Promise<void> {
  // Marks for the benchmarks (bench:web) and the browser's performance panel.
  performance.mark('app:start');
  const [{ Toaster }] = await Promise.all([
    import('../components/ui/toaster'),
    resolveLazyRoutes(routes, window.location.pathname),
  ]);
  performance.mark('app:routes-resolved');
  const app = (
    <StrictMode>
      <AppProviders toaster={Toaster}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  if (mode === 'take-over') removeStaticHeadMeta();
  if (mode === 'render') replaceStaticHeadMetaOnRender();
  if (mode === 'hydrate') {
    // A transition lets React hydrate in small slices instead of one long task.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else if (mode === 'take-over') {
    const state = captureStaticForm(root);
    const reactRoot = createRoot(root);
    flushSync(() => reactRoot.render(app));
    performance.mark('app:rendered');
    restoreStaticForm(root, state);
  } else {
    createRoot(root).render(app);
  }
}
