import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Group,
  Heading,
  HStack,
  Input,
  List,
  Stack,
  Tabs,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import {
  confirmDelete,
  confirmStatusChange,
  TOASTS,
  type AssignmentRecord,
  type MentorListItem,
  type StudentListItem,
} from '@mentorship/domain';
import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { showToast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { useBulkDeleteAssignments } from '../api/bulk-delete-assignments';
import { useBulkStatusAssignments } from '../api/bulk-status-assignments';
import { useDeleteAssignment } from '../api/delete-assignment';
import { useDeletePerson } from '../api/delete-person';
import { showFailure } from '../api/error-toast';
import type { AdminList } from '../api/first-page';
import { useStats } from '../api/get-stats';
import { hasSettled, listQueries, useProgressiveList } from '../api/progressive-list';
import { useSetPersonStatus, type PersonKind } from '../api/set-person-status';
import { ConfirmDialog } from '../components/confirm-dialog';
import { VirtualTable, type Column } from '../components/virtual-table';
import { buildIndex, filterIndex, type StatusFilter } from './search-index';
import { partialListMessage, tabCount, tabLabel } from './list-progress';
import { StatCards } from './stat-cards';

type TabValue = AdminList;

type Pending =
  | { type: 'status'; kind: PersonKind; id: string; name: string; activate: boolean }
  | { type: 'delete-person'; kind: PersonKind; id: string; name: string }
  | { type: 'delete-assignment'; assignment: AssignmentRecord }
  | { type: 'bulk-delete'; assignments: AssignmentRecord[] };

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
};

function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

function TwoLines({ first, second }: { first: ReactNode; second?: ReactNode }) {
  return (
    <Box minW="0">
      <Text truncate fontWeight="medium">
        {first}
      </Text>
      {second ? (
        <Text truncate fontSize="sm" color="fg.muted">
          {second}
        </Text>
      ) : null}
    </Box>
  );
}

function LoadError({
  what,
  detail,
  onRetry,
}: {
  what: string;
  detail?: string;
  onRetry: () => void;
}) {
  return (
    <Alert.Root status="error" my="4">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Could not load the {what}.</Alert.Title>
        {detail ? <Alert.Description>{detail}</Alert.Description> : null}
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <Text py="8" textAlign="center" role="status">
      Loading {what}...
    </Text>
  );
}

/**
 * While a list shows only its newest rows: a polite status line that says so (and that search
 * and filter results come from those rows only). The live region stays mounted so the change is
 * announced; the line itself goes once the whole list is in.
 */
function ListProgress({ text }: { text: string | null }) {
  return (
    <Box role="status" aria-live="polite">
      {text ? (
        <Text fontSize="sm" color="fg.muted" data-testid="list-progress">
          {text}
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * The search box keeps what is typed in its own state, so a keystroke re-renders only the box;
 * the lists follow in a transition that the next keystroke can interrupt.
 */
const SearchBox = memo(function SearchBox({
  inputRef,
  onSearch,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onSearch: (value: string) => void;
}) {
  const [typed, setTyped] = useState('');
  return (
    <Field.Root flex="1">
      <Field.Label>Search</Field.Label>
      <Input
        ref={inputRef}
        type="search"
        bg="bg"
        placeholder="Name, email, university or company"
        value={typed}
        onChange={(e) => {
          const value = e.target.value;
          setTyped(value);
          startTransition(() => onSearch(value));
        }}
      />
    </Field.Root>
  );
});

export default function DashboardPage() {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [tab, setTab] = useState<TabValue>('students');

  // The visible tab's list loads first: its newest rows, then the whole list. The other tabs'
  // first pages wait for the visible one's first page, their whole lists for its whole list.
  const stats = useStats();
  const client = useQueryClient();
  const lead = listQueries(tab);
  const leadPageIn =
    hasSettled(client, lead.firstPage.queryKey) ||
    client.getQueryData(lead.full.queryKey) !== undefined;
  const leadFullIn = hasSettled(client, lead.full.queryKey);
  const gates = (list: AdminList) =>
    list === tab
      ? { startPage: true, startFull: true }
      : { startPage: leadPageIn, startFull: leadFullIn };
  const students = useProgressiveList('students', gates('students'));
  const mentors = useProgressiveList('mentors', gates('mentors'));
  const assignments = useProgressiveList('assignments', gates('assignments'));
  const [bulkMode, setBulkMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const deferredSearch = useDeferredValue(search);
  const deferredFilter = useDeferredValue(filter);

  const studentIndex = useMemo(
    () => buildIndex(students.rows ?? [], (s) => [s.fullName, s.emailAddress, s.universityName]),
    [students.rows],
  );
  const mentorIndex = useMemo(
    () => buildIndex(mentors.rows ?? [], (m) => [m.fullName, m.email, m.company]),
    [mentors.rows],
  );
  const assignmentIndex = useMemo(
    () => buildIndex(assignments.rows ?? [], (a) => [a.mentorName, a.studentName]),
    [assignments.rows],
  );
  const visibleStudents = useMemo(
    () => filterIndex(studentIndex, deferredSearch, deferredFilter),
    [studentIndex, deferredSearch, deferredFilter],
  );
  const visibleMentors = useMemo(
    () => filterIndex(mentorIndex, deferredSearch, deferredFilter),
    [mentorIndex, deferredSearch, deferredFilter],
  );
  const visibleAssignments = useMemo(
    () => filterIndex(assignmentIndex, deferredSearch, deferredFilter),
    [assignmentIndex, deferredSearch, deferredFilter],
  );

  const setStatus = useSetPersonStatus();
  const deletePerson = useDeletePerson();
  const deleteAssignment = useDeleteAssignment();
  const bulkDelete = useBulkDeleteAssignments();
  const bulkStatus = useBulkStatusAssignments();
  const busy =
    setStatus.isPending ||
    deletePerson.isPending ||
    deleteAssignment.isPending ||
    bulkDelete.isPending;

  const ask = useCallback((next: Pending) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPending(next);
  }, []);
  const close = () => setPending(null);
  // Back to the button that opened the dialog, or to the search box when its row is gone.
  const finalFocus = () =>
    opener.current?.isConnected ? opener.current : (searchRef.current ?? null);

  const toggleBulk = () => {
    setBulkMode((on) => !on);
    setSelected(new Set());
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      switch (pending.type) {
        case 'status':
          await setStatus.mutateAsync({
            kind: pending.kind,
            id: pending.id,
            isActive: pending.activate,
          });
          showToast(
            {
              title: TOASTS.statusUpdated.title,
              description: `${pending.name} is now ${pending.activate ? 'active' : 'inactive'}.`,
            },
            'success',
          );
          break;
        case 'delete-person': {
          const result = await deletePerson.mutateAsync({ kind: pending.kind, id: pending.id });
          showToast(
            { title: TOASTS.deletedSuccessfully.title, description: result.message },
            'success',
          );
          break;
        }
        case 'delete-assignment':
          await deleteAssignment.mutateAsync(pending.assignment.id);
          showToast(TOASTS.assignmentDeleted, 'success');
          break;
        case 'bulk-delete': {
          const result = await bulkDelete.mutateAsync(pending.assignments.map((a) => a.id));
          showToast(
            { title: TOASTS.deletedSuccessfully.title, description: result.message },
            'success',
          );
          setSelected(new Set());
          setBulkMode(false);
          break;
        }
      }
    } catch (error) {
      switch (pending.type) {
        case 'status':
          showFailure(TOASTS.updateStatusFailed, error);
          break;
        case 'delete-person':
          showFailure(TOASTS.deleteFailed, error);
          break;
        case 'delete-assignment':
          showFailure(TOASTS.assignmentDeleteFailed, error);
          break;
        case 'bulk-delete':
          showFailure(TOASTS.bulkDeleteFailed, error);
          break;
      }
    }
    setPending(null);
  };

  const changeSelectedStatus = async (isActive: boolean) => {
    const ids = [...selected];
    try {
      const result = await bulkStatus.mutateAsync({ assignmentIds: ids, isActive });
      const failed = result.failed.length;
      showToast(
        {
          title: TOASTS.statusUpdated.title,
          description:
            failed > 0
              ? // Each reason once: a large selection can fail many times for one reason.
                `${result.message} ${[...new Set(result.failed.map((f) => f.message))].join(' ')}`
              : result.message,
        },
        failed > 0 ? 'warning' : 'success',
      );
    } catch (error) {
      showFailure(TOASTS.updateStatusFailed, error);
    }
  };

  // Columns keep their identity between renders, so rows that stay in view are not re-rendered
  // when the search changes (see VirtualTable's memoised rows).
  const { studentColumns, mentorColumns } = useMemo(() => {
    const personActions = (kind: PersonKind, id: string, name: string, active: boolean) => (
      <HStack gap="1" wrap="nowrap">
        <Button
          size="xs"
          variant="outline"
          aria-label={`${active ? 'Deactivate' : 'Activate'} ${name}`}
          onClick={() => ask({ type: 'status', kind, id, name, activate: !active })}
        >
          {active ? 'Deactivate' : 'Activate'}
        </Button>
        <Button size="xs" variant="outline" asChild>
          <Link
            to={kind === 'student' ? paths.admin.editStudent(id) : paths.admin.editMentor(id)}
            aria-label={`Edit ${name}`}
          >
            Edit
          </Link>
        </Button>
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={`Delete ${name}`}
          onClick={() => ask({ type: 'delete-person', kind, id, name })}
        >
          Delete
        </Button>
      </HStack>
    );

    const studentColumns: Column<StudentListItem>[] = [
      {
        header: 'Student',
        width: '28%',
        cell: (s) => <TwoLines first={s.fullName} second={s.emailAddress} />,
      },
      {
        header: 'University and program',
        width: '27%',
        cell: (s) => <TwoLines first={s.universityName ?? '—'} second={s.academicProgram} />,
      },
      { header: 'Year', width: '15%', cell: (s) => <Text truncate>{s.yearOfStudy ?? '—'}</Text> },
      { header: 'Status', width: '10%', cell: (s) => <StatusBadge active={s.isActive} /> },
      {
        header: 'Actions',
        width: '20%',
        cell: (s) => personActions('student', s.id, s.fullName, s.isActive),
      },
    ];

    const mentorColumns: Column<MentorListItem>[] = [
      {
        header: 'Mentor',
        width: '28%',
        cell: (m) => <TwoLines first={m.fullName} second={m.email} />,
      },
      {
        header: 'Position',
        width: '27%',
        cell: (m) => <TwoLines first={m.currentJobTitle ?? '—'} second={m.company} />,
      },
      {
        header: 'Students',
        width: '15%',
        cell: (m) => (
          <Text aria-label={`${m.activeStudentCount} of ${m.capacity} places used`}>
            {m.activeStudentCount}/{m.capacity}
          </Text>
        ),
      },
      { header: 'Status', width: '10%', cell: (m) => <StatusBadge active={m.isActive} /> },
      {
        header: 'Actions',
        width: '20%',
        cell: (m) => personActions('mentor', m.id, m.fullName, m.isActive),
      },
    ];
    return { studentColumns, mentorColumns };
  }, [ask]);

  const toggleOne = useCallback(
    (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  const assignmentColumns = useMemo(
    (): Column<AssignmentRecord>[] => [
      ...(bulkMode
        ? [
            {
              header: <VisuallyHidden>Select</VisuallyHidden>,
              width: '6%',
              cell: (a: AssignmentRecord) => (
                <Checkbox.Root
                  checked={selected.has(a.id)}
                  onCheckedChange={(e) => toggleOne(a.id, e.checked === true)}
                >
                  <Checkbox.HiddenInput
                    aria-label={`Select the assignment of ${a.studentName} to ${a.mentorName}`}
                  />
                  <Checkbox.Control />
                </Checkbox.Root>
              ),
            },
          ]
        : []),
      { header: 'Mentor', width: '27%', cell: (a) => <Text truncate>{a.mentorName}</Text> },
      { header: 'Student', width: '27%', cell: (a) => <Text truncate>{a.studentName}</Text> },
      { header: 'Assigned', width: '16%', cell: (a) => formatDate(a.assignedAt) },
      { header: 'Status', width: '12%', cell: (a) => <StatusBadge active={a.isActive} /> },
      ...(bulkMode
        ? []
        : [
            {
              header: 'Actions',
              width: '18%',
              cell: (a: AssignmentRecord) => (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Delete the assignment of ${a.studentName} to ${a.mentorName}`}
                  onClick={() => ask({ type: 'delete-assignment', assignment: a })}
                >
                  Delete
                </Button>
              ),
            },
          ]),
    ],
    [bulkMode, selected, ask, toggleOne],
  );

  const selectedAssignments = visibleAssignments.filter((a) => selected.has(a.id));
  const allSelected =
    visibleAssignments.length > 0 && selectedAssignments.length === visibleAssignments.length;
  const someSelected = selectedAssignments.length > 0 && !allSelected;

  const dialog = (() => {
    if (!pending) return null;
    switch (pending.type) {
      case 'status':
        return {
          title: `${pending.activate ? 'Activate' : 'Deactivate'} ${pending.kind}`,
          description: confirmStatusChange(pending.activate, pending.kind),
          extra: <Text mt="2">{pending.name}</Text>,
          confirmLabel: pending.activate ? 'Activate' : 'Deactivate',
          destructive: !pending.activate,
        };
      case 'delete-person':
        return {
          title: `Delete ${pending.kind}`,
          description: confirmDelete(pending.name),
          extra: (
            <Text mt="2">
              Their assignments will be deleted too, and{' '}
              {pending.kind === 'mentor' ? 'their students' : 'their mentor'} will no longer be
              matched with them.
            </Text>
          ),
          confirmLabel: 'Delete',
          destructive: true,
        };
      case 'delete-assignment':
        return {
          title: 'Delete assignment',
          description: confirmDelete(
            `the assignment of ${pending.assignment.studentName} to ${pending.assignment.mentorName}`,
          ),
          extra: null,
          confirmLabel: 'Delete',
          destructive: true,
        };
      case 'bulk-delete':
        return {
          title: 'Delete selected assignments',
          description: `Are you sure you want to delete these ${pending.assignments.length} assignments? This action cannot be undone.`,
          extra: (
            <List.Root
              mt="3"
              maxH="48"
              overflowY="auto"
              ps="5"
              tabIndex={0}
              aria-label="Assignments to delete"
            >
              {pending.assignments.map((a) => (
                <List.Item key={a.id}>
                  Mentor {a.mentorName}, student {a.studentName}
                </List.Item>
              ))}
            </List.Root>
          ),
          confirmLabel: 'Delete',
          destructive: true,
        };
    }
  })();

  const counts = {
    students: visibleStudents.length,
    mentors: visibleMentors.length,
    assignments: visibleAssignments.length,
  };
  // Partial lists: tab counts and the status line never pass the newest rows off as the total.
  const narrowed = deferredSearch.trim() !== '' || deferredFilter !== 'all';
  const totals = {
    students: stats.data?.totalStudents,
    mentors: stats.data?.totalMentors,
    assignments: stats.data?.totalAssignments,
  };
  const lists = { students, mentors, assignments };
  const label = (list: AdminList, title: string) =>
    tabLabel(
      title,
      tabCount({
        shown: lists[list].rows === undefined ? undefined : counts[list],
        complete: lists[list].complete,
        total: totals[list],
        narrowed,
      }),
    );
  const progress = (list: AdminList) => {
    const { rows, complete, isError } = lists[list];
    return rows === undefined || complete || isError
      ? null
      : partialListMessage(list, rows.length, totals[list], narrowed);
  };
  /** The failure of a whole list, saying so when its newest rows are still shown. */
  const loadError = (list: AdminList) => {
    const { rows, complete, retry } = lists[list];
    return (
      <LoadError
        what={list}
        detail={
          rows && !complete
            ? `Only the newest ${rows.length.toLocaleString('en-US')} are shown.`
            : undefined
        }
        onRetry={retry}
      />
    );
  };

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Admin Dashboard
        </Heading>
      </HStack>

      {stats.isError ? (
        <LoadError what="statistics" onRetry={() => void stats.refetch()} />
      ) : (
        <StatCards stats={stats.data} />
      )}

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
        {`${counts.students} students, ${counts.mentors} mentors and ${counts.assignments} assignments shown.`}
      </VisuallyHidden>

      <Tabs.Root
        value={tab}
        onValueChange={(e) => setTab(e.value as TabValue)}
        lazyMount
        unmountOnExit
        variant="line"
      >
        <Tabs.List>
          <Tabs.Trigger value="students">{label('students', 'Students')}</Tabs.Trigger>
          <Tabs.Trigger value="mentors">{label('mentors', 'Mentors')}</Tabs.Trigger>
          <Tabs.Trigger value="assignments">{label('assignments', 'Assignments')}</Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="students">
          <Stack gap="3">
            <HStack justify="flex-end">
              <Button asChild colorPalette="blue" size="sm">
                <Link to={paths.admin.createStudent}>Add Student</Link>
              </Button>
            </HStack>
            {students.isError && loadError('students')}
            <ListProgress text={progress('students')} />
            {students.rows === undefined ? (
              students.isError ? null : (
                <Loading what="students" />
              )
            ) : (
              <VirtualTable
                label="Students"
                rows={visibleStudents}
                columns={studentColumns}
                rowKey={(s) => s.id}
                emptyText="No students match."
              />
            )}
          </Stack>
        </Tabs.Content>

        <Tabs.Content value="mentors">
          <Stack gap="3">
            <HStack justify="flex-end">
              <Button asChild colorPalette="blue" size="sm">
                <Link to={paths.admin.createMentor}>Add Mentor</Link>
              </Button>
            </HStack>
            {mentors.isError && loadError('mentors')}
            <ListProgress text={progress('mentors')} />
            {mentors.rows === undefined ? (
              mentors.isError ? null : (
                <Loading what="mentors" />
              )
            ) : (
              <VirtualTable
                label="Mentors"
                rows={visibleMentors}
                columns={mentorColumns}
                rowKey={(m) => m.id}
                emptyText="No mentors match."
              />
            )}
          </Stack>
        </Tabs.Content>

        <Tabs.Content value="assignments">
          <Stack gap="3">
            <HStack justify="space-between" wrap="wrap" gap="2">
              <HStack gap="2" wrap="wrap">
                <Button
                  size="sm"
                  variant={bulkMode ? 'solid' : 'outline'}
                  colorPalette="blue"
                  aria-pressed={bulkMode}
                  onClick={toggleBulk}
                >
                  Bulk Actions
                </Button>
                {bulkMode && (
                  <>
                    <Checkbox.Root
                      checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                      onCheckedChange={(e) =>
                        setSelected(
                          e.checked === true
                            ? new Set(visibleAssignments.map((a) => a.id))
                            : new Set(),
                        )
                      }
                      disabled={visibleAssignments.length === 0}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>Select all ({visibleAssignments.length})</Checkbox.Label>
                    </Checkbox.Root>
                    <Text fontSize="sm" color="fg.muted" aria-live="polite">
                      {selectedAssignments.length} selected
                    </Text>
                    <Button
                      size="sm"
                      colorPalette="red"
                      disabled={selectedAssignments.length === 0}
                      onClick={() => ask({ type: 'bulk-delete', assignments: selectedAssignments })}
                    >
                      Delete Selected
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={selectedAssignments.length === 0}
                      loading={bulkStatus.isPending && bulkStatus.variables?.isActive === true}
                      onClick={() => void changeSelectedStatus(true)}
                    >
                      Activate
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={selectedAssignments.length === 0}
                      loading={bulkStatus.isPending && bulkStatus.variables?.isActive === false}
                      onClick={() => void changeSelectedStatus(false)}
                    >
                      Deactivate
                    </Button>
                  </>
                )}
              </HStack>
              <HStack gap="2">
                <Button asChild size="sm" variant="outline">
                  <Link to={paths.admin.matching}>Suggest matches</Link>
                </Button>
                <Button asChild size="sm" colorPalette="blue">
                  <Link to={paths.admin.createAssignment}>Create Assignment</Link>
                </Button>
              </HStack>
            </HStack>
            {assignments.isError && loadError('assignments')}
            <ListProgress text={progress('assignments')} />
            {assignments.rows === undefined ? (
              assignments.isError ? null : (
                <Loading what="assignments" />
              )
            ) : (
              <VirtualTable
                label="Assignments"
                rows={visibleAssignments}
                columns={assignmentColumns}
                rowKey={(a) => a.id}
                emptyText="No assignments match."
              />
            )}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>

      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        description={dialog?.description ?? ''}
        confirmLabel={dialog?.confirmLabel ?? 'Confirm'}
        destructive={dialog?.destructive}
        pending={busy}
        onConfirm={() => void confirm()}
        onCancel={close}
        finalFocus={finalFocus}
      >
        {dialog?.extra}
      </ConfirmDialog>
    </Stack>
  );
}
