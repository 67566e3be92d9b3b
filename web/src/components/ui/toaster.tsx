import {
  Toaster as ChakraToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
  createToaster,
} from '@chakra-ui/react';

/**
 * The app's one toaster. A module-level object so that non-React code (API error handling) can
 * raise toasts. The spec: at most one toast at a time, shown for 5 seconds. From Chakra's `md` up
 * toasts sit top right below the headers (the site's is 4rem, the admin area's up to about
 * 6.5rem), clear of the navigation, the Logout button and the forms' buttons at the bottom. On a
 * phone a toast spans the width and, at the top, would cover the field a failed check sends focus
 * to: there it sits at the bottom, and the page's scroll-padding-bottom (app/theme.ts) keeps a
 * focused element clear of it (WCAG 2.2 2.4.11).
 */
const narrow =
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 47.99em)').matches === true;

export const toaster = createToaster({
  placement: narrow ? 'bottom' : 'top-end',
  max: 1,
  duration: 5000,
  pauseOnPageIdle: true,
  offsets: { top: '7rem', right: '1rem', bottom: '1rem', left: '1rem' },
});

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            <Toast.CloseTrigger aria-label="Dismiss notification" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';

/**
 * Shows one of the spec's toasts (see TOASTS in @mentorship/domain). The newest replaces the one
 * showing at once: a person who fixed one thing is never still told about it (a queue would keep
 * the stale message up for its full 5 seconds).
 */
export const showToast = (
  text: { title: string; description?: string },
  type: ToastVariant = 'info',
): void => {
  toaster.remove();
  toaster.create({ title: text.title, description: text.description, type, closable: true });
};

/** Removes every toast showing (a change of context made them stale). */
export const dismissToasts = (): void => {
  toaster.remove();
};
