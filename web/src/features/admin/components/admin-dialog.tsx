import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The admin area's modal dialog frame: focus starts on `initialFocus`, Escape or a click outside
 * closes it unless it is `busy`, focus is trapped inside and goes back to `finalFocus` (default:
 * the element that opened it) when it closes; the content is mounted only while it is open.
 */
export function AdminDialog({
  role,
  open,
  busy,
  onClose,
  initialFocus,
  finalFocus,
  children,
}: {
  /** "alertdialog" for a question that must be answered; default "dialog". */
  role?: 'alertdialog';
  open: boolean;
  /** While its request is on the way, the dialog stays open. */
  busy: boolean;
  onClose: () => void;
  initialFocus: () => HTMLElement | null;
  finalFocus?: () => HTMLElement | null;
  /** Dialog.Header, Dialog.Body and Dialog.Footer, or a form holding them. */
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      initialFocusEl={initialFocus}
      finalFocusEl={finalFocus}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
