/**
 * The frame of an admin screen: its document title, its one h1 (with, when given, a link back
 * above it and an introduction under it) and the screen's content below, spaced as one stack.
 */
import { Box, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import { AdminPageMeta } from './page-meta';

export function AdminPage({
  title,
  heading,
  back,
  intro,
  gap = '6',
  children,
}: {
  /** The document title, most specific first (see AdminPageMeta). */
  title: string | readonly string[];
  /** The h1's text. */
  heading: ReactNode;
  /** A link back, above the heading. */
  back?: ReactNode;
  /** What the screen is for, under the heading (a Text the caller styles). */
  intro?: ReactNode;
  /** The space between the heading and each part of the content. */
  gap?: '6' | '8';
  children: ReactNode;
}) {
  const h1 = (
    <Heading as="h1" size="2xl" mt={back ? '2' : undefined}>
      {heading}
    </Heading>
  );
  return (
    <Stack gap={gap}>
      <AdminPageMeta title={title} />
      {back || intro ? (
        <Box>
          {back}
          {h1}
          {intro}
        </Box>
      ) : (
        h1
      )}
      {children}
    </Stack>
  );
}

/** A titled part of an admin screen: a section named by its h2. */
export function AdminSection({
  headingId,
  heading,
  focusTarget = false,
  headingRef,
  testId,
  children,
}: {
  /** The h2's id, which names the section. */
  headingId: string;
  heading: ReactNode;
  /** The heading takes focus when the screen moves there (tabIndex -1). */
  focusTarget?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" data-testid={testId}>
      <Heading
        as="h2"
        size="lg"
        id={headingId}
        ref={headingRef}
        tabIndex={focusTarget ? -1 : undefined}
      >
        {heading}
      </Heading>
      {children}
    </Stack>
  );
}
