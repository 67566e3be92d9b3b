/**
 * Pairs (`/admin/pairs`): the months after matching for coordinators. A count card per health
 * state, a filter by state, and per pair the sessions held of 4, the last session, the latest
 * ratings, the state with its reasons (domain `pairHealth`, the one rule) and the participants'
 * words for the coordinators; "End pair" with a reason. Below, what the daily job will send in
 * the next 14 days (the same plan as the job, computed without sending).
 */
import {
  Badge,
  Box,
  Button,
  Dialog,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Table,
  Text,
  chakra,
} from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useRef, useState } from 'react';
import {
  formatDayShort,
  ALL_COHORTS,
  PAIR_END_REASONS,
  PAIR_END_REASON_LABELS,
  PAIR_HEALTH_LABELS,
  PAIR_HEALTH_STATES,
  PAIR_LIST_PAGE,
  SESSIONS_PER_PAIR,
  endPairSchema,
  type PairEndReason,
  type PairHealthRow,
  type PairHealthState,
  type PairListFilter,
} from '@mentorship/domain';
import { labelledOptions, SelectField, TextareaField } from '../../../components/form';
import { showToast } from '../../../components/ui/toaster';
import { ApiRequestError } from '../../../lib/api-client';
import { showFailure } from '../api/error-toast';
import { PersonLink } from '../components/person-link';
import { LoadError, Loading } from '../dashboard/list-parts';
import { useEndPair, usePairs, usePreview } from './pairs-api';
import { RegionTable } from '../components/region-table';
import { StatCardList } from '../components/stat-card-list';
import { AdminDialog } from '../components/admin-dialog';
import { CohortScope } from '../components/cohort-scope';
import { AdminPage } from '../../../components/layout/admin-page';
import { countOf } from '../../../lib/count-of';

const STATE_COLORS: Record<PairHealthState, string> = {
  'on-track': 'green',
  'needs-check-in': 'orange',
  'at-risk': 'red',
};

const day = (iso: string | null) => (iso ? formatDayShort(iso) : '—');

function CountCards({ counts, ended }: { counts: Record<PairHealthState, number>; ended: number }) {
  const cards = [
    ...PAIR_HEALTH_STATES.map((s) => ({ key: s, label: PAIR_HEALTH_LABELS[s], value: counts[s] })),
    { key: 'ended', label: 'Ended', value: ended },
  ];
  return <StatCardList cards={cards} columns={{ base: 2, md: 4 }} testIdPrefix="pairs-count-" />;
}

function EndPairDialog({ pair, onClose }: { pair: PairHealthRow | null; onClose: () => void }) {
  const end = useEndPair();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AdminDialog
      open={pair !== null}
      busy={end.isPending}
      onClose={onClose}
      initialFocus={() => cancelRef.current}
    >
      {pair ? (
        <Formik
          initialValues={{ reason: '', note: '' }}
          validationSchema={endPairSchema}
          onSubmit={async (values, helpers) => {
            try {
              const { message } = await end.mutateAsync({
                id: pair.id,
                input: {
                  reason: values.reason as PairEndReason,
                  note: values.note.trim() || null,
                },
              });
              showToast({ title: 'Pair Ended', description: message }, 'success');
              onClose();
            } catch (error) {
              if (error instanceof ApiRequestError && Object.keys(error.fields).length) {
                helpers.setErrors(error.fields);
                return;
              }
              showFailure({ title: 'Pair Not Ended' }, error);
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Dialog.Header>
                <Dialog.Title>End the pair</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>
                    {pair.studentName} with {pair.mentorName}: the pair stays in history,{' '}
                    {pair.studentName} goes back to matching first, {pair.mentorName}&apos;s place
                    is freed, and both are told by e-mail.
                  </Dialog.Description>
                  <SelectField
                    name="reason"
                    label="Reason"
                    required
                    placeholder="Choose a reason"
                    options={labelledOptions(PAIR_END_REASONS, PAIR_END_REASON_LABELS)}
                  />
                  <TextareaField
                    name="note"
                    label="Note (optional)"
                    helperText="For the coordinators' history; not sent to the participants."
                  />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button ref={cancelRef} variant="outline" onClick={onClose} disabled={isSubmitting}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="red" loading={isSubmitting}>
                  End pair
                </Button>
              </Dialog.Footer>
            </Form>
          )}
        </Formik>
      ) : null}
    </AdminDialog>
  );
}

/**
 * The rows of the filter, a page (PAIR_LIST_PAGE) at a time from the server, in its order:
 * a cohort of a thousand pairs opens as fast as one of fifty.
 */
function PairsTable({
  pages,
  onEnd,
}: {
  pages: ReturnType<typeof usePairs>;
  onEnd: (row: PairHealthRow) => void;
}) {
  const rows = pages.data?.pages.flatMap((p) => p.pairs) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const more = total - rows.length;
  return (
    <Stack gap="3">
      <PairRows rows={rows} total={total} onEnd={onEnd} />
      {pages.hasNextPage && more > 0 ? (
        <Button
          alignSelf="start"
          variant="outline"
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          Show {Math.min(more, PAIR_LIST_PAGE)} more of {more}
        </Button>
      ) : null}
      {pages.isFetchNextPageError ? (
        <LoadError what="more pairs" onRetry={() => void pages.fetchNextPage()} />
      ) : null}
    </Stack>
  );
}

function PairRows({
  rows,
  total,
  onEnd,
}: {
  rows: PairHealthRow[];
  total: number;
  onEnd: (row: PairHealthRow) => void;
}) {
  return (
    <RegionTable
      label="Pairs"
      caption={
        rows.length < total ? (
          <>
            The first {rows.length} of {total} pairs
          </>
        ) : (
          countOf(total, 'pair')
        )
      }
      headers={[
        'Pair',
        'Sessions',
        'Last session',
        'Latest ratings',
        'State and reasons',
        'For the coordinators',
      ]}
    >
      {rows.map((row) => (
        <Table.Row key={row.id} data-testid="pair-row">
          <Table.Cell>
            <PersonLink kind="student" id={row.studentId} name={row.studentName} /> with{' '}
            <PersonLink kind="mentor" id={row.mentorId} name={row.mentorName} />
          </Table.Cell>
          <Table.Cell>
            {row.sessionsHeld} of {SESSIONS_PER_PAIR}
          </Table.Cell>
          <Table.Cell>{day(row.lastSessionOn)}</Table.Cell>
          <Table.Cell>
            Student {row.ratings.student ?? '—'}, mentor {row.ratings.mentor ?? '—'}
          </Table.Cell>
          <Table.Cell>
            {row.active ? (
              <Stack gap="1">
                <Badge
                  colorPalette={STATE_COLORS[row.state]}
                  alignSelf="start"
                  data-testid="pair-state"
                >
                  {PAIR_HEALTH_LABELS[row.state]}
                </Badge>
                {row.reasons.length > 0 ? (
                  <Box as="ul" ps="4" fontSize="sm" data-testid="pair-reasons">
                    {row.reasons.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </Box>
                ) : null}
              </Stack>
            ) : (
              <Stack gap="1">
                <Badge colorPalette="gray" alignSelf="start" data-testid="pair-state">
                  Ended
                </Badge>
                <Text fontSize="sm">
                  {day(row.endedAt)}
                  {row.endReason ? `: ${PAIR_END_REASON_LABELS[row.endReason]}` : ''}
                </Text>
              </Stack>
            )}
          </Table.Cell>
          <Table.Cell fontSize="sm">
            {row.problems.map((p, i) => (
              <Text key={`problem-${i}`}>
                Problem ({p.by}, {day(p.on)}): {p.text}
              </Text>
            ))}
            {row.notes.map((n) => (
              <Text key={n.role}>
                {n.role === 'student' ? 'Student' : 'Mentor'} ({day(n.on)}): {n.text}
              </Text>
            ))}
          </Table.Cell>
          <Table.Cell>
            {row.active ? (
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => onEnd(row)}>
                End pair
                <Text as="span" srOnly>
                  : {row.studentName} with {row.mentorName}
                </Text>
              </Button>
            ) : null}
          </Table.Cell>
        </Table.Row>
      ))}
    </RegionTable>
  );
}

/**
 * What the daily job will send in the next 14 days: worked out from every running pair of the
 * cohort, so it is read when a coordinator asks for it, not with every opening of the page.
 */
function Preview({ cohortId }: { cohortId?: string | null }) {
  const [open, setOpen] = useState(false);
  const preview = usePreview(cohortId, open);
  const days = preview.data?.days.filter((d) => d.items.length > 0) ?? [];
  return (
    <Stack as="section" aria-labelledby="preview-heading" gap="3">
      <Heading as="h2" id="preview-heading" fontSize="xl">
        What goes out in the next 14 days
      </Heading>
      <Text color="fg.muted">
        Check-ins, nudges and the weekly digest the daily job will send if nobody answers or logs a
        session meanwhile.
      </Text>
      {/* A toggle that stays where it is, so the keyboard's place stays on it. */}
      <Button
        alignSelf="start"
        variant="outline"
        aria-expanded={open}
        aria-controls={open ? 'preview-days' : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide what goes out' : 'Show what goes out'}
      </Button>
      {open ? <PreviewDays preview={preview} days={days} /> : null}
    </Stack>
  );
}

function PreviewDays({
  preview,
  days,
}: {
  preview: ReturnType<typeof usePreview>;
  days: NonNullable<ReturnType<typeof usePreview>['data']>['days'];
}) {
  return (
    <Stack gap="3" id="preview-days">
      {preview.isPending ? <Loading what="the next 14 days" /> : null}
      {preview.isError ? (
        <LoadError what="the next 14 days" onRetry={() => void preview.refetch()} />
      ) : null}
      {preview.isSuccess && days.length === 0 ? (
        <Text>Nothing is due in the next 14 days.</Text>
      ) : null}
      <Stack as="ol" gap="3" listStyleType="none" p="0" data-testid="preview">
        {days.map((d) => (
          <Box as="li" key={d.day} borderWidth="1px" borderRadius="md" p="3" bg="bg">
            <Heading as="h3" fontSize="md">
              {day(d.day)}
            </Heading>
            <Box as="ul" ps="4" fontSize="sm">
              {d.items.map((item, i) => (
                <li key={`${item.kind}-${item.pairId ?? ''}-${i}`}>
                  {item.to}: {item.detail}
                  {item.pair ? ` (${item.pair})` : ''}
                </li>
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/** The pairs of the cohort chosen in the admin area's picker (default: the current one). */
export default function PairsPage() {
  return (
    <AdminPage title="Pairs" heading="Pairs">
      <CohortScope>
        {(cohortId) => <PairsOfCohort cohortId={cohortId === ALL_COHORTS ? null : cohortId} />}
      </CohortScope>
    </AdminPage>
  );
}

function PairsOfCohort({ cohortId }: { cohortId: string | null }) {
  const [filter, setFilter] = useState<PairListFilter>('all');
  const pairs = usePairs(cohortId, filter);
  const [ending, setEnding] = useState<PairHealthRow | null>(null);
  const first = pairs.data?.pages[0];
  return (
    <Stack gap="6">
      {pairs.isPending ? <Loading what="pairs" /> : null}
      {pairs.isError && !first ? (
        <LoadError what="pairs" onRetry={() => void pairs.refetch()} />
      ) : null}
      {first ? (
        <>
          <CountCards counts={first.counts} ended={first.ended} />
          <HStack gap="3" wrap="wrap" align="end">
            <Box>
              <chakra.label htmlFor="pairs-filter" fontWeight="medium" display="block" mb="1">
                Show
              </chakra.label>
              <NativeSelect.Root size="sm" width="64">
                <NativeSelect.Field
                  id="pairs-filter"
                  value={filter}
                  onChange={(e) => setFilter(e.currentTarget.value as PairListFilter)}
                >
                  <option value="all">All running pairs</option>
                  {PAIR_HEALTH_STATES.map((s) => (
                    <option key={s} value={s}>
                      {PAIR_HEALTH_LABELS[s]}
                    </option>
                  ))}
                  <option value="ended">Ended</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator aria-hidden="true" />
              </NativeSelect.Root>
            </Box>
          </HStack>
          <PairsTable pages={pairs} onEnd={setEnding} />
        </>
      ) : null}
      <EndPairDialog pair={ending} onClose={() => setEnding(null)} />
      <Preview cohortId={cohortId} />
    </Stack>
  );
}
