import { Box, Circle, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import type { PageFrameProps } from '../../components/layout/page-frame';
import { CohortNotice } from './cohort-notice';

/** Page frame of a wizard: the page title, an introduction and the step card. */
export function WizardPage({ title, intro, children }: PageFrameProps) {
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
          <CohortNotice />
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** Numbered steps; the current one carries aria-current="step". */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <Box as="nav" aria-label="Application progress">
      <HStack as="ol" gap={{ base: '3', md: '6' }} wrap="wrap" listStyleType="none" m="0" p="0">
        {steps.map((title, index) => {
          const isCurrent = index === current;
          const isDone = index < current;
          return (
            <HStack as="li" key={title} gap="2" aria-current={isCurrent ? 'step' : undefined}>
              <Circle
                size="8"
                borderWidth="2px"
                borderColor={isCurrent || isDone ? 'blue.700' : 'gray.500'}
                bg={isCurrent ? 'blue.700' : 'bg'}
                color={isCurrent ? 'white' : 'fg'}
                fontWeight="bold"
                aria-hidden="true"
              >
                {index + 1}
              </Circle>
              <Text fontWeight={isCurrent ? 'bold' : 'normal'}>
                <Box as="span" srOnly>
                  {`Step ${index + 1}: `}
                </Box>
                {title}
                {isDone ? (
                  <Box as="span" srOnly>
                    {' (completed)'}
                  </Box>
                ) : null}
              </Text>
            </HStack>
          );
        })}
      </HStack>
    </Box>
  );
}

/** The step's heading; focus moves here when the step changes. */
export function StepHeading({
  id,
  headingRef,
  step,
  total,
  title,
  description,
}: {
  id: string;
  headingRef: Ref<HTMLHeadingElement>;
  step: number;
  total: number;
  title: string;
  description?: ReactNode;
}) {
  return (
    <Stack gap="1">
      <Heading
        as="h2"
        id={id}
        size="xl"
        ref={headingRef}
        tabIndex={-1}
        _focus={{ outline: 'none' }}
      >
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {`Step ${step + 1} of ${total}`}
        {description ? <> &middot; {description}</> : null}
      </Text>
    </Stack>
  );
}

/** A card holding one step's fields. */
export function StepCard({ children }: { children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '8' }} bg="bg">
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

/** The success screen's heading; it takes focus when the screen appears. */
export function SuccessHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Heading as="h2" size="xl" ref={ref} tabIndex={-1} _focus={{ outline: 'none' }}>
      {children}
    </Heading>
  );
}
