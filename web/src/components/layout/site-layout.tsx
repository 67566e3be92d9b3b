import { Box, Flex } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';
import { useFocusInView } from './use-focus-in-view';
import { useFocusThroughBusy } from './use-focus-through-busy';

/**
 * After a client-side navigation, scroll to the top and move focus to the new page's heading so
 * screen-reader and keyboard users start at the new content. Not on the first load: there the
 * browser's own focus order (skip link first) is what users expect.
 */
function useFocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    // Marks the page as interactive (hydrated or rendered): from here on React handles events
    // and app/enhance.ts stands aside (a layout effect, so no event falls in between). Browser
    // tests wait for it.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const heading = document.querySelector<HTMLElement>('#main h1');
    window.scrollTo(0, 0);
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
  }, [pathname]);
}

/** Header, main and footer shared by every public page and the wizards. */
export function SiteLayout() {
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
