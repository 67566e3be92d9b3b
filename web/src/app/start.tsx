import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
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
 * Starts the React app in #root: hydrates the prerendered markup when `hydrate` is set,
 * otherwise renders from scratch (the app.html shell of wizards, admin and unknown paths).
 */
export async function startApp(root: HTMLElement, hydrate: boolean): Promise<void> {
  await resolveLazyRoutes(routes, window.location.pathname);
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  if (hydrate) {
    // A transition lets React hydrate in small slices instead of one long task.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}
