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
 * raise toasts. The spec: at most one toast at a time, shown for 5 seconds.
 */
export const toaster = createToaster({
  placement: 'top-end',
  max: 1,
  duration: 5000,
  pauseOnPageIdle: true,
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

/** Shows one of the spec's toasts (see TOASTS in @mentorship/domain). */
export const showToast = (
  text: { title: string; description?: string },
  type: ToastVariant = 'info',
): void => {
  toaster.create({ title: text.title, description: text.description, type, closable: true });
};
