/**
 * /admin/dashboard: stat cards, search with the All / Active / Inactive filter, and three tabs.
 * The lists come from useDashboardLists; each row action is its own dialog (actions/); the
 * Assignments tab adds the bulk toolbar and a selection the checkboxes read from context.
 */
import { Button, Group, HStack, Stack, Tabs, VisuallyHidden } from '@chakra-ui/react';
import { csvOf, type CsvColumn } from '@mentorship/domain';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { RouterButton } from '../../../components/ui/router-button';
import { paths } from '../../../config/paths';
import { ADMIN_LISTS, type AdminList } from '../api/first-page';
import { RowActionDialog } from './actions/row-actions';
import { useRowAction } from './actions/use-row-action';
import { ActivityTab } from './activity-tab';
import { PairsToolbar } from './pairs-toolbar';
import {
  pairColumns,
  mentorColumns,
  SelectionContext,
  studentColumns,
  type Selection,
} from './columns';
import { PAIR_CSV, downloadCsv, MENTOR_CSV, STUDENT_CSV } from './export-csv';
import { ListTab } from './list-tab';
import { LoadError, SearchBox } from './list-parts';
import { NominationFilterSelect, useNominationFilter } from '../person/nomination-filter';
import type { StatusFilter } from './search-index';
import { StatCards } from './stat-cards';
import { useDashboardLists } from './use-dashboard-lists';
import { UndeliveredMailCount } from '../mail/undelivered-count';
import { UpcomingInterviews } from '../interviews/upcoming-interviews';
import { AdminPage } from '../../../components/layout/admin-page';
import { CohortScope } from '../components/cohort-scope';

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'awaiting', label: 'Awaiting review' },
];

/** Exports exactly the rows the tab shows (search and filter applied) to a CSV file. */
function ExportButton<T>({
  name,
  rows,
  columns,
}: {
  name: string;
  rows: readonly T[];
  columns: CsvColumn<T>[];
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={rows.length === 0}
      aria-label={`Export CSV of the ${rows.length} ${name} shown`}
      onClick={() => downloadCsv(name, csvOf(rows, columns))}
    >
      Export CSV
    </Button>
  );
}

const LIST_TITLES: Record<AdminList, string> = {
  students: 'Students',
  mentors: 'Mentors',
  pairs: 'Assignments',
};

/** A tab's panel, with a heading screen-reader users can jump to (H key). */
function TabPanel({ value, children }: { value: AdminList | 'activity'; children: ReactNode }) {
  return (
    <Tabs.Content value={value}>
      <VisuallyHidden as="h2">
        {value === 'activity' ? 'Activity' : LIST_TITLES[value]}
      </VisuallyHidden>
      {children}
    </Tabs.Content>
  );
}

function PeopleToolbar({
  add,
  addLabel,
  children,
}: {
  add: string;
  addLabel: string;
  children: ReactNode;
}) {
  return (
    <HStack justify="flex-end" gap="2">
      {children}
      <RouterButton colorPalette="blue" size="sm" to={add}>
        {addLabel}
      </RouterButton>
    </HStack>
  );
}

/**
 * The dashboard of the cohort chosen in the picker (default: the current one); the body is
 * mounted again for another cohort, so its listeners, search and selection start afresh.
 */
export default function DashboardPage() {
  return (
    <AdminPage title="Dashboard" heading="Admin Dashboard">
      <UndeliveredMailCount />
      <UpcomingInterviews />
      <CohortScope>{(cohortId) => <DashboardBody cohortId={cohortId} />}</CohortScope>
    </AdminPage>
  );
}

function DashboardBody({ cohortId }: { cohortId: string }) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [tab, setTab] = useState<AdminList | 'activity'>('students');
  const nomination = useNominationFilter();
  const { stats, lists, visible, label, progress, complete } = useDashboardLists(
    search,
    filter,
    cohortId,
  );

  // The confirmed action a row asked for; kept while its dialog closes.
  const { action, open: dialogOpen, opener, ask, close } = useRowAction();
  const searchRef = useRef<HTMLInputElement>(null);
  // Back to the button that opened the dialog, or to the search box when its row is gone.
  const finalFocus = () => (opener?.isConnected ? opener : (searchRef.current ?? null));

  const [bulkMode, setBulkMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const selection = useMemo<Selection>(() => ({ selected, toggle }), [selected, toggle]);
  const endBulk = () => {
    setSelected(new Set());
    setBulkMode(false);
  };

  const columns = useMemo(
    () => ({
      students: studentColumns(ask),
      mentors: mentorColumns(ask),
      pairs: pairColumns(ask, bulkMode),
    }),
    [ask, bulkMode],
  );
  /** What a list's tab shows of it: its rows (search and filter applied), columns and progress. */
  const listTabOf = <L extends AdminList>(list: L) => ({
    what: list,
    label: LIST_TITLES[list],
    list: lists[list],
    rows: visible[list],
    columns: columns[list],
    progress: progress(list),
  });
  const selectedPairs = visible.pairs.filter((a) => selected.has(a.id));

  return (
    <Stack gap="6" data-cohort={cohortId}>
      {/* A heading per section, so screen-reader users can jump between them (H key). */}
      <VisuallyHidden as="h2">Overview</VisuallyHidden>
      {stats.isError ? (
        <LoadError what="statistics" onRetry={() => void stats.refetch()} />
      ) : (
        <StatCards stats={stats.data} />
      )}

      <VisuallyHidden as="h2">Search and filter</VisuallyHidden>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
        <SearchBox inputRef={searchRef} onSearch={setSearch} />
        <Group attached role="group" aria-label="Show">
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              variant={filter === f.value ? 'solid' : 'outline'}
              colorPalette="blue"
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
            >
              {f.label}
            </Button>
          ))}
        </Group>
      </Stack>
      <VisuallyHidden aria-live="polite">
        {`${visible.students.length} students, ${visible.mentors.length} mentors and ${visible.pairs.length} pairs shown.`}
      </VisuallyHidden>

      <Tabs.Root
        // The three whole lists are in (browser tests and bench:admin wait for it).
        data-lists-complete={complete ? 'true' : 'false'}
        value={tab}
        onValueChange={(e) => setTab(e.value as AdminList | 'activity')}
        lazyMount
        unmountOnExit
        variant="line"
      >
        <Tabs.List>
          {ADMIN_LISTS.map((list) => (
            <Tabs.Trigger key={list} value={list}>
              {label(list, LIST_TITLES[list])}
            </Tabs.Trigger>
          ))}
          {/* At the list's far end: the lists' tabs widen as their counts come in, and the
              history, a different kind of view, stays where the pointer is aimed meanwhile. */}
          <Tabs.Trigger value="activity" ms="auto">
            Activity
          </Tabs.Trigger>
        </Tabs.List>

        <TabPanel value="students">
          <ListTab
            {...listTabOf('students')}
            rows={nomination.apply(visible.students)}
            toolbar={
              <PeopleToolbar add={paths.admin.createStudent} addLabel="Add Student">
                <NominationFilterSelect {...nomination} />
                <ExportButton name="students" rows={visible.students} columns={STUDENT_CSV} />
              </PeopleToolbar>
            }
          />
        </TabPanel>
        <TabPanel value="mentors">
          <ListTab
            {...listTabOf('mentors')}
            toolbar={
              <PeopleToolbar add={paths.admin.createMentor} addLabel="Add Mentor">
                <ExportButton name="mentors" rows={visible.mentors} columns={MENTOR_CSV} />
              </PeopleToolbar>
            }
          />
        </TabPanel>
        <TabPanel value="pairs">
          <SelectionContext.Provider value={selection}>
            <ListTab
              {...listTabOf('pairs')}
              toolbar={
                <PairsToolbar
                  exportButton={
                    <ExportButton name="pairs" rows={visible.pairs} columns={PAIR_CSV} />
                  }
                  bulkMode={bulkMode}
                  onToggleBulk={() => {
                    setBulkMode((on) => !on);
                    setSelected(new Set());
                  }}
                  visible={visible.pairs}
                  selected={selectedPairs}
                  onSelect={setSelected}
                  ask={ask}
                />
              }
            />
          </SelectionContext.Provider>
        </TabPanel>
        <TabPanel value="activity">
          <ActivityTab />
        </TabPanel>
      </Tabs.Root>

      <RowActionDialog
        action={action}
        open={dialogOpen}
        onClose={close}
        finalFocus={finalFocus}
        onBulkDeleted={endBulk}
      />
    </Stack>
  );
}
