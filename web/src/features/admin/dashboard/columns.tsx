/**
 * The three tables' columns. They keep their identity between renders (built once per `ask`,
 * and for pairs once per bulk mode), so rows that stay in view are not re-rendered when the
 * search changes or a box is ticked (see VirtualTable's memoised rows): a checkbox reads the
 * selection from context instead of the columns.
 */
import { Badge, Button, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  CARRY_MESSAGES,
  personState,
  type PairRecord,
  type MentorListItem,
  type StudentListItem,
} from '@mentorship/domain';
import { createContext, useContext } from 'react';
import { RowCheckbox } from '../../../components/ui/row-checkbox';
import { PersonLink } from '../components/person-link';
import type { Column } from '../components/virtual-table';
import { PersonActions, type Ask } from './actions/person-actions';
import { formatDate, PersonBadge, StatusBadge, TwoLines } from './list-parts';

/** The status badge, and "Carried forward" for a person carried forward from a past cohort. */
function StatusWithMark({ person }: { person: StudentListItem | MentorListItem }) {
  return (
    <Stack gap="1" align="flex-start">
      <PersonBadge person={person} />
      {person.carriedForwardFrom && (
        <Badge colorPalette="purple" variant="subtle" data-testid="carried-forward">
          {CARRY_MESSAGES.badge}
        </Badge>
      )}
    </Stack>
  );
}

export const studentColumns = (ask: Ask): Column<StudentListItem>[] => [
  {
    header: 'Student',
    width: '26%',
    cell: (s) => (
      <TwoLines
        first={<PersonLink kind="student" id={s.id} name={s.fullName} />}
        second={s.emailAddress}
      />
    ),
  },
  {
    header: 'University and program',
    width: '25%',
    cell: (s) => <TwoLines first={s.universityName ?? '—'} second={s.academicProgram} />,
  },
  { header: 'Year', width: '13%', cell: (s) => <Text truncate>{s.yearOfStudy ?? '—'}</Text> },
  { header: 'Status', width: '12%', cell: (s) => <StatusWithMark person={s} /> },
  {
    header: 'Actions',
    width: '24%',
    cell: (s) => (
      <PersonActions kind="student" id={s.id} name={s.fullName} state={personState(s)} ask={ask} />
    ),
  },
];

export const mentorColumns = (ask: Ask): Column<MentorListItem>[] => [
  {
    header: 'Mentor',
    width: '26%',
    cell: (m) => (
      <TwoLines first={<PersonLink kind="mentor" id={m.id} name={m.fullName} />} second={m.email} />
    ),
  },
  {
    header: 'Position',
    width: '25%',
    cell: (m) => <TwoLines first={m.currentJobTitle ?? '—'} second={m.company} />,
  },
  {
    header: 'Students',
    width: '13%',
    cell: (m) => (
      <Text aria-label={`${m.activeStudentCount} of ${m.capacity} places used`}>
        {m.activeStudentCount}/{m.capacity}
      </Text>
    ),
  },
  { header: 'Status', width: '12%', cell: (m) => <StatusWithMark person={m} /> },
  {
    header: 'Actions',
    width: '24%',
    cell: (m) => (
      <PersonActions kind="mentor" id={m.id} name={m.fullName} state={personState(m)} ask={ask} />
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

/** A pair's mentor or student as a link, cut short with an ellipsis in a narrow column. */
function PairSideLink(props: Parameters<typeof PersonLink>[0]) {
  return (
    <Text truncate>
      <PersonLink {...props} />
    </Text>
  );
}

function SelectCell({ pair: a }: { pair: PairRecord }) {
  const { selected, toggle } = useContext(SelectionContext);
  return (
    <RowCheckbox
      label={`Select the pair of ${a.studentName} and ${a.mentorName}`}
      checked={selected.has(a.id)}
      onChange={(on) => toggle(a.id, on)}
    />
  );
}

export const pairColumns = (ask: Ask, bulkMode: boolean): Column<PairRecord>[] => [
  ...(bulkMode
    ? [
        {
          header: <VisuallyHidden>Select</VisuallyHidden>,
          width: '6%',
          cell: (a: PairRecord) => <SelectCell pair={a} />,
        },
      ]
    : []),
  {
    header: 'Mentor',
    width: '27%',
    cell: (a) => <PairSideLink kind="mentor" id={a.mentorId} name={a.mentorName} />,
  },
  {
    header: 'Student',
    width: '27%',
    cell: (a) => <PairSideLink kind="student" id={a.studentId} name={a.studentName} />,
  },
  { header: 'Assigned', width: '16%', cell: (a) => formatDate(a.assignedAt) },
  { header: 'Status', width: '12%', cell: (a) => <StatusBadge active={a.isActive} /> },
  ...(bulkMode
    ? []
    : [
        {
          header: 'Actions',
          width: '18%',
          cell: (a: PairRecord) => (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={`Delete the pair of ${a.studentName} and ${a.mentorName}`}
              onClick={() => ask({ type: 'delete-pair', pair: a })}
            >
              Delete
            </Button>
          ),
        },
      ]),
];
