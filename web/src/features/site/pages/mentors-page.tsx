import { paths } from '../../../config/paths';
import { AudiencePage } from '../components/audience-page';
import { CheckList, InfoCards, Section, Steps } from '../components/blocks';

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
    <AudiencePage
      meta={{
        title: 'For Mentors',
        description:
          'Volunteer as a mentor: about 6-8 hours over four months to guide a university student. Requirements, what to expect and how to apply.',
      }}
      hero={{
        eyebrow: 'For mentors',
        title: 'Share what you know. Shape a career.',
        lead: 'Give one hour a month for four months to a university student who wants to follow in your footsteps. About 6-8 hours in total, entirely online, with a coordinator behind you.',
        apply: { to: paths.registerMentor, label: 'Become a Mentor' },
      }}
      closing={{
        id: 'mentor-cta',
        title: 'Become a founding mentor',
        text: 'Applications take about ten minutes. We reply within 3-5 business days.',
        apply: { to: paths.registerMentor, label: 'Apply to Mentor' },
      }}
    >
      <Section id="why-mentor" title="Why mentor with us" tinted>
        <InfoCards
          cards={[
            {
              title: 'Make a real difference',
              text: 'Many of our students have no one in their chosen industry to ask. Your experience can save them years of trial and error.',
            },
            {
              title: 'A commitment that fits',
              text: 'One virtual session a month, scheduled around your calendar. We handle matching, reminders and any re-matching.',
            },
            {
              title: 'Grow as a leader',
              text: 'Practise coaching, listening and giving feedback, and meet other professionals who mentor at the closing networking event.',
            },
          ]}
        />
      </Section>

      <Section
        id="requirements"
        title="What we ask of mentors"
        intro="Mentors are volunteers. We look for people who meet these requirements."
      >
        <InfoCards
          cards={[
            {
              title: '3+ years of experience',
              text: 'At least three years of professional experience in your industry or field.',
            },
            {
              title: 'Strong communication',
              text: 'You explain clearly, listen well and reply to your student within 48 hours.',
            },
            {
              title: 'Leadership (preferred)',
              text: 'Experience leading people or projects helps, but it is not required to apply.',
            },
          ]}
        />
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
    </AudiencePage>
  );
}
