/**
 * The admin area's cohort scope: which cohort the dashboard (stat cards, lists, search, export)
 * and the matching proposal show. Kept in the address (`?cohort=<id>` or `?cohort=all`), so a
 * reload, a link or Back keeps it; without one, the current cohort (`currentCohort` in the
 * domain: the most recent cohort taking applications, matching or running; else the next
 * upcoming; else the last completed). "All cohorts" stays available.
 */
import { NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ALL_COHORTS, COHORT_PARAM, COHORT_PHASE_LABELS, isCohortId } from '@mentorship/domain';
import { useSearchParams } from 'react-router-dom';
import { useCohorts } from '../../lib/cohorts-api';
import { SelectField } from '../form';

export interface ChosenCohort {
  /** A cohort id, ALL_COHORTS, or undefined while the cohorts load. */
  cohortId: string | undefined;
  choose: (id: string) => void;
}

export function useChosenCohort(): ChosenCohort {
  const [params, setParams] = useSearchParams();
  const cohorts = useCohorts();
  const fromUrl = params.get(COHORT_PARAM);
  // A cohort the address names is taken while the list loads, so the page's own reads start at
  // once (a link, a reload, Back); once the list is in, one it does not hold gives way to the
  // current cohort.
  const listed = cohorts.data ? cohorts.data.cohorts.some((c) => c.id === fromUrl) : true;
  const known = fromUrl === ALL_COHORTS || (isCohortId(fromUrl) && listed);
  let cohortId: string | undefined;
  if (known && fromUrl) cohortId = fromUrl;
  else if (cohorts.isError) cohortId = ALL_COHORTS;
  else if (cohorts.data) cohortId = cohorts.data.currentId ?? ALL_COHORTS;
  const choose = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(COHORT_PARAM, id);
        return next;
      },
      { replace: true },
    );
  return { cohortId, choose };
}

/** A labelled native select: every cohort (phase in words), newest first, and All cohorts. */
export function CohortPicker({ chosen }: { chosen: ChosenCohort }) {
  const cohorts = useCohorts();
  const options = cohorts.data?.cohorts ?? [];
  const current = cohorts.data?.currentId;
  // The cohort chosen before the list is in (or when it could not be read) still shows.
  const unlisted =
    chosen.cohortId !== ALL_COHORTS && !options.some((c) => c.id === chosen.cohortId);
  return (
    <Stack gap="1" maxW={{ md: 'sm' }}>
      <Text asChild fontWeight="medium" fontSize="sm">
        <label htmlFor="cohort-picker">Cohort</label>
      </Text>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          // While the cohorts load, its one option says so (choosing it changes nothing).
          aria-busy={cohorts.isPending}
          id="cohort-picker"
          data-testid="cohort-picker"
          value={chosen.cohortId ?? ''}
          onChange={(event) => chosen.choose(event.currentTarget.value)}
        >
          {unlisted && (
            <option value={chosen.cohortId ?? ''}>
              {cohorts.isError ? 'The cohorts could not be loaded' : 'Loading cohorts…'}
            </option>
          )}
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {`${c.name} (${COHORT_PHASE_LABELS[c.phase]}${c.id === current ? ', current' : ''})`}
            </option>
          ))}
          <option value={ALL_COHORTS}>All cohorts</option>
        </NativeSelect.Field>
        {/* The chevron is decoration: the select is already a combobox. */}
        <NativeSelect.Indicator aria-hidden="true" />
      </NativeSelect.Root>
    </Stack>
  );
}

/**
 * The cohort of a person a coordinator adds or edits (any cohort, any phase). Empty: the current
 * cohort for a new person, their own cohort on an edit.
 */
export function CohortField({ editing }: { editing: boolean }) {
  const cohorts = useCohorts();
  return (
    <SelectField
      name="cohortId"
      label="Cohort"
      placeholder={editing ? 'Keep their cohort' : 'The current cohort'}
      options={(cohorts.data?.cohorts ?? []).map((c) => ({
        value: c.id,
        label: `${c.name} (${COHORT_PHASE_LABELS[c.phase]})`,
      }))}
    />
  );
}
