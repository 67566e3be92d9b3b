import {
  Badge,
  Box,
  Flex,
  Heading,
  Link as ChakraLink,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { NewTabLink } from '../ui/new-tab-link';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { PageContainer } from './page-container';

type FooterItem = { label: string; to: string } | { label: string; comingSoon: true };

const columns: { title: string; items: FooterItem[] }[] = [
  {
    title: 'Program',
    items: [
      { label: 'About', to: paths.about },
      { label: 'For Students', to: paths.students },
      { label: 'For Mentors', to: paths.mentors },
      { label: 'Success Stories', comingSoon: true },
    ],
  },
  {
    title: 'Support',
    items: [
      { label: 'FAQ', to: paths.faq },
      { label: 'Contact', to: paths.contact },
      { label: 'Check my application', to: paths.myApplicationSignIn },
      { label: 'Help Center', comingSoon: true },
      { label: 'Resources', comingSoon: true },
    ],
  },
  {
    title: 'Legal',
    items: [
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Terms of Service', to: paths.terms },
      { label: 'Code of Conduct', to: paths.conduct },
      { label: 'Accessibility', to: paths.accessibility },
    ],
  },
];

/** A placeholder: plain text with a "Coming soon" badge, so it never looks like a link. */
function ComingSoon({ children }: { children: ReactNode }) {
  return (
    <Text as="span" color="gray.700" display="inline-flex" alignItems="center" gap="2">
      {children}
      <Badge size="sm" variant="subtle" colorPalette="gray" color="gray.800">
        Coming soon
      </Badge>
    </Text>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ChakraLink asChild color="gray.800" textDecoration="underline" textUnderlineOffset="3px">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

export function SiteFooter() {
  return (
    <Box as="footer" bg="gray.50" borderTopWidth="1px" mt="auto">
      <PageContainer py="12">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="8">
          <Stack gap="3">
            <Text fontWeight="bold" fontSize="lg" color="blue.800">
              {site.name}
            </Text>
            <Text color="gray.700" fontSize="sm">
              {site.blurb}
            </Text>
            <Heading as="h2" fontSize="sm" fontWeight="semibold" color="gray.900" mt="2">
              Follow us
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none" fontSize="sm">
              <li>
                <NewTabLink
                  href={site.links.linkedin}
                  color="gray.800"
                  textDecoration="underline"
                  textUnderlineOffset="3px"
                >
                  LinkedIn
                </NewTabLink>
              </li>
              {site.plannedSocial.map((name) => (
                <li key={name}>
                  <ComingSoon>{name}</ComingSoon>
                </li>
              ))}
            </Stack>
          </Stack>
          {columns.map((column) => (
            <Box as="nav" aria-label={column.title} key={column.title}>
              <Heading as="h2" fontSize="sm" fontWeight="semibold" color="gray.900" mb="3">
                {column.title}
              </Heading>
              <Stack as="ul" gap="2" listStyleType="none" fontSize="sm">
                {column.items.map((item) => (
                  <li key={item.label}>
                    {'to' in item ? (
                      <FooterLink to={item.to}>{item.label}</FooterLink>
                    ) : (
                      <ComingSoon>{item.label}</ComingSoon>
                    )}
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </SimpleGrid>
        <Flex borderTopWidth="1px" mt="10" pt="6" justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="sm" color="gray.700">
            © {site.copyrightYear} {site.name}. All rights reserved.
          </Text>
          <Text fontSize="sm" color="gray.700">
            Free to join. Run by volunteers.
          </Text>
        </Flex>
      </PageContainer>
    </Box>
  );
}
