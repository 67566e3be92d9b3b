/** The public application forms' one POST, and "tell me when applications open". */
import { openingAlertPaths, type MessageResponse } from '@mentorship/domain';
import { apiRequest } from '../../lib/api-client';

export const submitApplication = (path: string, body: Record<string, unknown>) =>
  apiRequest<{ id: string }>(path, { method: 'POST', body });

export const askForOpeningAlert = (alert: unknown) =>
  apiRequest<MessageResponse>(openingAlertPaths.create, { method: 'POST', body: alert });
