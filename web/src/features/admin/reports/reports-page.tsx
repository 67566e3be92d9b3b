/**
 * The cohort report for coordinators and sponsors: a chosen cohort's pairs made,
 * sessions held, completion rate, re-matches and their reasons and satisfaction, beside earlier
 * cohorts; each chart (recharts, drawn for sighted readers) comes with its data as a table and a
 * sentence that says what it shows; the same figures as CSV. The figures are computed by the
 * domain's cohortReport on the server (GET /api/admin/reports?cohort=).
 */
import {
  Box,
  Button,
  chakra,
  Heading,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import {
  PAIR_END_REASONS,
  PAIR_END_REASON_LABELS,
  type CohortFigures,
  type CohortReport,
} from '@mentorship/domain';
import { showFailure } from '../api/error-toast';
import { downloadReportCsv, getReport } from '../api/reports';
import { LoadError, Loading } from '../dashboard/list-parts';
import { AdminPage } from '../../../components/layout/admin-page';
import { countOf } from '../../../lib/count-of';

const percent = (rate: number | null) =>
  rate === null ? 'none yet' : `${Math.round(rate * 100)}%`;
const outOfFive = (value: number | null) => (value === null ? 'none yet' : `${value} of 5`);

// The drawings' code (recharts, most of this page's weight) is asked for as soon as this page's
// own code runs, beside the report's request, and is not waited for: the figures, summaries and
// tables are on screen first, each drawing fills its reserved box when it arrives.
const loadBars = () => import('./report-bars');
const LazyBars = lazy(loadBars);
void loadBars().catch(() => undefined);

function Bars(props: ComponentProps<typeof LazyBars>) {
  return (
    <Suspense fallback={null}>
      <LazyBars {...props} />
    </Suspense>
  );
}

function useReport(cohort: string | null) {
  return useQuery({
    queryKey: ['admin', 'reports', cohort ?? 'newest'],
    queryFn: () => getReport(cohort),
  });
}

/** A chart for the eye, its table for everyone, and a sentence saying what it shows. */
function ChartFigure({
  id,
  title,
  summary,
  chart,
  columns,
  rows,
}: {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  columns: string[];
  rows: (string | number)[][];
}) {
  return (
    <Box as="figure" aria-labelledby={`${id}-title`} borderWidth="1px" rounded="lg" p="4" bg="bg">
      <Box as="figcaption" mb="3">
        <Heading as="h2" id={`${id}-title`} fontSize="lg" mb="1">
          {title}
        </Heading>
        <Text color="gray.800" data-testid={`${id}-summary`}>
          {summary}
        </Text>
      </Box>
      {/* The same data is in the table below: the drawing is hidden from assistive technology. */}
      <Box aria-hidden="true" h="56" mb="3">
        {chart}
      </Box>
      <Box overflowX="auto">
        <Table.Root size="sm" data-testid={`${id}-table`}>
          <Table.Caption captionSide="top" textAlign="start" color="gray.800">
            {title}: the data
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              {columns.map((c, index) => (
                <Table.ColumnHeader key={c} scope="col" textAlign={index === 0 ? 'start' : 'end'}>
                  {c}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={String(row[0])}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <Table.Cell key={index} as="th" scope="row" fontWeight="medium">
                      {cell}
                    </Table.Cell>
                  ) : (
                    <Table.Cell key={index} textAlign="end">
                      {cell}
                    </Table.Cell>
                  ),
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}

function Figures({ f }: { f: CohortFigures }) {
  const items: [string, string][] = [
    ['Pairs made', String(f.pairsMade)],
    ['Sessions held', String(f.sessionsHeld)],
    ['Pairs completed', String(f.pairsCompleted)],
    ['Completion rate', percent(f.completionRate)],
    ['Re-matches', String(f.rematches)],
    ['Mean check-in rating', outOfFive(f.averageCheckInRating)],
    ['Mean final survey rating', outOfFive(f.averageSurveyRating)],
    ['Would recommend', percent(f.wouldRecommendRate)],
  ];
  return (
    <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3" data-testid="report-figures">
      {items.map(([label, value]) => (
        <Box key={label} borderWidth="1px" rounded="md" p="3" bg="bg">
          <Text as="dt" fontSize="sm" color="gray.800">
            {label}
          </Text>
          <Text as="dd" fontSize="2xl" fontWeight="bold" color="gray.900">
            {value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function Report({ report }: { report: CohortReport }) {
  const f = report.cohort;
  const all = [...report.earlier, f];
  const reasons = PAIR_END_REASONS.filter((r) => r !== 'goals-met');
  const summary = `${f.cohortName}: ${countOf(f.pairsMade, 'pair')} made, ${countOf(f.sessionsHeld, 'session')} held, ${countOf(f.pairsCompleted, 'pair')} completed (${percent(f.completionRate)}), ${countOf(f.rematches, 're-match', 're-matches')}. Mean check-in rating ${outOfFive(f.averageCheckInRating)}; final survey ${outOfFive(f.averageSurveyRating)} from ${countOf(f.surveyAnswers, 'answer')}, ${percent(f.wouldRecommendRate)} would recommend the program.`;
  const compared =
    report.earlier.length === 0
      ? 'There is no earlier cohort to compare with.'
      : `Compared with ${countOf(report.earlier.length, 'earlier cohort')}.`;
  return (
    <Stack gap="6">
      <Text color="gray.900" data-testid="report-summary">
        {summary} {compared}
      </Text>
      <Figures f={f} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ChartFigure
          id="chart-completion"
          title="Completion rate by cohort"
          summary={all.map((c) => `${c.cohortName} ${percent(c.completionRate)}`).join('; ') + '.'}
          chart={
            <Bars
              data={all.map((c) => ({
                name: c.cohortName,
                rate: Math.round((c.completionRate ?? 0) * 100),
              }))}
              series={[{ key: 'rate', name: 'Completion rate (%)' }]}
              max={100}
            />
          }
          columns={['Cohort', 'Pairs made', 'Pairs completed', 'Completion rate']}
          rows={all.map((c) => [
            c.cohortName,
            c.pairsMade,
            c.pairsCompleted,
            percent(c.completionRate),
          ])}
        />
        <ChartFigure
          id="chart-sessions"
          title="Pairs made and sessions held by cohort"
          summary={
            all
              .map((c) => `${c.cohortName} ${c.pairsMade} pairs, ${c.sessionsHeld} sessions`)
              .join('; ') + '.'
          }
          chart={
            <Bars
              data={all.map((c) => ({
                name: c.cohortName,
                pairs: c.pairsMade,
                sessions: c.sessionsHeld,
              }))}
              series={[
                { key: 'pairs', name: 'Pairs made' },
                { key: 'sessions', name: 'Sessions held' },
              ]}
              counts
            />
          }
          columns={['Cohort', 'Pairs made', 'Sessions held']}
          rows={all.map((c) => [c.cohortName, c.pairsMade, c.sessionsHeld])}
        />
        <ChartFigure
          id="chart-rematches"
          title={`Re-matches by reason, ${f.cohortName}`}
          summary={
            f.rematches === 0
              ? 'No pair of this cohort was ended for a re-match.'
              : reasons
                  .filter((r) => f.rematchReasons[r] > 0)
                  .map((r) => `${PAIR_END_REASON_LABELS[r]}: ${f.rematchReasons[r]}`)
                  .join('; ') + '.'
          }
          chart={
            <Bars
              data={reasons.map((r) => ({
                name: PAIR_END_REASON_LABELS[r],
                pairs: f.rematchReasons[r],
              }))}
              series={[{ key: 'pairs', name: 'Pairs ended' }]}
              counts
            />
          }
          columns={['Reason', 'Pairs ended']}
          rows={reasons.map((r) => [PAIR_END_REASON_LABELS[r], f.rematchReasons[r]])}
        />
        <ChartFigure
          id="chart-satisfaction"
          title="Satisfaction by cohort (1 to 5)"
          summary={
            all
              .map(
                (c) =>
                  `${c.cohortName}: check-ins ${outOfFive(c.averageCheckInRating)}, final survey ${outOfFive(c.averageSurveyRating)}`,
              )
              .join('; ') + '.'
          }
          chart={
            <Bars
              data={all.map((c) => ({
                name: c.cohortName,
                checkIns: c.averageCheckInRating ?? 0,
                survey: c.averageSurveyRating ?? 0,
              }))}
              series={[
                { key: 'checkIns', name: 'Mean check-in rating' },
                { key: 'survey', name: 'Mean final survey rating' },
              ]}
              max={5}
            />
          }
          columns={[
            'Cohort',
            'Mean check-in rating',
            'Mean final survey rating',
            'Would recommend',
          ]}
          rows={all.map((c) => [
            c.cohortName,
            outOfFive(c.averageCheckInRating),
            outOfFive(c.averageSurveyRating),
            percent(c.wouldRecommendRate),
          ])}
        />
      </SimpleGrid>
      <Text color="gray.800" fontSize="sm">
        Pairs made: every pair of the cohort, ended ones included. Completed: at least 3 of the 4
        monthly sessions held by the program&apos;s end. Re-matches: pairs ended for any reason but
        &ldquo;goals met&rdquo;. Ratings are means of the answers given.
      </Text>
    </Stack>
  );
}

export default function ReportsPage() {
  const [cohort, setCohort] = useState<string | null>(null);
  const query = useReport(cohort);
  const chosen = cohort ?? query.data?.report.cohort.cohortId ?? '';
  return (
    <AdminPage title="Cohort report" heading="Cohort report">
      {query.data ? (
        <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'flex-end' }}>
          <Box maxW="sm" w="full">
            <chakra.label
              htmlFor="report-cohort"
              fontWeight="medium"
              fontSize="sm"
              display="block"
              mb="1"
            >
              Cohort
            </chakra.label>
            <NativeSelect.Root>
              <NativeSelect.Field
                id="report-cohort"
                value={chosen}
                onChange={(event) => setCohort(event.currentTarget.value)}
              >
                {query.data.cohorts.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator aria-hidden="true" />
            </NativeSelect.Root>
          </Box>
          <Button
            variant="outline"
            onClick={() =>
              downloadReportCsv(chosen).catch((error: unknown) =>
                showFailure({ title: 'CSV Not Downloaded' }, error),
              )
            }
          >
            Download CSV
          </Button>
        </Stack>
      ) : null}
      {query.isPending ? <Loading what="the report" /> : null}
      {query.isError ? (
        <LoadError
          what="report"
          detail={query.error instanceof Error ? query.error.message : undefined}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.data ? <Report report={query.data.report} /> : null}
    </AdminPage>
  );
}
