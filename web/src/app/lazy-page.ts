import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** Loads a page's module (its own chunk), whose default export is the page component. */
export type PageModule = () => Promise<{ default: ComponentType }>;

/** A route's `lazy` loader for a page's module. */
export const lazyPage = (load: PageModule) => async (): Promise<{ Component: ComponentType }> => ({
  Component: (await load()).default,
});

/** A route whose page is its own chunk, loaded when the path is first visited. */
export const lazyRoute = (path: string, load: PageModule): RouteObject => ({
  path,
  lazy: lazyPage(load),
});
