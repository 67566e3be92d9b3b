/** The review decisions of an application: approve or reopen (confirm), decline (with a reason). */
import { Field, Textarea } from '@chakra-ui/react';
import { DECLINE_REASON_MAX, TOASTS } from '@mentorship/domain';
import { useState } from 'react';
import { ApiRequestError } from '../../../../lib/api-client';
import { showFailure } from '../../api/error-toast';
import { useReviewPerson } from '../../api/review-person';
import type { PersonKind } from '../../api/set-person-status';
import { Dialog, showStatusUpdated, StatusChangeDialog, type Common } from './dialog';
import type { RowAction } from './row-action';

const REVIEW_TEXT = {
  approve: {
    title: (kind: PersonKind) => `Approve ${kind}`,
    description: (kind: PersonKind) =>
      `Approve this application? The ${kind} becomes active, can be matched, and is told by e-mail.`,
    done: (name: string) => `${name} is approved and active.`,
    label: 'Approve',
  },
  reopen: {
    title: (kind: PersonKind) => `Reopen ${kind} application`,
    description: () => 'Reopen this declined application? It goes back to awaiting review.',
    done: (name: string) => `${name}'s application awaits review again.`,
    label: 'Reopen',
  },
};

export function Review({ action, ...common }: Common & { action: RowAction & { type: 'review' } }) {
  const mutation = useReviewPerson();
  const text = REVIEW_TEXT[action.decision];
  return (
    <StatusChangeDialog
      {...common}
      title={text.title(action.kind)}
      description={text.description(action.kind)}
      confirmLabel={text.label}
      destructive={false}
      pending={mutation.isPending}
      name={action.name}
      done={text.done(action.name)}
      change={() =>
        mutation.mutateAsync({ kind: action.kind, id: action.id, decision: action.decision })
      }
    />
  );
}

/** Declining asks for the reason the applicant will read; it is required. */
export function Decline({
  action,
  ...common
}: Common & { action: RowAction & { type: 'decline' } }) {
  const mutation = useReviewPerson();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (reason.trim() === '') {
      setError('Give the reason for declining; the applicant will read it.');
      return;
    }
    try {
      await mutation.mutateAsync({
        kind: action.kind,
        id: action.id,
        decision: 'decline',
        reason,
      });
      showStatusUpdated(`${action.name}'s application is declined.`);
      common.onClose();
    } catch (failure) {
      // A field error from the server stays on the field; anything else is a toast.
      if (failure instanceof ApiRequestError && failure.fields.reason) {
        setError(failure.fields.reason);
        return;
      }
      showFailure(TOASTS.updateStatusFailed, failure);
      common.onClose();
    }
  };
  return (
    <Dialog
      {...common}
      title={`Decline ${action.kind} application`}
      description={`Decline ${action.name}'s application? They will receive your reason by e-mail.`}
      confirmLabel="Decline"
      destructive
      pending={mutation.isPending}
      onConfirm={() => void submit()}
    >
      <Field.Root role="none" invalid={error !== null} required mt="3">
        <Field.Label>
          Reason
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={reason}
          maxLength={DECLINE_REASON_MAX}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </Dialog>
  );
}
