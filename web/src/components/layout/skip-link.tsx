import { Link as ChakraLink, type LinkProps } from '@chakra-ui/react';

/** Each layout's own look: the public site's blue on white, the admin area's theme colours. */
const LOOKS = {
  site: {
    top: '2',
    bg: 'white',
    color: 'blue.800',
    fontWeight: 'semibold',
    px: '4',
    py: '2',
    _focus: { left: '2' },
  },
  admin: { top: '4', bg: 'bg', p: '2', _focus: { left: '4' } },
} satisfies Record<string, LinkProps>;

/**
 * "Skip to content", the first stop of the keyboard on every page: off screen until it has the
 * focus, then in the top left corner; it leads to the layout's `<main id="main">`.
 */
export function SkipLink({ look }: { look: keyof typeof LOOKS }) {
  return (
    <ChakraLink
      href="#main"
      position="absolute"
      left="-9999px"
      zIndex="skipNav"
      rounded="md"
      boxShadow="md"
      {...LOOKS[look]}
    >
      Skip to content
    </ChakraLink>
  );
}
