import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Shown when a route fails to load or render (e.g. a chunk that failed to download). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <Box as="main" maxW="2xl" mx="auto" px="6" py="16" role="alert">
      <title>Something went wrong</title>
      <Heading as="h1" size="2xl" mb="4">
        Something went wrong
      </Heading>
      <Text mb="6">
        This page could not be shown{detail ? ` (${detail})` : ''}. Reload to try again.
      </Text>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </Box>
  );
}
