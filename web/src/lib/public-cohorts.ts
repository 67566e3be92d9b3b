/**
 * GET /api/cohorts/current for a line the page already shows (the wizards' cohort notice, the
 * public pages' dates): the prerendered HTML holds the build's sentence and the static page's
 * script (app/enhance.ts) replaces it on load; once the app has mounted, the line is the app's.
 */
import { cohortPaths, type PublicCohorts } from '@mentorship/domain';
import { useEffect, useState, type RefObject } from 'react';
import { apiRequest } from './api-client';

/**
 * Marks `own` as the app's (`data-live`: after mount, since the prerendered HTML has no mark), so
 * the static page's fetch, if it answers late, leaves it alone; then reads the answer again.
 * Undefined until it is in (or if it fails: the line keeps what it shows).
 */
export function usePublicCohorts(own: RefObject<HTMLElement | null>): PublicCohorts | undefined {
  const [answer, setAnswer] = useState<PublicCohorts>();
  useEffect(() => {
    own.current?.setAttribute('data-live', '');
    const controller = new AbortController();
    apiRequest<PublicCohorts>(cohortPaths.current, { signal: controller.signal })
      .then(setAnswer)
      .catch(() => undefined);
    return () => controller.abort();
  }, [own]);
  return answer;
}
