import { Text } from '@chakra-ui/react';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { MailLink, TextLink } from '../components/blocks';
import { LegalPage, type LegalSection } from '../components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'overview',
    title: 'Program overview',
    body: (
      <>
        <Text>
          The {site.name} is a free, volunteer-run program that pairs university students with
          industry professionals for a four-month mentorship of one one-hour virtual session per
          month.
        </Text>
        <Text>
          The program is free for everyone. Mentors are unpaid volunteers, and no money changes
          hands between mentor and mentee, in either direction, for any reason.
        </Text>
      </>
    ),
  },
  {
    id: 'responsibilities',
    title: 'Participant responsibilities',
    body: (
      <ul>
        <li>give accurate information in your application and keep it up to date;</li>
        <li>attend the sessions you agree to, on time, or give 24 hours&apos; notice;</li>
        <li>reply to messages from your mentor, student or coordinator within 48 hours;</li>
        <li>
          follow the <TextLink to={paths.conduct}>Code of Conduct</TextLink> in every interaction.
        </li>
      </ul>
    ),
  },
  {
    id: 'rules',
    title: 'Program rules',
    body: (
      <ul>
        <li>participants must be at least 18 years old;</li>
        <li>sessions take place by video or phone, not in private in-person meetings;</li>
        <li>
          no selling, recruiting for paid services or requesting money, gifts or favours of value;
        </li>
        <li>
          mentors do not do a student&apos;s graded coursework and do not promise jobs or referrals.
        </li>
      </ul>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <Text>
        The program&apos;s name, website and materials belong to the {site.name}. You keep ownership
        of anything you create and share, such as a resume or a project; sharing it with your match
        does not give them any right to use it beyond the mentorship. Do not share confidential
        information of your employer or university.
      </Text>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <>
        <Text>
          You may leave the program at any time by telling a coordinator. We may end a
          participant&apos;s place for:
        </Text>
        <ul>
          <li>a breach of these terms or of the Code of Conduct;</li>
          <li>false or misleading information in an application;</li>
          <li>repeated missed sessions or no response for more than two weeks;</li>
          <li>any behaviour that puts another participant&apos;s safety or well-being at risk.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <Text>
        Mentors share their personal experience and opinions; this is not professional, legal,
        financial or career advice, and no outcome such as a job offer is guaranteed. To the extent
        the law allows, the {site.name} and its volunteers are not liable for decisions you make
        based on mentorship conversations, or for indirect or consequential loss. Because the
        program is free, our total liability in any case is limited to zero monetary damages where
        the law permits.
      </Text>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <Text>
        We may update these terms. We will post the new version here with a new date and e-mail
        active participants about any significant change at least 14 days before it applies.
      </Text>
    ),
  },
  {
    id: 'legal-contact',
    title: 'Contact',
    body: (
      <Text>
        Questions about these terms: <MailLink address={site.mail.legal} />.
      </Text>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      description={`The terms for taking part in the ${site.name}: responsibilities, program rules, termination and liability. Free, with no money changing hands.`}
      intro={`These terms apply to everyone who applies to or takes part in the ${site.name} as a student or a mentor. By applying you agree to them.`}
      sections={sections}
    />
  );
}
