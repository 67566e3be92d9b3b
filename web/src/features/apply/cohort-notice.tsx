/**
 * Above both wizards: which cohort the application goes to and when applications close, or that
 * none is open and when the next opens (GET /api/cohorts/current, from the cohort records). The
 * prerendered page fills the same element before the app loads (app/enhance.ts); the app starts
 * from that text, so the take-over changes nothing on screen, and reads it again.
 */
import { Text } from '@chakra-ui/react';
import { cohortPaths, type PublicCohorts } from '@mentorship/domain';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../lib/api-client';

const staticText = (): string =>
  typeof document === 'undefined'
    ? ''
    : (document.querySelector('[data-cohort-notice]')?.textContent ?? '');

export function CohortNotice() {
  const [text, setText] = useState(staticText);
  // Marks the element as the app's (after mount only: the prerendered HTML has no mark), so the
  // static page's fetch, if it answers late, leaves it alone.
  const own = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    own.current?.setAttribute('data-live', '');
    const controller = new AbortController();
    apiRequest<PublicCohorts>(cohortPaths.current, { signal: controller.signal })
      .then((answer) => setText(answer.notice))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return (
    <Text data-cohort-notice="" ref={own} fontWeight="semibold" aria-live="polite" minH="6">
      {text}
    </Text>
  );
}
