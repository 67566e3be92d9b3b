import { Text } from '@chakra-ui/react';
import { site } from '../../../config/site';
import { MailLink } from '../components/blocks';
import { LegalPage, type LegalSection } from '../components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'commitment',
    title: 'Our commitment',
    body: (
      <Text>
        The {site.name} wants everyone to be able to learn about the program, apply and take part.
        This website aims to meet the Web Content Accessibility Guidelines 2.1 (WCAG 2.1) at level
        AA, and we test it with automated checks, keyboard-only use and screen readers.
      </Text>
    ),
  },
  {
    id: 'features',
    title: 'Accessibility features',
    body: (
      <ul>
        <li>every page and form works with a keyboard alone, with a visible focus indicator;</li>
        <li>a &quot;Skip to content&quot; link and clear landmarks and headings on every page;</li>
        <li>
          form fields have visible labels, and errors are described in text next to the field;
        </li>
        <li>text and controls meet WCAG AA colour-contrast ratios;</li>
        <li>pages reflow to narrow screens and support zoom up to 200% without loss of content.</li>
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
        <Text>We test the website with:</Text>
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
      description={`The ${site.name} aims at WCAG 2.1 AA: accessibility features, accommodations, supported assistive technologies and how to give feedback.`}
      intro="We want the website and the mentorship program to work for everyone, including people with disabilities."
      sections={sections}
    />
  );
}
