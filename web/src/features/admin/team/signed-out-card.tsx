/** The card the signed-out admin pages share (sign-in's look): a heading, a line, the content. */
import { Alert, Box, Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { PageFrameProps } from '../../../components/layout/page-frame';
import { AdminPageMeta } from '../../../components/layout/page-meta';

export function SignedOutCard({ title, intro, children }: PageFrameProps) {
  return (
    <Box maxW="md" mx="auto" py={{ base: '6', md: '12' }}>
      <AdminPageMeta title={title} />
      <Card.Root>
        <Card.Header>
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Box>
  );
}

/** A line the signed-out pages show in an alert box: an error (announced) or a success. */
export function PageAlert({
  children,
  status = 'error',
}: {
  children: ReactNode;
  status?: 'error' | 'success';
}) {
  if (!children) return null;
  return (
    <Alert.Root status={status} {...(status === 'error' ? { role: 'alert' } : {})}>
      <Alert.Indicator aria-hidden />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
