import { Box, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';

// The drawer (Chakra Dialog, focus trap, dismiss logic) loads on first use, keeping it out of
// the JavaScript every page needs at start.
const loadDrawer = () => import('./mobile-nav-drawer');
const MobileNavDrawer = lazy(loadDrawer);

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M3 6h18M3 12h18M3 18h18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Below md the links sit in a right-side drawer, which closes as soon as a link is chosen. */
export function MobileNav({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <Box hideFrom="md">
      <IconButton
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        color="gray.800"
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <MobileNavDrawer open={open} onOpenChange={setOpen} pathname={pathname} />
        </Suspense>
      )}
    </Box>
  );
}
