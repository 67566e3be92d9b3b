/**
 * The dashboard's confirmed actions. Each is one component with its own dialog text, mutation and
 * toasts; `RowActionDialog` shows the one a row (or the bulk toolbar) asked for. Adding an action
 * is one variant of `RowAction` (row-action.ts) and one component here.
 */
import { Box, List, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { confirmDelete, confirmStatusChange, TOASTS } from '@mentorship/domain';
import { showToast } from '../../../../components/ui/toaster';
import { useBulkDeletePairs } from '../../api/bulk-pairs';
import { newProgressId } from '../../../../lib/work-progress';
import { WorkProgress } from '../../../../components/ui/work-progress';
import { useDeletePair } from '../../api/delete-pair';
import { useDeletePerson } from '../../api/delete-person';
import { useSetPersonStatus } from '../../api/set-person-status';
import { Dialog, StatusChangeDialog, useConfirm, type Common } from './dialog';
import { Decline, Review } from './review-actions';
import type { RowAction } from './row-action';

function PersonStatus({ action, ...common }: Common & { action: RowAction & { type: 'status' } }) {
  const mutation = useSetPersonStatus();
  return (
    <StatusChangeDialog
      {...common}
      title={`${action.activate ? 'Activate' : 'Deactivate'} ${action.kind}`}
      description={confirmStatusChange(action.activate, action.kind)}
      confirmLabel={action.activate ? 'Activate' : 'Deactivate'}
      destructive={!action.activate}
      pending={mutation.isPending}
      name={action.name}
      done={`${action.name} is now ${action.activate ? 'active' : 'inactive'}.`}
      change={() =>
        mutation.mutateAsync({ kind: action.kind, id: action.id, isActive: action.activate })
      }
    />
  );
}

function DeletePerson({
  action,
  onDeleted,
  ...common
}: Common & { action: RowAction & { type: 'delete-person' }; onDeleted?: () => void }) {
  const mutation = useDeletePerson();
  const confirm = useConfirm(common.onClose, TOASTS.deleteFailed);
  return (
    <Dialog
      {...common}
      title={`Delete ${action.kind}`}
      description={confirmDelete(action.name)}
      confirmLabel="Delete"
      destructive
      pending={mutation.isPending}
      onConfirm={() =>
        void confirm(async () => {
          const result = await mutation.mutateAsync({ kind: action.kind, id: action.id });
          showToast(
            { title: TOASTS.deletedSuccessfully.title, description: result.message },
            'success',
          );
          onDeleted?.();
        })
      }
    >
      <Text mt="2">
        Their pairs will be deleted too, and{' '}
        {action.kind === 'mentor' ? 'their students' : 'their mentor'} will no longer be matched
        with them.
      </Text>
    </Dialog>
  );
}

function DeletePair({
  action,
  ...common
}: Common & { action: RowAction & { type: 'delete-pair' } }) {
  const mutation = useDeletePair();
  const confirm = useConfirm(common.onClose, TOASTS.pairDeleteFailed);
  const { studentName, mentorName, id } = action.pair;
  return (
    <Dialog
      {...common}
      title="Delete pair"
      description={confirmDelete(`the pair of ${studentName} and ${mentorName}`)}
      confirmLabel="Delete"
      destructive
      pending={mutation.isPending}
      onConfirm={() =>
        void confirm(async () => {
          await mutation.mutateAsync(id);
          showToast(TOASTS.pairDeleted, 'success');
        })
      }
    />
  );
}

function BulkDelete({
  action,
  onDeleted,
  ...common
}: Common & { action: RowAction & { type: 'bulk-delete' }; onDeleted: () => void }) {
  const mutation = useBulkDeletePairs();
  const confirm = useConfirm(common.onClose, TOASTS.bulkDeleteFailed);
  const [progressId, setProgressId] = useState<string | null>(null);
  return (
    <Dialog
      {...common}
      title="Delete selected pairs"
      description={`Are you sure you want to delete ${action.pairs.length === 1 ? 'this pair' : `these ${action.pairs.length} pairs`}? This action cannot be undone.`}
      confirmLabel="Delete"
      destructive
      pending={mutation.isPending}
      onConfirm={() =>
        void confirm(async () => {
          const id = newProgressId();
          setProgressId(id);
          const result = await mutation.mutateAsync({
            assignmentIds: action.pairs.map((a) => a.id),
            progressId: id,
          });
          showToast(
            { title: TOASTS.deletedSuccessfully.title, description: result.message },
            'success',
          );
          onDeleted();
        })
      }
    >
      <List.Root mt="3" maxH="48" overflowY="auto" ps="5" tabIndex={0} aria-label="Pairs to delete">
        {action.pairs.map((a) => (
          <List.Item key={a.id}>
            Mentor {a.mentorName}, student {a.studentName}
          </List.Item>
        ))}
      </List.Root>
      {mutation.isPending && progressId ? (
        <Box mt="4">
          <WorkProgress id={progressId} kind="pairs.delete" total={action.pairs.length} />
        </Box>
      ) : null}
    </Dialog>
  );
}

/** The dialog of the action asked for (the last one, while it closes), or nothing. */
export function RowActionDialog({
  action,
  onBulkDeleted,
  onPersonDeleted,
  ...common
}: Common & {
  action: RowAction | null;
  onBulkDeleted?: () => void;
  /** After a person is deleted (their page leaves for the dashboard). */
  onPersonDeleted?: () => void;
}) {
  switch (action?.type) {
    case 'status':
      return <PersonStatus action={action} {...common} />;
    case 'review':
      return <Review key={action.id + action.decision} action={action} {...common} />;
    case 'decline':
      return <Decline key={action.id} action={action} {...common} />;
    case 'delete-person':
      return <DeletePerson action={action} onDeleted={onPersonDeleted} {...common} />;
    case 'delete-pair':
      return <DeletePair action={action} {...common} />;
    case 'bulk-delete':
      return <BulkDelete action={action} onDeleted={onBulkDeleted ?? (() => {})} {...common} />;
    default:
      return null;
  }
}
