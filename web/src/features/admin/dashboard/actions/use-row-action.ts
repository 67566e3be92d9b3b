import { useCallback, useState } from 'react';
import type { RowAction } from './row-action';

/**
 * The confirmed action a button asked for, and its dialog's open state. The action is kept while
 * the dialog closes (it animates out), and the opener is remembered so focus can return to it.
 */
export function useRowAction() {
  const [action, setAction] = useState<RowAction | null>(null);
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const ask = useCallback((next: RowAction) => {
    setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setAction(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { action, open, opener, ask, close };
}
