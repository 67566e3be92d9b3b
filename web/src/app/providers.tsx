import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { system } from './theme';

// The toaster's code (Chakra Toast, its state machine) is not needed to show a page, so it is its
// own chunk, requested as the app starts; screens that raise toasts import it anyway. It mounts
// as soon as it is loaded (no timer): the answer to a person's first click must show at once.
// A toast raised before it mounts is kept by the module-level toaster and appears on mount.
const Toaster = lazy(() =>
  import('../components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

function DeferredToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <DeferredToaster />
    </ChakraProvider>
  );
}
