/**
 * The information pages' building blocks (hero, sections, cards, steps, calls to action), each a
 * few lines of layout: one file of small presentational parts, the pages' vocabulary, rather
 * than a dozen files of twenty lines.
 */
import {
  Badge,
  Box,
  Flex,
  Heading,
  HStack,
  Link as ChakraLink,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { mailtoHref } from '@mentorship/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageContainer } from '../../../components/layout/page-container';
import { RouterButton } from '../../../components/ui/router-button';

/** A button that navigates inside the site. */
export function ButtonLink({
  to,
  children,
  variant = 'solid',
}: {
  to: string;
  children: ReactNode;
  variant?: 'solid' | 'outline';
}) {
  return (
    <RouterButton
      size="lg"
      colorPalette="blue"
      variant={variant}
      bg={variant === 'outline' ? 'white' : undefined}
      to={to}
    >
      {children}
    </RouterButton>
  );
}

export function ButtonRow({ children }: { children: ReactNode }) {
  return (
    <Flex gap="3" wrap="wrap">
      {children}
    </Flex>
  );
}

/** Where a page sends its reader next: a button inside the site. */
export interface PageAction {
  to: string;
  label: ReactNode;
}

/**
 * A row of a page's next steps: the first button filled and the others outlined, or all
 * outlined (white on its blue) on a call-to-action band (`onBand`).
 */
export function Actions({
  actions,
  onBand = false,
}: {
  actions: readonly PageAction[];
  onBand?: boolean;
}) {
  return (
    <ButtonRow>
      {actions.map(({ to, label }, index) => (
        <ButtonLink key={to} to={to} variant={index === 0 && !onBand ? 'solid' : 'outline'}>
          {label}
        </ButtonLink>
      ))}
    </ButtonRow>
  );
}

/** The page's opening band with its one h1. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box as="section" aria-labelledby="page-title" bg="blue.50" py={{ base: '12', md: '20' }}>
      <PageContainer>
        <Stack gap="5" maxW="3xl">
          {eyebrow && (
            <Text
              fontWeight="semibold"
              color="blue.800"
              textTransform="uppercase"
              fontSize="sm"
              letterSpacing="wide"
            >
              {eyebrow}
            </Text>
          )}
          <Heading
            as="h1"
            id="page-title"
            fontSize={{ base: '3xl', md: '5xl' }}
            lineHeight="1.15"
            color="gray.900"
          >
            {title}
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="gray.700">
            {lead}
          </Text>
          {children}
        </Stack>
      </PageContainer>
    </Box>
  );
}

/** A titled band of content (h2). */
export function Section({
  id,
  title,
  intro,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      py={{ base: '12', md: '16' }}
      bg={tinted ? 'gray.50' : undefined}
    >
      <PageContainer>
        <Stack gap="3" mb="8" maxW="3xl">
          <Heading as="h2" id={id} fontSize={{ base: '2xl', md: '3xl' }} color="gray.900">
            {title}
          </Heading>
          {intro && (
            <Text fontSize="lg" color="gray.700">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </PageContainer>
    </Box>
  );
}

/** Cards in a responsive grid; each card has an h3. */
export function CardGrid({ children, columns = 3 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: columns }} gap="6">
      {children}
    </SimpleGrid>
  );
}

export function InfoCard({
  title,
  children,
  badge,
}: {
  title: string;
  children: ReactNode;
  badge?: string;
}) {
  return (
    <Box as="li" bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p="6" shadow="xs">
      {badge && (
        <Text fontSize="3xl" fontWeight="bold" color="blue.800" mb="1">
          {badge}
        </Text>
      )}
      <Heading as="h3" fontSize="lg" mb="2" color="gray.900">
        {title}
      </Heading>
      <Box color="gray.700">{children}</Box>
    </Box>
  );
}

/** A grid of cards, each a title (h3) and a paragraph: the pages' "why" and "what we ask" lists. */
export function InfoCards({ cards }: { cards: readonly { title: string; text: string }[] }) {
  return (
    <CardGrid>
      {cards.map((card) => (
        <InfoCard key={card.title} title={card.title}>
          <Text>{card.text}</Text>
        </InfoCard>
      ))}
    </CardGrid>
  );
}

/** Numbered steps (an ordered list) with a title and text each. */
export function Steps({ steps }: { steps: readonly { title: string; text: ReactNode }[] }) {
  return (
    <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
      {steps.map((step, index) => (
        <Box
          as="li"
          key={step.title}
          bg="white"
          borderWidth="1px"
          borderColor="gray.200"
          rounded="xl"
          p="6"
        >
          <Flex
            aria-hidden="true"
            w="10"
            h="10"
            rounded="full"
            bg="blue.700"
            color="white"
            fontWeight="bold"
            align="center"
            justify="center"
            mb="4"
          >
            {index + 1}
          </Flex>
          <Heading as="h3" fontSize="lg" mb="2" color="gray.900">
            <Box as="span" srOnly>
              Step {index + 1}:{' '}
            </Box>
            {step.title}
          </Heading>
          <Text color="gray.700">{step.text}</Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** A bulleted list with check marks. */
export function CheckList({ items }: { items: readonly ReactNode[] }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {items.map((item, index) => (
        <HStack as="li" key={index} align="flex-start" gap="3" color="gray.800">
          <Box
            as="span"
            aria-hidden="true"
            color="green.700"
            fontWeight="bold"
            flexShrink={0}
            lineHeight="1.5"
          >
            ✓
          </Box>
          <Box>{item}</Box>
        </HStack>
      ))}
    </Stack>
  );
}

export function Badges({ items }: { items: readonly string[] }) {
  return (
    <HStack as="ul" listStyleType="none" gap="2" wrap="wrap">
      {items.map((item) => (
        <li key={item}>
          <Badge size="lg" colorPalette="blue" variant="surface" color="blue.900">
            {item}
          </Badge>
        </li>
      ))}
    </HStack>
  );
}

export function MailLink({ address }: { address: string }) {
  return (
    <ChakraLink
      href={mailtoHref(address)}
      color="blue.800"
      textDecoration="underline"
      fontWeight="medium"
    >
      {address}
    </ChakraLink>
  );
}

/** A block headed by `title` (an h2 whose `id` names the block), a line of text, then `children`. */
export interface HeadedBlockProps {
  id: string;
  title: string;
  text: ReactNode;
  children: ReactNode;
}

/** A closing band with a heading, a line of text and buttons. */
export function CallToAction({ id, title, text, children }: HeadedBlockProps) {
  return (
    <Box as="section" aria-labelledby={id} py={{ base: '12', md: '16' }}>
      <PageContainer>
        <Stack
          gap="4"
          bg="blue.800"
          color="white"
          rounded="2xl"
          p={{ base: '8', md: '12' }}
          align="flex-start"
        >
          <Heading as="h2" id={id} fontSize={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text fontSize="lg" maxW="2xl">
            {text}
          </Text>
          {children}
        </Stack>
      </PageContainer>
    </Box>
  );
}

/** An internal link inside running text: underlined so it stands out from the words around it. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ChakraLink asChild color="blue.800" textDecoration="underline" textUnderlineOffset="2px">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

/** Words for screen readers (and link-purpose checks) that sighted users get from context. */
export function SrOnly({ children }: { children: ReactNode }) {
  return (
    <Box as="span" srOnly>
      {children}
    </Box>
  );
}
