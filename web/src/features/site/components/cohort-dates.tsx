/**
 * The program's dates on the home page and For Students (`[data-cohort-dates]`): while a cohort
 * takes applications, which one, until when and when it starts; otherwise when the next opens,
 * or that none is announced. One composer (`cohortDatesText`, beside the wizards' notice in the
 * domain) for the three places that write the line:
 *
 * - the prerendered HTML: `web/prerender.ts` renders the pages inside `BuiltCohortsProvider`
 *   with the answer it was given at build time (`COHORTS_SOURCE`), else the neutral sentence;
 * - the static page's script (`fillCohortText`, app/enhance.ts) replaces it on load with the
 *   answer of GET /api/cohorts/current, which composes the same line;
 * - this component, once the app has hydrated: it starts from the text on the page (so hydration
 *   changes nothing on screen) and reads the answer again.
 *
 * The line reserves its height (a sentence of any of the three kinds fits), so replacing it moves
 * nothing (CLS 0), and it is not a live region: a screen reader reads it with the page, never as
 * an announcement on load.
 */
import { Text } from '@chakra-ui/react';
import { cohortDatesText, type PublicCohorts } from '@mentorship/domain';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { usePublicCohorts } from '../../../lib/public-cohorts';

/** The answer the build was given (prerendering only); undefined in the browser. */
const BuiltCohorts = createContext<Pick<PublicCohorts, 'open' | 'next'> | null | undefined>(
  undefined,
);

export function BuiltCohortsProvider({
  answer,
  children,
}: {
  answer: Pick<PublicCohorts, 'open' | 'next'> | null;
  children: ReactNode;
}) {
  return <BuiltCohorts.Provider value={answer}>{children}</BuiltCohorts.Provider>;
}

/** The last answer this page read: a page the app renders later starts from it. */
let lastText: string | null = null;

const textOnPage = (): string | null =>
  typeof document === 'undefined'
    ? null
    : (document.querySelector('[data-cohort-dates]')?.textContent ?? null);

export function CohortDates() {
  const built = useContext(BuiltCohorts);
  const [initial] = useState(() => textOnPage() ?? lastText ?? cohortDatesText(built ?? null));
  const own = useRef<HTMLParagraphElement>(null);
  const answer = usePublicCohorts(own);
  const text = answer ? cohortDatesText(answer) : initial;
  useEffect(() => {
    if (answer) lastText = text;
  }, [answer, text]);
  return (
    <Text
      ref={own}
      data-cohort-dates=""
      fontSize="md"
      fontWeight="semibold"
      color="gray.800"
      // Room for the longest of the sentences (a next cohort with a name of about 20 characters)
      // at each width: 4 lines on a phone, 2 from md on (the hero's text is at most 3xl wide).
      minH={{ base: '4lh', md: '2lh' }}
    >
      {text}
    </Text>
  );
}
