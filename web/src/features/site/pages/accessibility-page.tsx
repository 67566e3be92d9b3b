import { Text } from '@chakra-ui/react';
import { site } from '../../../config/site';
import { MailLink } from '../components/blocks';
import { LegalPage, type LegalSection } from '../components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'commitment',
    title: 'Our commitment and conformance status',
    body: (
      <>
        <Text>
          The {site.name} wants everyone to be able to learn about the program, apply and take part.
          This website conforms to the Web Content Accessibility Guidelines 2.2 (WCAG 2.2) at level
          AA: the information pages, both application forms and the coordinators&apos; admin area,
          with the exceptions listed under &quot;Known exceptions&quot; below.
        </Text>
      </>
    ),
  },
  {
    id: 'features',
    title: 'Accessibility features',
    body: (
      <ul>
        <li>
          every page and form works with a keyboard alone, with a visible focus indicator that is
          never hidden under the page header or a notification;
        </li>
        <li>
          a &quot;Skip to content&quot; link that appears on the first Tab, landmarks, a heading for
          every section and a page title that names each page;
        </li>
        <li>
          form fields have visible labels; when an answer is missing or wrong, the form says so in
          text next to the field and moves focus to the first field to fix, in the order of the
          page;
        </li>
        <li>answers are kept when you go back a step, so nothing has to be entered twice;</li>
        <li>text and controls meet WCAG AA colour-contrast ratios;</li>
        <li>pages reflow to narrow screens and support zoom up to 200% without loss of content.</li>
      </ul>
    ),
  },
  {
    id: 'testing',
    title: 'How we test',
    body: (
      <>
        <Text>Every change to the website runs these checks before it is published:</Text>
        <ul>
          <li>
            keyboard-only tests in a real browser, on a phone-sized and a laptop-sized screen: both
            application forms completed with keys alone (mistakes included), the coordinators&apos;
            review, a person&apos;s page and creating a pair. After every key press the test checks
            that the focused element is on screen and not covered by the header, a notification or a
            dialog;
          </li>
          <li>
            the W3C&apos;s Nu HTML Checker on every page, as sent and as shown once the page has
            loaded: no errors, so assistive technologies get well-formed markup;
          </li>
          <li>
            two independent accessibility engines, axe and IBM Equal Access (WCAG 2.2 rules), on
            every page at both screen sizes: no violations;
          </li>
          <li>
            Lighthouse: an accessibility score of 100 on every public page and the sign-in page.
          </li>
        </ul>
        <Text>
          Automated checks find many problems but not all of them. We also check pages by hand with
          a screen reader, and we welcome reports of anything we missed.
        </Text>
      </>
    ),
  },
  {
    id: 'known-exceptions',
    title: 'Known exceptions',
    body: (
      <ul>
        <li>
          notifications (for example &quot;Required Field Missing&quot;) close after 5 seconds; they
          pause while the pointer is over them, and the same message stays next to the field, so
          nothing is lost when one closes;
        </li>
        <li>
          the admin area is built for coordinators on laptops: it works at phone sizes, but its long
          lists are easiest to use on a wider screen;
        </li>
        <li>
          pages on other websites that we link to, such as LinkedIn, are not covered by this
          statement.
        </li>
      </ul>
    ),
  },
  {
    id: 'accommodations',
    title: 'Accommodations in the program',
    body: (
      <>
        <Text>We are glad to arrange accommodations for sessions and events, such as:</Text>
        <ul>
          <li>live captions or a text-based chat alongside video sessions;</li>
          <li>session materials in accessible formats ahead of time;</li>
          <li>extra time, more frequent breaks or flexible scheduling;</li>
          <li>a sign language interpreter for the closing networking event.</li>
        </ul>
        <Text>You do not need to explain or document why you need an accommodation.</Text>
      </>
    ),
  },
  {
    id: 'assistive-technologies',
    title: 'Supported assistive technologies',
    body: (
      <>
        <Text>The website is designed to work with:</Text>
        <ul>
          <li>NVDA and JAWS with Chrome, Edge and Firefox on Windows;</li>
          <li>VoiceOver with Safari on macOS and iOS;</li>
          <li>TalkBack with Chrome on Android;</li>
          <li>browser zoom, high-contrast modes and speech-recognition software.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'feedback',
    title: 'Feedback and known issues',
    body: (
      <Text>
        If any part of this website or the program is hard for you to use, please tell us what
        happened, which page you were on and what device or assistive technology you use. We treat
        accessibility problems as bugs and fix them as a priority.
      </Text>
    ),
  },
  {
    id: 'accessibility-contact',
    title: 'Contact',
    body: (
      <Text>
        Write to <MailLink address={site.mail.accessibility} />. We aim to respond within 24 hours
        to urgent needs, such as an accommodation for an upcoming session, and within three business
        days to everything else.
      </Text>
    ),
  },
];

export default function AccessibilityPage() {
  return (
    <LegalPage
      title="Accessibility"
      description={`The ${site.name} conforms to WCAG 2.2 AA: what is conformant, how it is tested, known exceptions, accommodations and how to give feedback.`}
      intro="We want the website and the mentorship program to work for everyone, including people with disabilities."
      sections={sections}
    />
  );
}
