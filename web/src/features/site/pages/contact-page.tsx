import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { NewTabLink } from '../../../components/ui/new-tab-link';
import { PageContainer } from '../../../components/layout/page-container';
import { PageMeta } from '../../../components/layout/page-meta';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { MailLink, PageHero, TextLink, type HeadedBlockProps } from '../components/blocks';

/** One way to reach us: a titled card, a line, the address. */
function ContactCard({ id, title, text, children }: HeadedBlockProps) {
  return (
    <Stack as="section" aria-labelledby={id} borderWidth="1px" rounded="xl" p="6" gap="3">
      <Heading as="h2" id={id} fontSize="xl" color="gray.900">
        {title}
      </Heading>
      <Text color="gray.800">{text}</Text>
      <Text fontSize="lg">{children}</Text>
    </Stack>
  );
}

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
      <PageContainer>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" py={{ base: '10', md: '14' }}>
          <ContactCard
            id="contact-email"
            title="E-mail"
            text="For every question about the program, write to:"
          >
            <MailLink address={site.mail.contact} />
          </ContactCard>
          <ContactCard
            id="contact-linkedin"
            title="LinkedIn"
            text="Follow us for cohort dates, program news and mentor stories."
          >
            <NewTabLink
              href={site.links.linkedin}
              color="blue.800"
              textDecoration="underline"
              fontWeight="medium"
            >
              {site.name} on LinkedIn
            </NewTabLink>
          </ContactCard>
        </SimpleGrid>
        <Text color="gray.800" pb="14">
          Looking for a quick answer? Many questions are answered in our{' '}
          <TextLink to={paths.faq}>frequently asked questions</TextLink>. For privacy, conduct or
          accessibility matters, see the contacts listed on the{' '}
          <TextLink to={paths.privacy}>Privacy Policy</TextLink>,{' '}
          <TextLink to={paths.conduct}>Code of Conduct</TextLink> and{' '}
          <TextLink to={paths.accessibility}>Accessibility</TextLink> pages.
        </Text>
      </PageContainer>
    </>
  );
}
