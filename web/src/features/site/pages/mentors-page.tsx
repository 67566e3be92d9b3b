import { Text } from '@chakra-ui/react';
import { PageMeta } from '../../../components/layout/page-meta';
import { paths } from '../../../config/paths';
import {
  Actions,
  CallToAction,
  CardGrid,
  CheckList,
  InfoCard,
  learnMoreInFaq,
  PageHero,
  Section,
  Steps,
} from '../components/blocks';

const journey = [
  {
    title: 'Application and screening',
    text: 'Tell us about your experience and preferences. We reply within 3-5 business days and invite you to a 15-20 minute screening interview.',
  },
  {
    title: 'Matching',
    text: 'After a short orientation, coordinators match you with a student whose goals fit your expertise. Matching takes about two weeks.',
  },
  {
    title: 'Four monthly sessions',
    text: 'Meet your student by video for one hour each month, for four months, and answer the occasional e-mail in between.',
  },
  {
    title: 'Completion and recognition',
    text: 'Close the cohort at the networking event and receive recognition for your contribution as a founding mentor.',
  },
] as const;

export default function MentorsPage() {
  return (
    <>
      <PageMeta
        title="For Mentors"
        description="Volunteer as a mentor: about 6-8 hours over four months to guide a university student. Requirements, what to expect and how to apply."
      />
      <PageHero
        eyebrow="For mentors"
        title="Share what you know. Shape a career."
        lead="Give one hour a month for four months to a university student who wants to follow in your footsteps. About 6-8 hours in total, entirely online, with a coordinator behind you."
      >
        <Actions
          actions={[{ to: paths.registerMentor, label: 'Become a Mentor' }, learnMoreInFaq]}
        />
      </PageHero>

      <Section id="why-mentor" title="Why mentor with us" tinted>
        <CardGrid>
          <InfoCard title="Make a real difference">
            <Text>
              Many of our students have no one in their chosen industry to ask. Your experience can
              save them years of trial and error.
            </Text>
          </InfoCard>
          <InfoCard title="A commitment that fits">
            <Text>
              One virtual session a month, scheduled around your calendar. We handle matching,
              reminders and any re-matching.
            </Text>
          </InfoCard>
          <InfoCard title="Grow as a leader">
            <Text>
              Practise coaching, listening and giving feedback, and meet other professionals who
              mentor at the closing networking event.
            </Text>
          </InfoCard>
        </CardGrid>
      </Section>

      <Section
        id="requirements"
        title="What we ask of mentors"
        intro="Mentors are volunteers. We look for people who meet these requirements."
      >
        <CardGrid>
          <InfoCard title="3+ years of experience">
            <Text>At least three years of professional experience in your industry or field.</Text>
          </InfoCard>
          <InfoCard title="Strong communication">
            <Text>You explain clearly, listen well and reply to your student within 48 hours.</Text>
          </InfoCard>
          <InfoCard title="Leadership (preferred)">
            <Text>
              Experience leading people or projects helps, but it is not required to apply.
            </Text>
          </InfoCard>
        </CardGrid>
      </Section>

      <Section id="journey" title="Your mentor journey" tinted>
        <Steps steps={journey} />
      </Section>

      <Section id="what-to-expect" title="What to expect">
        <CheckList
          items={[
            'A time commitment of 1-2 hours per month for four months: about 6-8 hours in total.',
            'An orientation before matching and a coordinator to contact whenever you need help.',
            'A student who has been nominated, screened and has agreed to the Code of Conduct.',
            'No fees and no payment: mentoring is voluntary and no money changes hands.',
          ]}
        />
      </Section>

      <CallToAction
        id="mentor-cta"
        title="Become a founding mentor"
        text="Applications take about ten minutes. We reply within 3-5 business days."
      >
        <Actions
          actions={[{ to: paths.registerMentor, label: 'Apply to Mentor' }, learnMoreInFaq]}
          onBand
        />
      </CallToAction>
    </>
  );
}
