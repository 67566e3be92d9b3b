import { Button, Dialog } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { AdminDialog } from './admin-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, read out as the dialog's description. */
  description: ReactNode;
  /** Extra content under the question (e.g. the list of names a bulk delete removes). */
  children?: ReactNode;
  confirmLabel: string;
  /** The safe choice's label (default "Cancel"). */
  cancelLabel?: string;
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes when the dialog closes (default: the element that opened it). */
  finalFocus?: () => HTMLElement | null;
}

/**
 * A confirmation as an alertdialog: focus starts on Cancel (the safe choice), Escape cancels,
 * focus is trapped inside and returns to the trigger when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = true,
  pending = false,
  onConfirm,
  onCancel,
  finalFocus,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AdminDialog
      role="alertdialog"
      open={open}
      busy={pending}
      onClose={onCancel}
      initialFocus={() => cancelRef.current}
      finalFocus={finalFocus}
    >
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Dialog.Description>{description}</Dialog.Description>
        {children}
      </Dialog.Body>
      <Dialog.Footer>
        <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          colorPalette={destructive ? 'red' : 'blue'}
          onClick={onConfirm}
          loading={pending}
          loadingText={`${confirmLabel}...`}
        >
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </AdminDialog>
  );
}
