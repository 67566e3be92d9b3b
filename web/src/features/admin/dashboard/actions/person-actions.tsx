/**
 * A person's actions, on their dashboard row and on their page: the review decisions or
 * (de)activation their state allows, Edit, and Delete. Each asks for its confirmed action
 * (row-actions.tsx) through `ask`.
 */
import { Button, HStack } from '@chakra-ui/react';
import type { PersonState } from '@mentorship/domain';
import { RouterButton } from '../../../../components/ui/router-button';
import { paths } from '../../../../config/paths';
import type { PersonKind } from '../../api/set-person-status';
import type { RowAction } from './row-action';

export type Ask = (action: RowAction) => void;

/** The status actions a person's state allows: review decisions first, then (de)activation. */
function StateActions({
  kind,
  id,
  name,
  state,
  ask,
  size,
}: {
  kind: PersonKind;
  id: string;
  name: string;
  state: PersonState;
  ask: Ask;
  size: 'xs' | 'sm';
}) {
  if (state === 'awaiting') {
    return (
      <>
        <Button
          size={size}
          variant="outline"
          colorPalette="green"
          aria-label={`Approve ${name}`}
          onClick={() => ask({ type: 'review', kind, id, name, decision: 'approve' })}
        >
          Approve
        </Button>
        <Button
          size={size}
          variant="outline"
          aria-label={`Decline ${name}`}
          onClick={() => ask({ type: 'decline', kind, id, name })}
        >
          Decline
        </Button>
      </>
    );
  }
  if (state === 'declined') {
    return (
      <Button
        size={size}
        variant="outline"
        aria-label={`Reopen ${name}`}
        onClick={() => ask({ type: 'review', kind, id, name, decision: 'reopen' })}
      >
        Reopen
      </Button>
    );
  }
  // The applicant withdrew: nothing to review or activate (the server refuses it too).
  if (state === 'withdrawn') return null;
  const active = state === 'active';
  return (
    <Button
      size={size}
      variant="outline"
      aria-label={`${active ? 'Deactivate' : 'Activate'} ${name}`}
      onClick={() => ask({ type: 'status', kind, id, name, activate: !active })}
    >
      {active ? 'Deactivate' : 'Activate'}
    </Button>
  );
}

export function PersonActions({
  kind,
  id,
  name,
  state,
  ask,
  size = 'xs',
}: {
  kind: PersonKind;
  id: string;
  name: string;
  state: PersonState;
  ask: Ask;
  /** Buttons' size: compact in table rows, larger on the person's page. */
  size?: 'xs' | 'sm';
}) {
  return (
    <HStack gap="1" wrap="wrap">
      <StateActions kind={kind} id={id} name={name} state={state} ask={ask} size={size} />
      <RouterButton
        size={size}
        variant="outline"
        to={kind === 'student' ? paths.admin.editStudent(id) : paths.admin.editMentor(id)}
        aria-label={`Edit ${name}`}
      >
        Edit
      </RouterButton>
      <Button
        size={size}
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
