/**
 * The three tables' columns. They keep their identity between renders (built once per `ask`,
 * and for assignments once per bulk mode), so rows that stay in view are not re-rendered when the
 * search changes or a box is ticked (see VirtualTable's memoised rows): a checkbox reads the
 * selection from context instead of the columns.
 */
import { Button, Checkbox, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { AssignmentRecord, MentorListItem, StudentListItem } from '@mentorship/domain';
import { createContext, useContext } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { PersonKind } from '../api/set-person-status';
import type { Column } from '../components/virtual-table';
import type { RowAction } from './actions/row-actions';
import { formatDate, StatusBadge, TwoLines } from './list-parts';

export type Ask = (action: RowAction) => void;

function PersonActions({
  kind,
  id,
  name,
  active,
  ask,
}: {
  kind: PersonKind;
  id: string;
  name: string;
  active: boolean;
  ask: Ask;
}) {
  return (
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
}

export const studentColumns = (ask: Ask): Column<StudentListItem>[] => [
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
    cell: (s) => (
      <PersonActions kind="student" id={s.id} name={s.fullName} active={s.isActive} ask={ask} />
    ),
  },
];

export const mentorColumns = (ask: Ask): Column<MentorListItem>[] => [
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
    cell: (m) => (
      <PersonActions kind="mentor" id={m.id} name={m.fullName} active={m.isActive} ask={ask} />
    ),
  },
];

export interface Selection {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
}
export const SelectionContext = createContext<Selection>({
  selected: new Set(),
  toggle: () => {},
});

function SelectCell({ assignment: a }: { assignment: AssignmentRecord }) {
  const { selected, toggle } = useContext(SelectionContext);
  return (
    <Checkbox.Root
      checked={selected.has(a.id)}
      onCheckedChange={(e) => toggle(a.id, e.checked === true)}
    >
      <Checkbox.HiddenInput
        aria-label={`Select the assignment of ${a.studentName} to ${a.mentorName}`}
      />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

export const assignmentColumns = (ask: Ask, bulkMode: boolean): Column<AssignmentRecord>[] => [
  ...(bulkMode
    ? [
        {
          header: <VisuallyHidden>Select</VisuallyHidden>,
          width: '6%',
          cell: (a: AssignmentRecord) => <SelectCell assignment={a} />,
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
];
