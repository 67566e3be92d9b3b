import { Box, Link as ChakraLink, type LinkProps } from '@chakra-ui/react';

/**
 * A link to another site that opens in a new tab (without giving that tab a handle on ours),
 * and says so to screen readers. Its look comes from the caller.
 */
export function NewTabLink({ href, children, ...style }: LinkProps & { href: string }) {
  return (
    <ChakraLink href={href} target="_blank" rel="noopener noreferrer" {...style}>
      {children}
      <Box as="span" srOnly>
        {' '}
        (opens in a new tab)
      </Box>
    </ChakraLink>
  );
}
