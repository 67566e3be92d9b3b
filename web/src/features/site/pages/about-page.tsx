import { Stack, Text } from '@chakra-ui/react';
import { PageMeta } from '../../../components/layout/page-meta';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { Actions, CardGrid, InfoCard, PageHero, Section } from '../components/blocks';

export default function AboutPage() {
  return (
    <>
      <PageMeta
        title="About"
        description={`The mission, vision and values of the ${site.name}: free, structured, one-on-one mentorship that connects university students with industry professionals.`}
      />
      <PageHero
        eyebrow="About us"
        title={`About the ${site.name}`}
        lead="We believe that who you know should not decide where you can go. We connect students with professionals who have walked the path before them, at no cost to anyone."
      />

      <Section id="mission" title="Our mission">
        <Stack gap="4" maxW="3xl" fontSize="lg" color="gray.800">
          <Text>
            Our mission is to give every motivated university student access to an experienced
            professional who will listen, share what they know and help them take their next career
            step with confidence.
          </Text>
          <Text>
            Many students, especially those who are the first in their family to attend university,
            have no one in their chosen industry to ask for advice. A few honest conversations with
            the right mentor can change that. We make those conversations happen, four months at a
            time.
          </Text>
        </Stack>
      </Section>

      <Section id="vision" title="Our vision" tinted>
        <Text maxW="3xl" fontSize="lg" color="gray.800">
          A world where mentorship is not a privilege but a normal part of every student&apos;s
          education, and where professionals see giving back to the next generation as part of their
          own growth. We start with a founding cohort and grow one carefully matched pairing at a
          time.
        </Text>
      </Section>

      <Section id="values" title="Our values">
        <CardGrid columns={4}>
          <InfoCard title="Purpose-Driven">
            <Text>
              Every session has a goal the student chose. We measure success by the steps our
              students take, not by the size of the program.
            </Text>
          </InfoCard>
          <InfoCard title="Excellence">
            <Text>
              We screen mentors, prepare both sides at orientation and check in during the program,
              so each hour together is well spent.
            </Text>
          </InfoCard>
          <InfoCard title="Innovation">
            <Text>
              Virtual sessions, a simple schedule and careful matching make quality mentorship
              possible for busy students and professionals anywhere.
            </Text>
          </InfoCard>
          <InfoCard title="Accessibility">
            <Text>
              The program is free, online and built to WCAG 2.2 AA. We offer accommodations to any
              participant who asks.
            </Text>
          </InfoCard>
        </CardGrid>
      </Section>

      <Section id="at-a-glance" title="The program at a glance" tinted>
        <CardGrid columns={4}>
          <InfoCard badge="4-month" title="Program">
            <Text>One one-hour virtual session per month, from kickoff to recognition.</Text>
          </InfoCard>
          <InfoCard badge="100%" title="Free">
            <Text>No fees for students or mentors. No money changes hands, ever.</Text>
          </InfoCard>
          <InfoCard badge="1:1" title="Matching">
            <Text>Each student has their own mentor, matched on goals and industry.</Text>
          </InfoCard>
          <InfoCard badge="24/7" title="Support">
            <Text>Write to our coordinators at any time; we reply as soon as we can.</Text>
          </InfoCard>
        </CardGrid>
        <Stack mt="8">
          <Actions
            actions={[
              { to: paths.students, label: 'For Students' },
              { to: paths.mentors, label: 'For Mentors' },
            ]}
          />
        </Stack>
      </Section>
    </>
  );
}
