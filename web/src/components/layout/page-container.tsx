import { Box, type BoxProps } from '@chakra-ui/react';

/**
 * The site's page width with its side margins (the header, the footer and the information
 * pages' bands line up on it); `narrow` for a column of reading text. Other Box props pass on.
 */
export function PageContainer({ narrow = false, ...props }: BoxProps & { narrow?: boolean }) {
  return <Box maxW={narrow ? '3xl' : '6xl'} mx="auto" px={{ base: '4', md: '6' }} {...props} />;
}
