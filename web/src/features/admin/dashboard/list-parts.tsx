/** Small parts the dashboard's tabs share: badges, two-line cells, list states, the search box. */
import { Alert, Badge, Box, Button, Field, Input, Text } from '@chakra-ui/react';
import {
  PERSON_STATE_LABELS,
  personState,
  type PersonState,
  type ReviewStatus,
} from '@mentorship/domain';
import { memo, startTransition, useState, type ReactNode, type RefObject } from 'react';
import { useOnline } from '../components/use-online';

/** "Nov 23, 2026" and "Nov 23, 2026, 9:41 AM" in the coordinator's time zone (domain dates.ts). */
export { formatDateShort as formatDate, formatDateTime as formatTime } from '@mentorship/domain';

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

const STATE_COLOURS: Record<PersonState, string> = {
  awaiting: 'orange',
  declined: 'red',
  withdrawn: 'purple',
  active: 'green',
  inactive: 'gray',
};

/** A person's row badge: awaiting review, declined, active or inactive (deactivated). */
export function PersonBadge({
  person,
}: {
  person: { isActive: boolean; reviewStatus?: ReviewStatus | null };
}) {
  const state = personState(person);
  return (
    <Badge colorPalette={STATE_COLOURS[state]} variant="subtle" data-state={state}>
      {PERSON_STATE_LABELS[state]}
    </Badge>
  );
}

export function TwoLines({ first, second }: { first: ReactNode; second?: ReactNode }) {
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

export function LoadError({
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
      <Alert.Indicator aria-hidden />
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

/**
 * Firestore could not be reached (a network, proxy or browser policy blocking it): said in
 * place of the list, or above a list that may be out of date, never shown as an empty list.
 * While the browser itself is offline, the admin layout's line says so for every list, and the
 * rows it still shows need no second warning.
 */
export function Unreachable({ what, stale }: { what: string; stale: boolean }) {
  const online = useOnline();
  if (stale && !online) return null;
  return (
    <Alert.Root status="warning" my="4" role="alert">
      <Alert.Indicator aria-hidden />
      <Alert.Content>
        <Alert.Title>
          {stale
            ? `Connection to the database lost: the ${what} shown may be out of date.`
            : `Cannot reach the database: the ${what} are not loaded.`}
        </Alert.Title>
        <Alert.Description>
          This browser cannot reach Firestore (a network, proxy or browser policy may block it). The
          list updates by itself when the connection is back.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export function Loading({ what }: { what: string }) {
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
export function ListProgress({ text }: { text: string | null }) {
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
export const SearchBox = memo(function SearchBox({
  inputRef,
  onSearch,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onSearch: (value: string) => void;
}) {
  const [typed, setTyped] = useState('');
  return (
    <Field.Root role="none" flex="1">
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
