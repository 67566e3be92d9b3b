import { Fragment, type ReactNode } from 'react';
import { CohortPicker, useChosenCohort } from '../../../components/cohorts/cohort-picker';
import { Loading } from '../dashboard/list-parts';

/**
 * The cohort picker and, under it, what `children` shows of the chosen cohort ("Loading
 * cohorts..." until the default one is known). It is mounted again for another cohort, so its
 * listeners, search and selection start afresh.
 */
export function CohortScope({ children }: { children: (cohortId: string) => ReactNode }) {
  const chosen = useChosenCohort();
  return (
    <>
      <CohortPicker chosen={chosen} />
      {chosen.cohortId === undefined ? (
        <Loading what="cohorts" />
      ) : (
        <Fragment key={chosen.cohortId}>{children(chosen.cohortId)}</Fragment>
      )}
    </>
  );
}
