import { Box, Link as ChakraLink } from '@chakra-ui/react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { MainNavLinks } from './main-nav-links';
import { MobileNav } from './mobile-nav';
import { PageContainer } from './page-container';

export function BrandLink() {
  return (
    <ChakraLink
      asChild
      fontWeight="bold"
      fontSize="lg"
      color="blue.800"
      textDecoration="none"
      _hover={{ textDecoration: 'underline' }}
    >
      <Link to={paths.home}>
        <Box as="span" aria-hidden="true" display="inline-flex" w="8" h="8" me="2" flexShrink={0}>
          <svg viewBox="0 0 32 32" width="32" height="32" focusable="false">
            <rect width="32" height="32" rx="8" fill="#1d4ed8" />
            <path
              d="M6 21c3-6 7-9 10-9s7 3 10 9"
              stroke="#fff"
              strokeWidth="3"
              fill="none"
              strokeLinecap="round"
            />
          </svg>
        </Box>
        {site.shortName}
      </Link>
    </ChakraLink>
  );
}

/** Top navigation: links inline from md up, a drawer below md. */
export function SiteHeader() {
  const { pathname } = useLocation();
  return (
    <Box as="header" borderBottomWidth="1px" bg="white" position="sticky" top="0" zIndex="sticky">
      <PageContainer display="flex" h="16" alignItems="center" justifyContent="space-between">
        <BrandLink />
        <Box as="nav" aria-label="Main" hideBelow="md">
          <MainNavLinks pathname={pathname} />
        </Box>
        <MobileNav pathname={pathname} />
      </PageContainer>
    </Box>
  );
}
