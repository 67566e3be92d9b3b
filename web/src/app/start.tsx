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
 * the app.html shell) would add a second pair beside the static HTML's, so those go first.
 */
function removeStaticHeadMeta(): void {
  for (const element of document.head.querySelectorAll('title, meta[name="description"]')) {
    element.remove();
  }
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
  if (mode !== 'hydrate') removeStaticHeadMeta();
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
