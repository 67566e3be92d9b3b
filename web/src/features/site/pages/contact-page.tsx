import { Box, Heading, SimpleGrid, Stack, Text, Link as ChakraLink } from '@chakra-ui/react';
import { PageMeta } from '../../../components/layout/page-meta';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { Container, MailLink, PageHero, TextLink } from '../components/blocks';

export default function ContactPage() {
  return (
    <>
      <PageMeta
        title="Contact"
        description={`Contact the ${site.name} team by e-mail at ${site.mail.contact} or follow us on LinkedIn.`}
      />
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        lead="Questions about applying, mentoring or partnering with us? Write to our coordinators; we usually reply within two business days."
      />
      <Container>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" py={{ base: '10', md: '14' }}>
          <Stack
            as="section"
            aria-labelledby="contact-email"
            borderWidth="1px"
            rounded="xl"
            p="6"
            gap="3"
          >
            <Heading as="h2" id="contact-email" fontSize="xl" color="gray.900">
              E-mail
            </Heading>
            <Text color="gray.800">For every question about the program, write to:</Text>
            <Text fontSize="lg">
              <MailLink address={site.mail.contact} />
            </Text>
          </Stack>
          <Stack
            as="section"
            aria-labelledby="contact-linkedin"
            borderWidth="1px"
            rounded="xl"
            p="6"
            gap="3"
          >
            <Heading as="h2" id="contact-linkedin" fontSize="xl" color="gray.900">
              LinkedIn
            </Heading>
            <Text color="gray.800">
              Follow us for cohort dates, program news and mentor stories.
            </Text>
            <Text fontSize="lg">
              <ChakraLink
                href={site.links.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                color="blue.800"
                textDecoration="underline"
                fontWeight="medium"
              >
                {site.name} on LinkedIn
                <Box as="span" srOnly>
                  {' '}
                  (opens in a new tab)
                </Box>
              </ChakraLink>
            </Text>
          </Stack>
        </SimpleGrid>
        <Text color="gray.800" pb="14">
          Looking for a quick answer? Many questions are answered in our{' '}
          <TextLink to={paths.faq}>frequently asked questions</TextLink>. For privacy, conduct or
          accessibility matters, see the contacts listed on the{' '}
          <TextLink to={paths.privacy}>Privacy Policy</TextLink>,{' '}
          <TextLink to={paths.conduct}>Code of Conduct</TextLink> and{' '}
          <TextLink to={paths.accessibility}>Accessibility</TextLink> pages.
        </Text>
      </Container>
    </>
  );
}
