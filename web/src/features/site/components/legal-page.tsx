import { Box, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageContainer } from '../../../components/layout/page-container';
import { PageMeta } from '../../../components/layout/page-meta';
import { site } from '../../../config/site';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Shared layout of the legal pages: title, last-updated date, table of contents, sections. */
export function LegalPage({
  title,
  description,
  intro,
  sections,
}: {
  title: string;
  description: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageMeta title={title} description={description} />
      <Box bg="blue.50" py={{ base: '10', md: '14' }}>
        <PageContainer narrow>
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} color="gray.900" mb="3">
            {title}
          </Heading>
          <Text color="gray.700">Last updated {site.legalLastUpdated}</Text>
        </PageContainer>
      </Box>
      <PageContainer narrow>
        <Stack gap="8" py={{ base: '10', md: '14' }} color="gray.800" lineHeight="1.7">
          <Text fontSize="lg">{intro}</Text>
          <Box as="nav" aria-label="On this page" bg="gray.50" rounded="lg" p="5">
            <Heading as="h2" fontSize="md" mb="3" color="gray.900">
              On this page
            </Heading>
            <Box as="ol" ps="5" listStyleType="decimal">
              {sections.map((section) => (
                <li key={section.id}>
                  <ChakraLink href={`#${section.id}`} color="blue.800" textDecoration="underline">
                    {section.title}
                  </ChakraLink>
                </li>
              ))}
            </Box>
          </Box>
          {sections.map((section, index) => (
            <Box as="section" key={section.id} aria-labelledby={section.id}>
              <Heading
                as="h2"
                id={section.id}
                fontSize="2xl"
                mb="3"
                color="gray.900"
                scrollMarginTop="20"
              >
                {index + 1}. {section.title}
              </Heading>
              <Stack
                gap="3"
                css={{ '& ul': { listStyleType: 'disc', paddingInlineStart: '1.25rem' } }}
              >
                {section.body}
              </Stack>
            </Box>
          ))}
        </Stack>
      </PageContainer>
    </>
  );
}
