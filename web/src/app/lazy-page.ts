import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** A route's `lazy` loader for a module whose default export is the page component. */
export const lazyPage =
  (load: () => Promise<{ default: ComponentType }>) =>
  async (): Promise<{ Component: ComponentType }> => ({ Component: (await load()).default });

/** A route whose page is its own chunk, loaded when the path is first visited. */
export const lazyRoute = (
  path: string,
  load: () => Promise<{ default: ComponentType }>,
): RouteObject => ({ path, lazy: lazyPage(load) });
