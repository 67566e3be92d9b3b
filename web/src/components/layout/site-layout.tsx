import { Box, Flex, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { site } from '../../config/site';

/** Header, main and footer shared by every public page and the wizards. */
export function SiteLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <ChakraLink
        href="#main"
        position="absolute"
        left="-9999px"
        _focus={{ left: '4', top: '4', zIndex: 'skipLink', bg: 'bg', p: '2' }}
      >
        Skip to content
      </ChakraLink>
      <Box as="header" borderBottomWidth="1px" px="6" py="4">
        <HStack justify="space-between">
          <ChakraLink asChild fontWeight="bold">
            <Link to={paths.home}>{site.shortName}</Link>
          </ChakraLink>
        </HStack>
      </Box>
      <Box as="main" id="main" flex="1" tabIndex={-1}>
        <Outlet />
      </Box>
      <Box as="footer" borderTopWidth="1px" px="6" py="6">
        <Text fontSize="sm">
          © {site.copyrightYear} {site.name}. All rights reserved.
        </Text>
      </Box>
    </Flex>
  );
}
