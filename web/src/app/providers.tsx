import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { system } from './theme';

// The toaster's code (Chakra Toast, its state machine) is not needed to show a page, so it is its
// own chunk. The browser app loads it before its first render (start.tsx) and passes it in: a
// lazy component would wait for React's Suspense reveal throttle (about 300 ms), and the answer
// to a person's first click must show at once. A toast raised before it mounts is kept by the
// module-level toaster and appears on mount.
const LazyToaster = lazy(() =>
  import('../components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

export function AppProviders({
  children,
  toaster: Toaster,
}: {
  children: ReactNode;
  /** The loaded toaster; without it (prerendering) a lazy one. */
  toaster?: ComponentType;
}) {
  return (
    <ChakraProvider value={system}>
      {children}
      {/* The same boundary either way, so hydrated markup matches the prerendered one. */}
      <Suspense fallback={null}>{Toaster ? <Toaster /> : <LazyToaster />}</Suspense>
    </ChakraProvider>
  );
}
