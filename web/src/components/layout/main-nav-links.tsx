import { HStack, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { isNavActive, mainNav } from './nav-items';

/**
 * The main menu's links, the current page marked (aria-current): a row in the header from md up
 * (site-header.tsx), a column in the drawer below md (mobile-nav.tsx), where choosing a link
 * also closes the drawer (`onChoose`).
 */
export function MainNavLinks({
  pathname,
  inDrawer = false,
  onChoose,
}: {
  pathname: string;
  inDrawer?: boolean;
  onChoose?: () => void;
}) {
  const List = inDrawer ? Stack : HStack;
  return (
    <List as="ul" gap="1" listStyleType="none">
      {mainNav.map((item) => {
        const active = isNavActive(item.to, pathname);
        return (
          <li key={item.to}>
            <ChakraLink
              asChild
              px="3"
              rounded="md"
              fontWeight="medium"
              bg={active ? 'blue.50' : undefined}
              textDecoration="none"
              {...(inDrawer
                ? {
                    display: 'block',
                    py: '3',
                    color: active ? 'blue.800' : 'gray.800',
                    _hover: { bg: 'gray.100' },
                  }
                : {
                    py: '2',
                    color: active ? 'blue.800' : 'gray.700',
                    _hover: { bg: 'gray.100', color: 'gray.900' },
                  })}
            >
              <Link to={item.to} aria-current={active ? 'page' : undefined} onClick={onChoose}>
                {item.label}
              </Link>
            </ChakraLink>
          </li>
        );
      })}
    </List>
  );
}
