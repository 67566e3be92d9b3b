import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { paths } from '../../../config/paths';
import { AudiencePage } from '../components/audience-page';
import { Actions, CheckList, InfoCards, Section, Steps } from '../components/blocks';

const timeline = [
  {
    title: 'Apply',
    text: 'Applications open each semester (Fall, Spring and Summer) and close 4-6 weeks before the cohort starts.',
  },
  {
    title: 'Get matched',
    text: 'About two weeks after the deadline we introduce you to your mentor by e-mail.',
  },
  {
    title: 'Meet monthly',
    text: 'Four one-hour virtual sessions, one each month, plus e-mail between sessions.',
  },
  {
    title: 'Celebrate',
    text: 'Finish with a certificate of completion and the cohort networking event.',
  },
] as const;

const applyNow = { to: paths.registerStudent, label: 'Apply Now' };

export default function StudentsPage() {
  return (
    <AudiencePage
      meta={{
        title: 'For Students',
        description:
          'Eligibility, benefits, timeline and how to apply for four months of free one-on-one mentorship with an industry professional.',
      }}
      hero={{
        eyebrow: 'For students',
        title: 'Get a mentor who has been where you want to go',
        lead: 'Four months of free, one-on-one guidance from a professional in your field: sharpen your goals, build your skills and grow your network before you graduate.',
        apply: applyNow,
      }}
      cohortDates
      closing={{
        id: 'apply-cta',
        title: 'Ready to apply?',
        text: 'Apply to be matched with a mentor in the next cohort: its dates are at the top of this page. Questions first? Read the FAQ.',
        apply: applyNow,
      }}
    >
      <Section
        id="eligibility"
        title="Who can apply"
        intro="The program is open to students at any university who meet these four criteria."
      >
        <CheckList
          items={[
            'You are a current undergraduate or graduate student.',
            'You are nominated by a faculty member, an advisor or a peer who knows your work.',
            'You can commit to four months: one one-hour session each month, and replying to your mentor within 48 hours.',
            'You have clear career goals, or a clear question about which direction to take, that you want to work on.',
          ]}
        />
      </Section>

      <Section id="benefits" title="Benefits" tinted>
        <InfoCards
          cards={[
            {
              title: 'A mentor matched to you',
              text: 'Coordinators match you on your discipline, the topics you want help with and the industry you are aiming for.',
            },
            {
              title: 'Completely free',
              text: 'There are no fees, and mentors volunteer their time. You never pay anything, and no money changes hands.',
            },
            {
              title: 'Flexible and virtual',
              text: 'Sessions happen by video at times you and your mentor agree on, so the program fits around classes, exams and work.',
            },
          ]}
        />
      </Section>

      <Section
        id="timeline"
        title="Program timeline"
        intro="Cohorts start every Fall, Spring and Summer."
      >
        <Steps steps={timeline} />
      </Section>

      <Section id="application-process" title="Application process" tinted>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
          <Stack as="ol" gap="3" ps="5" listStyleType="decimal" color="gray.800">
            <li>
              Ask a professor, advisor or classmate to nominate you; you will enter their name and
              e-mail address in the form.
            </li>
            <li>
              Complete the three-step application: personal details, nomination and academic
              details, then your preferences and consents. It takes about ten minutes.
            </li>
            <li>
              Our coordinators review your application and may e-mail you a question about your
              goals.
            </li>
            <li>
              Once matched, you receive an introduction e-mail and schedule your first session with
              your mentor.
            </li>
          </Stack>
          <Stack gap="3" color="gray.800">
            <Text>
              Have ready: your university and program, your year of study, your LinkedIn profile
              address, and a few sentences about your career interests and what you hope to gain.
            </Text>
            <Actions actions={[{ to: paths.registerStudent, label: 'Start Application' }]} />
          </Stack>
        </SimpleGrid>
      </Section>

      <Section id="founding-cohort" title="Join our founding cohort">
        <Stack gap="4" maxW="3xl" fontSize="lg" color="gray.800">
          <Text>
            This is our inaugural cohort. As a founding student you will help shape the program: we
            will ask for your feedback after every session and use it to improve matching,
            orientation and resources for everyone who follows.
          </Text>
          <Text>
            Founding cohorts are small, which means more attention from coordinators and a close
            community at the closing networking event.
          </Text>
        </Stack>
      </Section>

      <Section id="what-you-gain" title="What You'll Gain" tinted>
        <CheckList
          items={[
            'A clearer career plan, with concrete next steps you set with your mentor.',
            'Honest feedback on your resume, portfolio or interview answers.',
            'Insight into how your target industry works day to day.',
            'Introductions and a professional network that lasts beyond the program.',
            'Confidence in communication, leadership and professional settings.',
            'A certificate of completion to add to your resume and LinkedIn profile.',
          ]}
        />
      </Section>
    </AudiencePage>
  );
}
