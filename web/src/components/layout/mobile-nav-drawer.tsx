import { CloseButton, Drawer, Link as ChakraLink, Portal, Stack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { isNavActive, mainNav } from './nav-items';

interface MobileNavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pathname: string;
}

/** The right-side drawer with the main links; choosing a link closes it. */
export default function MobileNavDrawer({ open, onOpenChange, pathname }: MobileNavDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="end" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <nav aria-label="Main menu">
                <Stack as="ul" gap="1" listStyleType="none">
                  {mainNav.map((item) => {
                    const active = isNavActive(item.to, pathname);
                    return (
                      <li key={item.to}>
                        <ChakraLink
                          asChild
                          display="block"
                          px="3"
                          py="3"
                          rounded="md"
                          fontWeight="medium"
                          color={active ? 'blue.800' : 'gray.800'}
                          bg={active ? 'blue.50' : undefined}
                          textDecoration="none"
                          _hover={{ bg: 'gray.100' }}
                        >
                          <Link
                            to={item.to}
                            aria-current={active ? 'page' : undefined}
                            onClick={() => onOpenChange(false)}
                          >
                            {item.label}
                          </Link>
                        </ChakraLink>
                      </li>
                    );
                  })}
                </Stack>
              </nav>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton aria-label="Close menu" size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
