import { Box, Flex } from '@chakra-ui/react';
import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';
import { useFocusHeadingOnNavigate } from './use-focus-heading-on-navigate';
import { useFocusInView } from './use-focus-in-view';
import { useFocusThroughBusy } from './use-focus-through-busy';

/**
 * Marks the page as interactive (hydrated or rendered): from here on React handles events and
 * app/enhance.ts stands aside (a layout effect, so no event falls in between). Browser tests
 * wait for it.
 */
function useMarkHydrated() {
  useLayoutEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/** Header, main and footer shared by every public page and the wizards. */
export function SiteLayout() {
  useMarkHydrated();
  useFocusHeadingOnNavigate();
  useFocusInView();
  useFocusThroughBusy();
  return (
    <Flex direction="column" minH="100vh">
      <SkipLink look="site" />
      <SiteHeader />
      <Box as="main" id="main" flex="1" tabIndex={-1} _focus={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Flex>
  );
}
