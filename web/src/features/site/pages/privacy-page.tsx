import { Text } from '@chakra-ui/react';
import { RETENTION_TEXT } from '@mentorship/domain';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { MailLink, TextLink } from '../components/blocks';
import { LegalPage, type LegalSection } from '../components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'what-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <Text>When you apply as a student or mentor, we collect what you enter in the form:</Text>
        <ul>
          <li>
            contact details: your name, e-mail address, phone number and LinkedIn profile address;
          </li>
          <li>
            students: university, academic program, year of study, the name and e-mail of the person
            who nominated you, career interests and mentorship goals;
          </li>
          <li>
            mentors: job title, company, years of experience, education, location, time zone,
            profile summary and availability;
          </li>
          <li>your preferred disciplines and mentoring topics, and your consents.</li>
        </ul>
        <Text>
          We do not use advertising trackers, and we do not collect payment details: the program is
          free.
        </Text>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your information',
    body: (
      <ul>
        <li>to review your application and, for mentors, arrange the screening interview;</li>
        <li>to match students with mentors and introduce each pair;</li>
        <li>to contact you about sessions, scheduling, re-matching and program events;</li>
        <li>to improve the program using anonymous, aggregated feedback.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'When we share information',
    body: (
      <>
        <Text>We never sell your information. We share it only:</Text>
        <ul>
          <li>
            with your matched mentor or student: the profile details they need to get started (name,
            e-mail, program or role, goals and interests);
          </li>
          <li>
            with university partners, where a student was nominated through their institution, and
            only to confirm participation and completion;
          </li>
          <li>when the law requires it, or to protect the safety of a participant;</li>
          <li>
            with service providers that host our website and data on our behalf, under contracts
            that forbid any other use.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'storage-security',
    title: 'Storage and security',
    body: (
      <Text>
        Your information is stored encrypted, in transit and at rest, on servers in the United
        States. Only program coordinators who need it to run the program can see it, and their
        access is protected by individual accounts.
      </Text>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    body: (
      <>
        <Text>
          Our software deletes information when its time is up; nobody has to remember to:
        </Text>
        <ul>
          {RETENTION_TEXT.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <Text>At any time you can ask us to:</Text>
        <ul>
          <li>give you access to the information we hold about you;</li>
          <li>correct information that is wrong or out of date;</li>
          <li>delete your information;</li>
          <li>withdraw your consent to be contacted (this ends your participation);</li>
          <li>send you a copy of your information in a common electronic format.</li>
        </ul>
        <Text>
          You can do most of this yourself on{' '}
          <TextLink to={paths.myApplicationSignIn}>Check my application</TextLink>: see and correct
          your application, withdraw it, download your data as a JSON file, or delete it all.
        </Text>
        <Text>We answer every request within 30 days.</Text>
      </>
    ),
  },
  {
    id: 'privacy-contact',
    title: 'Contact about privacy',
    body: (
      <Text>
        Write to our privacy contact at <MailLink address={site.mail.privacy} /> with any question
        or request about your information.
      </Text>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description={`What the ${site.name} collects, how it is used and shared, where it is stored and how to exercise your rights.`}
      intro={`This policy explains what information the ${site.name} collects from students and mentors, why, who sees it and the choices you have.`}
      sections={sections}
    />
  );
}
