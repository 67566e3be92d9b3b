import type { ToastText } from '@mentorship/domain';
import { showToast } from '../../../components/ui/toaster';
import { ApiRequestError } from '../../../lib/api-client';

/**
 * Shows the spec's failure toast. When the server refused for a reason the coordinator can act
 * on (a conflict, a missing record, a validation message), its own message is the description.
 */
export function showFailure(text: ToastText, error: unknown): void {
  const explain =
    error instanceof ApiRequestError &&
    [400, 404, 409].includes(error.status) &&
    error.serverMessage.length > 0;
  showToast(
    { title: text.title, description: explain ? error.serverMessage : text.description },
    'error',
  );
}
