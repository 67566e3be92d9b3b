/**
 * Cohorts (`/admin/cohorts`): every cohort with its phase today in words and its dates, newest
 * first; a form to create one, and Edit to change one in the same form. Dates that contradict
 * each other are refused field by field (the domain's cohortSchema, here and on the server).
 */
import { Badge, Button, HStack, SimpleGrid, Table, Text } from '@chakra-ui/react';
import {
  COHORT_DATE_LABELS,
  COHORT_PHASE_LABELS,
  COHORT_TERM_LABELS,
  COHORT_TERMS,
  cohortSchema,
  formatDay,
  programEndFor,
  PUBLIC_COHORTS_CACHE_MINUTES,
  type CohortPhase,
  type CohortView,
} from '@mentorship/domain';
import { Form, Formik, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { RouterButton } from '../../../components/ui/router-button';
import { paths } from '../../../config/paths';
import { SelectField, TextField, labelledOptions } from '../../../components/form';
import { showToast } from '../../../components/ui/toaster';
import { ApiRequestError } from '../../../lib/api-client';
import { showFailure } from '../api/error-toast';
import { useCohorts, useSaveCohort } from '../../../lib/cohorts-api';
import { AdminPage, AdminSection } from '../../../components/layout/admin-page';
import { RegionTable } from '../components/region-table';
import { QueryResult } from '../components/query-result';
import { countOf } from '../../../lib/count-of';

const PHASE_PALETTE: Record<CohortPhase, string> = {
  upcoming: 'purple',
  'applications-open': 'green',
  matching: 'orange',
  running: 'blue',
  completed: 'gray',
};

interface CohortFormValues {
  name: string;
  term: string;
  year: number | string;
  applicationsOpen: string;
  applicationsClose: string;
  matchingDoneBy: string;
  programStart: string;
  programEnd: string;
}

const EMPTY: CohortFormValues = {
  name: '',
  term: '',
  year: new Date().getUTCFullYear(),
  applicationsOpen: '',
  applicationsClose: '',
  matchingDoneBy: '',
  programStart: '',
  programEnd: '',
};

const toForm = (c: CohortView): CohortFormValues => ({
  name: c.name,
  term: c.term,
  year: c.year,
  applicationsOpen: c.applicationsOpen,
  applicationsClose: c.applicationsClose,
  matchingDoneBy: c.matchingDoneBy,
  programStart: c.programStart,
  programEnd: c.programEnd,
});

const DATE_FIELDS = [
  'applicationsOpen',
  'applicationsClose',
  'matchingDoneBy',
  'programStart',
  'programEnd',
] as const;

/** The end's helper says what an empty end means, from the start chosen. */
function EndHint() {
  const { values } = useFormikContext<CohortFormValues>();
  return values.programStart && /^\d{4}-\d{2}-\d{2}$/.test(values.programStart) ? (
    <>Empty: 4 months, until {formatDay(programEndFor(values.programStart))}.</>
  ) : (
    <>Empty: 4 months from the start.</>
  );
}

function CohortForm({ editing, onDone }: { editing: CohortView | null; onDone: () => void }) {
  const save = useSaveCohort();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editing) heading.current?.focus();
  }, [editing]);
  return (
    <AdminSection
      headingId="cohort-form-heading"
      heading={editing ? `Edit ${editing.name}` : 'Create a cohort'}
      headingRef={heading}
      focusTarget
    >
      <Formik<CohortFormValues>
        key={editing?.id ?? 'new'}
        initialValues={editing ? toForm(editing) : EMPTY}
        validationSchema={cohortSchema}
        onSubmit={async (values, helpers) => {
          try {
            const input = cohortSchema.cast(values, { stripUnknown: true });
            const { message } = await save.mutateAsync({ id: editing?.id ?? null, input });
            showToast(
              { title: editing ? 'Cohort Saved' : 'Cohort Created', description: message },
              'success',
            );
            helpers.resetForm();
            onDone();
          } catch (error) {
            if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
              helpers.setErrors(error.fields);
              return;
            }
            showFailure({ title: 'Cohort Not Saved' }, error);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-labelledby="cohort-form-heading">
            <SimpleGrid columns={{ base: 1, md: 3 }} gapX="4">
              <TextField name="name" label="Name" helperText='For example "Fall 2027".' required />
              <SelectField
                name="term"
                label="Term"
                placeholder="Choose a term"
                options={labelledOptions(COHORT_TERMS, COHORT_TERM_LABELS)}
                required
              />
              <TextField name="year" label="Year" type="number" required />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 3 }} gapX="4">
              {DATE_FIELDS.map((field) => (
                <TextField
                  key={field}
                  name={field}
                  label={COHORT_DATE_LABELS[field]}
                  type="date"
                  required={field !== 'programEnd'}
                  helperText={field === 'programEnd' ? <EndHint /> : undefined}
                />
              ))}
            </SimpleGrid>
            <HStack gap="3">
              <Button type="submit" colorPalette="blue" loading={isSubmitting}>
                {editing ? 'Save cohort' : 'Create cohort'}
              </Button>
              {editing && (
                <Button variant="outline" onClick={onDone}>
                  Cancel
                </Button>
              )}
            </HStack>
          </Form>
        )}
      </Formik>
    </AdminSection>
  );
}

function CohortsTable({
  cohorts,
  onEdit,
}: {
  cohorts: CohortView[];
  onEdit: (cohort: CohortView) => void;
}) {
  return (
    <RegionTable
      label="Cohorts"
      caption={`${countOf(cohorts.length, 'cohort')}, newest first`}
      headers={['Cohort', 'Phase today', 'Applications', 'Matching done by', 'Program']}
    >
      {cohorts.map((c) => (
        <Table.Row key={c.id} data-testid="cohort-row">
          <Table.Cell fontWeight="semibold">{c.name}</Table.Cell>
          <Table.Cell>
            <Badge colorPalette={PHASE_PALETTE[c.phase]} variant="subtle">
              {COHORT_PHASE_LABELS[c.phase]}
            </Badge>
          </Table.Cell>
          <Table.Cell>
            {formatDay(c.applicationsOpen)} to {formatDay(c.applicationsClose)}
          </Table.Cell>
          <Table.Cell>{formatDay(c.matchingDoneBy)}</Table.Cell>
          <Table.Cell>
            {formatDay(c.programStart)} to {formatDay(c.programEnd)}
          </Table.Cell>
          <Table.Cell>
            <HStack gap="2">
              <Button
                size="xs"
                variant="outline"
                aria-label={`Edit ${c.name}`}
                onClick={() => onEdit(c)}
              >
                Edit
              </Button>
              <RouterButton
                size="xs"
                variant="outline"
                to={paths.admin.cohortEvents(c.id)}
                aria-label={`Events of ${c.name}`}
              >
                Events
              </RouterButton>
            </HStack>
          </Table.Cell>
        </Table.Row>
      ))}
    </RegionTable>
  );
}

export default function CohortsPage() {
  const cohorts = useCohorts();
  const [editing, setEditing] = useState<CohortView | null>(null);
  return (
    <AdminPage
      title="Cohorts"
      heading="Cohorts"
      gap="8"
      intro={
        <Text color="fg.muted">
          Each cohort takes applications in its window; its phase follows from today&apos;s date.
          Applications go to the cohort whose window is open. The dates on the public pages (the
          home page, For Students and the application forms) follow a change within{' '}
          {PUBLIC_COHORTS_CACHE_MINUTES} minutes, with no rebuild.
        </Text>
      }
    >
      <AdminSection headingId="cohorts-heading" heading="All cohorts">
        <QueryResult query={cohorts} what="cohorts">
          {(data) =>
            data.cohorts.length === 0 ? (
              <Text role="status">No cohorts yet.</Text>
            ) : (
              <CohortsTable cohorts={data.cohorts} onEdit={setEditing} />
            )
          }
        </QueryResult>
      </AdminSection>
      <CohortForm editing={editing} onDone={() => setEditing(null)} />
    </AdminPage>
  );
}
