import { PageMeta } from '../../../components/layout/page-meta';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import {
  Actions,
  Badges,
  CallToAction,
  InfoCards,
  PageHero,
  Section,
  Steps,
} from '../components/blocks';
import { CohortDates } from '../components/cohort-dates';

const howItWorks = [
  {
    title: 'Nomination',
    text: 'A professor, advisor or classmate nominates you, and you complete a short application about your studies and goals.',
  },
  {
    title: 'Matching',
    text: 'Our coordinators pair you with a mentor whose industry and experience fit your goals. Matching takes about two weeks.',
  },
  {
    title: 'Sessions',
    text: 'You meet your mentor one-on-one by video for one hour each month, for four months, with e-mail in between.',
  },
  {
    title: 'Recognition',
    text: 'The cohort closes with a certificate of completion and a networking event with mentors and fellow students.',
  },
] as const;

const applyActions = [
  { to: paths.registerStudent, label: 'Apply as Student' },
  { to: paths.registerMentor, label: 'Become a Mentor' },
];

export default function HomePage() {
  return (
    <>
      <PageMeta description="Free 4-month, one-on-one mentorship that pairs university students with experienced industry professionals. Apply as a student or become a volunteer mentor." />
      <PageHero
        eyebrow="Free mentorship for university students"
        title="Bridge the gap between campus and career"
        lead={`${site.name} pairs university students with experienced professionals for four months of free, one-on-one mentorship: one focused video session a month, guided by your goals.`}
      >
        <CohortDates />
        <Actions actions={applyActions} />
        <Badges items={['100% Free', '4-Month Program', 'Expert Mentors']} />
      </PageHero>

      <Section
        id="how-it-works"
        title="How it works"
        intro="Four steps take you from nomination to a finished mentorship and a wider professional network."
      >
        <Steps steps={howItWorks} />
      </Section>

      <Section
        id="why-bridge"
        title="Why students and mentors choose us"
        intro="A small, structured program run by volunteers who care about getting each pairing right."
        tinted
      >
        <InfoCards
          cards={[
            {
              title: 'Personalized Matching',
              text: 'Coordinators read every application and match on career goals, field of study and industry, not on an algorithm alone. If a pairing does not work, we re-match you.',
            },
            {
              title: 'Structured Program',
              text: 'Four monthly one-hour sessions with a clear arc: set goals, build skills, make connections and plan your next step. Mentors give about 6-8 hours in total.',
            },
            {
              title: 'Industry Networks',
              text: 'Mentors come from technology, finance, healthcare, design, non-profits and more. The closing networking event connects you with the whole cohort.',
            },
          ]}
        />
      </Section>

      <CallToAction
        id="get-started"
        title="Ready to take the next step?"
        text="Students need a nomination and four months of commitment; mentors need three or more years of professional experience."
      >
        <Actions actions={applyActions} onBand />
      </CallToAction>
    </>
  );
}
