/**
 * /admin/matching: the whole-cohort proposal. "Suggest matches" computes the best set of new
 * pairs from current data; the coordinator drops any row, then applies the rest. Each pair is
 * created through the same checks as one-by-one creation and reported as created or refused.
 */
import { Box, Button, Heading, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  ALL_COHORTS,
  COHORT_PARAM,
  TIME_ZONE_RULE_TEXT,
  type ApplyMatchesResponse,
  type ProposalPairView,
} from '@mentorship/domain';
import {
  CohortPicker,
  useChosenCohort,
  type ChosenCohort,
} from '../../components/cohorts/cohort-picker';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { RouterButton } from '../../components/ui/router-button';
import { showToast } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { ApiRequestError } from '../../lib/api-client';
import { newProgressId } from '../../lib/work-progress';
import { WorkProgress } from '../../components/ui/work-progress';
import { useApplyPairs, useProposal } from './api/matching-api';
import { ApplyResults } from './components/apply-results';
import { pairKeyOf } from './components/pair-key';
import { ProposalTable } from './components/proposal-table';
import { UnmatchedSummary } from './components/unmatched-summary';
import { AdminPage } from '../../components/layout/admin-page';
import { AdminPageMeta } from '../../components/layout/page-meta';
import { countOf } from '../../lib/count-of';

const reasonOf = (error: unknown) =>
  error instanceof ApiRequestError ? error.serverMessage : 'Please try again.';

interface Applied {
  result: ApplyMatchesResponse;
  pairs: ReadonlyMap<string, ProposalPairView>;
}

/** The proposal for the cohort chosen in the picker (the dashboard's; default: the current one). */
export default function MatchingPage() {
  const chosen = useChosenCohort();
  return chosen.cohortId === undefined ? (
    <AdminPage title="Suggest matches" heading="Suggest matches">
      <CohortPicker chosen={chosen} />
    </AdminPage>
  ) : (
    <MatchingBody key={chosen.cohortId} chosen={chosen} cohortId={chosen.cohortId} />
  );
}

function MatchingBody({ chosen, cohortId }: { chosen: ChosenCohort; cohortId: string }) {
  const proposal = useProposal();
  const apply = useApplyPairs();
  /** The apply under way: the id the server counts it under, and how many pairs it sends. */
  const [applying, setApplying] = useState<{ id: string; total: number } | null>(null);
  const [dropped, setDropped] = useState<ReadonlySet<string>>(new Set());
  const [applied, setApplied] = useState<Applied | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const proposalHeading = useRef<HTMLHeadingElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const data = proposal.data;
  const kept = useMemo(
    () => (data ? data.pairs.filter((p) => !dropped.has(pairKeyOf(p))) : []),
    [data, dropped],
  );

  // Move focus to what just appeared, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (data) proposalHeading.current?.focus();
  }, [data]);
  useEffect(() => {
    if (applied) resultsHeading.current?.focus();
  }, [applied]);

  const suggest = () => {
    setApplied(null);
    setDropped(new Set());
    proposal.mutate(cohortId === ALL_COHORTS ? null : cohortId, {
      onSuccess: (p) =>
        setAnnouncement(
          `${countOf(p.pairs.length, 'match', 'matches')} proposed; ${countOf(p.unmatched.length, 'student')} would remain unmatched.`,
        ),
      onError: (error) =>
        showToast({ title: 'Could not suggest matches', description: reasonOf(error) }, 'error'),
    });
  };

  const toggle = (key: string, keep: boolean) =>
    setDropped((current) => {
      const next = new Set(current);
      if (keep) next.delete(key);
      else next.add(key);
      return next;
    });

  const applyKept = () => {
    const views = new Map(kept.map((p) => [pairKeyOf(p), p]));
    const progressId = newProgressId();
    setApplying({ id: progressId, total: kept.length });
    apply.mutate(
      { pairs: kept.map(({ mentorId, studentId }) => ({ mentorId, studentId })), progressId },
      {
        onSuccess: (result) => {
          setApplied({ result, pairs: views });
          proposal.reset();
          setDropped(new Set());
          setAnnouncement(result.message);
          showToast(
            { title: 'Matches applied', description: result.message },
            result.refused > 0 ? 'warning' : 'success',
          );
        },
        onError: (error) =>
          showToast({ title: 'Could not apply matches', description: reasonOf(error) }, 'error'),
      },
    );
  };

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <AdminPageMeta title={'Suggest matches'} />
        <Heading as="h1" size="2xl">
          Suggest matches
        </Heading>
        <RouterButton
          variant="outline"
          to={`${paths.admin.dashboard}?${COHORT_PARAM}=${encodeURIComponent(cohortId)}`}
        >
          Back to Dashboard
        </RouterButton>
      </HStack>
      <CohortPicker chosen={chosen} />

      <Text maxW="3xl">
        Proposes new pairs for every active student of the chosen cohort without a mentor, using the
        cohort&rsquo;s active mentors with free places. The proposal gives the highest total match
        score (shared disciplines and mentoring topics) without exceeding any mentor&rsquo;s
        capacity, keeps existing pairs as they are and never pairs people with nothing in common.
        Then two stated rules may change a pair, each shown as its own reason beside the score
        (which they never change): a student whose nominator confirmed the nomination takes a place
        with the same mentor from a student without one who scores no better. {TIME_ZONE_RULE_TEXT}{' '}
        Nothing changes until you apply it.
      </Text>

      <Box>
        <Button
          colorPalette="blue"
          onClick={suggest}
          loading={proposal.isPending}
          loadingText="Computing..."
          disabled={apply.isPending}
        >
          Suggest matches
        </Button>
      </Box>

      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>

      {applied && (
        <Stack gap="3">
          <Heading as="h2" size="lg" ref={resultsHeading} tabIndex={-1}>
            Applied: {applied.result.message}
          </Heading>
          <ApplyResults result={applied.result} pairs={applied.pairs} />
          <Text>
            The new pairs are on the{' '}
            <Link to={paths.admin.dashboard} style={{ textDecoration: 'underline' }}>
              dashboard
            </Link>
            . Suggest matches again to propose pairs for the students still waiting.
          </Text>
        </Stack>
      )}

      {data && (
        <Stack gap="4">
          <Heading as="h2" size="lg" ref={proposalHeading} tabIndex={-1}>
            Proposal: {countOf(data.pairs.length, 'match', 'matches')}, total score{' '}
            {data.summary.totalScore}
          </Heading>
          <Text>
            {countOf(data.summary.studentCount, 'student')} waiting for a mentor;{' '}
            {data.summary.mentorCount} mentors with {data.summary.freePlaces} free places (
            {data.summary.freePlacesLeft} left after this proposal).
          </Text>
          <UnmatchedSummary proposal={data} />

          {data.pairs.length > 0 ? (
            <>
              <ProposalTable
                pairs={data.pairs}
                dropped={dropped}
                onToggle={toggle}
                disabled={apply.isPending}
              />
              <HStack gap="3" wrap="wrap">
                <Button
                  colorPalette="blue"
                  onClick={applyKept}
                  disabled={kept.length === 0 || apply.isPending}
                  loading={apply.isPending}
                  loadingText="Applying..."
                >
                  Apply {countOf(kept.length, 'match', 'matches')}
                </Button>
                {dropped.size > 0 && <Text color="fg.muted">{dropped.size} dropped</Text>}
              </HStack>
              {apply.isPending && applying ? (
                <WorkProgress id={applying.id} kind="pairs.create" total={applying.total} />
              ) : null}
            </>
          ) : (
            <Text>No new pairs to propose right now.</Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
