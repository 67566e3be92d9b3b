/**
 * The one-column page of the applicant's and the public certificate screens (My application,
 * a check-in, Keep my application, Verify a certificate): title and description, the page's
 * heading, then its content in a column.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageContainer } from './page-container';
import { PageMeta } from './page-meta';

export function NarrowPage({
  title,
  description,
  heading = title,
  gap = '6',
  children,
}: {
  title: string;
  description: string;
  /** The h1, when it says more than the title. */
  heading?: ReactNode;
  /** The space between the heading and the blocks of content. */
  gap?: '6' | '8';
  children: ReactNode;
}) {
  return (
    <>
      <PageMeta title={title} description={description} />
      <PageContainer narrow py={{ base: '10', md: '14' }}>
        <Stack gap={gap}>
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} color="gray.900">
            {heading}
          </Heading>
          {children}
        </Stack>
      </PageContainer>
    </>
  );
}

/** A line that tells where the page stands ("Loading your application…"), read out politely. */
export function StatusText({ children }: { children: ReactNode }) {
  return (
    <Text role="status" color="gray.800">
      {children}
    </Text>
  );
}

/** A line that says what went wrong, read out at once. */
export function AlertText({ children }: { children: ReactNode }) {
  return (
    <Text role="alert" color="red.700">
      {children}
    </Text>
  );
}
