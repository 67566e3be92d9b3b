import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

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

async function start(root: HTMLElement): Promise<void> {
  const { pathname } = window.location;
  await resolveLazyRoutes(routes, pathname);
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  // scripts/prerender.ts marks #root with the path it rendered; other paths get the empty
  // app.html shell (hosting's SPA rewrite) and render from scratch.
  if (root.dataset.prerendered === pathname) {
    // A transition lets React hydrate in small slices instead of one long task.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}

void start(container);
