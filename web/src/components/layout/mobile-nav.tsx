import { Box, chakra, CloseButton, Flex, Heading, IconButton } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LineIcon } from '../ui/line-icon';
import { MainNavLinks } from './main-nav-links';

/** The drawer's id: app/enhance.ts opens it before React has hydrated the page. */
export const MENU_ID = 'site-menu';

/**
 * Below md the links sit in a right-side drawer: a native modal <dialog>, which brings the focus
 * trap, Escape, the inert page behind it and focus returning to the menu button, and works in
 * the prerendered HTML before any React code has loaded (app/enhance.ts). Choosing a link, the
 * close button or the backdrop closes it.
 */
export function MobileNav({ pathname }: { pathname: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const close = () => dialogRef.current?.close();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // A click on the backdrop lands on the dialog element itself (the panel fills it).
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog.close();
    };
    dialog.addEventListener('click', onClick);
    return () => dialog.removeEventListener('click', onClick);
  }, []);

  // Back/forward while the drawer is open: the drawer belongs to the page that opened it. Not
  // on mount: a drawer opened before hydration (app/enhance.ts) stays open.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    dialogRef.current?.close();
  }, [pathname]);

  return (
    <>
      <Box hideFrom="md">
        <IconButton
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-controls={MENU_ID}
          data-menu-open={MENU_ID}
          variant="ghost"
          color="gray.800"
          onClick={() => {
            const dialog = dialogRef.current;
            if (dialog && !dialog.open) dialog.showModal();
          }}
        >
          <LineIcon d="M3 6h18M3 12h18M3 18h18" />
        </IconButton>
      </Box>
      <chakra.dialog
        ref={dialogRef}
        id={MENU_ID}
        aria-labelledby={`${MENU_ID}-title`}
        position="fixed"
        insetBlock="0"
        insetInlineStart="auto"
        insetInlineEnd="0"
        m="0"
        p="0"
        w="xs"
        maxW="calc(100vw - 3rem)"
        h="100dvh"
        maxH="100dvh"
        bg="white"
        color="gray.900"
        border="none"
        boxShadow="lg"
        css={{ '&::backdrop': { background: 'rgba(0, 0, 0, 0.6)' } }}
      >
        <Flex direction="column" minH="full">
          <Flex align="center" justify="space-between" px="6" pt="5" pb="3">
            <Heading as="h2" id={`${MENU_ID}-title`} fontSize="lg" fontWeight="semibold">
              Menu
            </Heading>
            <CloseButton aria-label="Close menu" size="sm" data-menu-close="" onClick={close} />
          </Flex>
          <Box as="nav" aria-label="Main menu" px="6" pb="6">
            <MainNavLinks pathname={pathname} inDrawer onChoose={close} />
          </Box>
        </Flex>
      </chakra.dialog>
    </>
  );
}
