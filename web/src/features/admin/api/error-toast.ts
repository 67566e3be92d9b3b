import type { ToastText } from '@mentorship/domain';
import { showToast } from '../../../components/ui/toaster';
import { ApiRequestError } from '../../../lib/api-client';
import { PartlyDoneError } from './in-chunks';

/**
 * Shows the spec's failure toast. When the server refused for a reason the coordinator can act
 * on (a conflict, a missing record, a validation message), its own message is the description.
 */
export function showFailure(text: ToastText, error: unknown): void {
  showToast({ title: text.title, description: describeFailure(text, error) }, 'error');
}

/**
 * The toast's description. A bulk action that failed part-way says what did happen first
 * ("Deleted 500 pairs. The rest: ...").
 */
export function describeFailure(text: ToastText, error: unknown): string | undefined {
  if (error instanceof PartlyDoneError) {
    return `${error.done} The rest: ${describeFailure(text, error.reason) ?? text.title}`;
  }
  const explain =
    error instanceof ApiRequestError &&
    [400, 404, 409].includes(error.status) &&
    error.serverMessage.length > 0;
  return explain ? error.serverMessage : text.description;
}
