/** What every confirmed action's dialog shares: open state, focus return, toasts on failure. */
import { Text } from '@chakra-ui/react';
import { TOASTS, type ToastText } from '@mentorship/domain';
import type { ReactNode } from 'react';
import { showToast } from '../../../../components/ui/toaster';
import { showFailure } from '../../api/error-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';

export interface Common {
  /** Kept mounted while closing, so the dialog animates out and focus returns where it came from. */
  open: boolean;
  /** Closes the dialog (after the action, or on Cancel). */
  onClose: () => void;
  finalFocus: () => HTMLElement | null;
}

/** Runs `run`, says how it went with the action's toasts, and closes the dialog either way. */
export function useConfirm(onClose: () => void, failure: ToastText) {
  return async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      showFailure(failure, error);
    }
    onClose();
  };
}

/** The spec's "Status Updated" toast, saying what changed ("Ada is now active."). */
export const showStatusUpdated = (description: string) =>
  showToast({ title: TOASTS.statusUpdated.title, description }, 'success');

export function Dialog(
  props: Common & {
    title: string;
    description: string;
    confirmLabel: string;
    destructive: boolean;
    pending: boolean;
    onConfirm: () => void;
    children?: ReactNode;
  },
) {
  return (
    <ConfirmDialog
      open={props.open}
      title={props.title}
      description={props.description}
      confirmLabel={props.confirmLabel}
      destructive={props.destructive}
      pending={props.pending}
      onConfirm={props.onConfirm}
      onCancel={props.onClose}
      finalFocus={props.finalFocus}
    >
      {props.children}
    </ConfirmDialog>
  );
}

/**
 * A change of a person's status (activate, deactivate, approve, reopen): their name under the
 * question; Confirm runs `change`, then the "Status Updated" toast says what is `done` (on a
 * failure, the spec's failure toast).
 */
export function StatusChangeDialog({
  name,
  done,
  change,
  ...props
}: Omit<Parameters<typeof Dialog>[0], 'onConfirm' | 'children'> & {
  name: string;
  done: string;
  change: () => Promise<unknown>;
}) {
  const confirm = useConfirm(props.onClose, TOASTS.updateStatusFailed);
  return (
    <Dialog
      {...props}
      onConfirm={() =>
        void confirm(async () => {
          await change();
          showStatusUpdated(done);
        })
      }
    >
      <Text mt="2">{name}</Text>
    </Dialog>
  );
}
