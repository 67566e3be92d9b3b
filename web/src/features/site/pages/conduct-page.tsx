import { Text } from '@chakra-ui/react';
import { site } from '../../../config/site';
import { MailLink } from '../components/blocks';
import { LegalPage, type LegalSection } from '../components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'expected',
    title: 'Expected behaviour',
    body: (
      <ul>
        <li>treat every participant with respect, patience and good faith;</li>
        <li>welcome people of every background, identity, ability and point of view;</li>
        <li>come to sessions prepared, on time and ready to listen;</li>
        <li>give honest, constructive feedback and receive it the same way;</li>
        <li>
          keep what is shared in sessions confidential unless someone&apos;s safety is at risk.
        </li>
      </ul>
    ),
  },
  {
    id: 'prohibited',
    title: 'Prohibited behaviour',
    body: (
      <ul>
        <li>harassment, intimidation, discrimination or demeaning comments of any kind;</li>
        <li>romantic or sexual advances, or sexual content;</li>
        <li>asking for or offering money, gifts of value, or paid services;</li>
        <li>sharing another participant&apos;s personal information without their consent;</li>
        <li>pressuring anyone to act against their interests, studies or employer.</li>
      </ul>
    ),
  },
  {
    id: 'boundaries',
    title: 'Professional boundaries',
    body: (
      <ul>
        <li>meet by video or phone through the channels agreed at matching;</li>
        <li>keep conversations focused on studies, career and professional growth;</li>
        <li>
          mentors guide and advise; they do not do graded work or make promises of employment;
        </li>
        <li>either party may decline a topic they are not comfortable with.</li>
      </ul>
    ),
  },
  {
    id: 'communication',
    title: 'Communication standards',
    body: (
      <ul>
        <li>reply to messages within 48 hours, even if only to say when you will answer fully;</li>
        <li>give at least 24 hours&apos; notice if you need to cancel or move a session;</li>
        <li>use clear, courteous language in writing and in sessions;</li>
        <li>tell a coordinator if your match stops responding for more than a week.</li>
      </ul>
    ),
  },
  {
    id: 'reporting',
    title: 'Reporting a concern',
    body: (
      <>
        <Text>
          If something makes you uncomfortable, or you see behaviour that breaks this code, tell us.
          Write to <MailLink address={site.mail.conduct} /> about conduct concerns. If you feel
          unsafe, write to <MailLink address={site.mail.safety} />: safety reports are read first.
        </Text>
        <Text>
          Reports are handled confidentially by coordinators who are not involved in your pairing,
          and nobody will face retaliation for a report made in good faith. In an emergency, contact
          your local emergency services first.
        </Text>
      </>
    ),
  },
  {
    id: 'consequences',
    title: 'Consequences',
    body: (
      <>
        <Text>
          Depending on how serious a breach is, and after hearing from everyone involved, the
          program may:
        </Text>
        <ul>
          <li>give a written warning;</li>
          <li>require additional training before the participant continues;</li>
          <li>suspend the participant from sessions while we review what happened;</li>
          <li>reassign the student or mentor to a new match;</li>
          <li>permanently remove the participant from the program;</li>
          <li>
            report the behaviour to the participant&apos;s university or employer, or to the
            authorities where the law requires it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'conduct-contact',
    title: 'Contact',
    body: (
      <Text>
        Conduct questions: <MailLink address={site.mail.conduct} />. Safety concerns:{' '}
        <MailLink address={site.mail.safety} />.
      </Text>
    ),
  },
];

export default function ConductPage() {
  return (
    <LegalPage
      title="Code of Conduct"
      description={`How students and mentors in the ${site.name} treat each other: expected behaviour, boundaries, communication standards, reporting and consequences.`}
      intro="Mentorship works when both people feel safe, respected and heard. This code applies to every student, mentor and volunteer in every session, message and event."
      sections={sections}
    />
  );
}
