import type { ComponentType } from 'react';

/** A route's `lazy` loader for a module whose default export is the page component. */
export const lazyPage =
  (load: () => Promise<{ default: ComponentType }>) =>
  async (): Promise<{ Component: ComponentType }> => ({ Component: (await load()).default });
