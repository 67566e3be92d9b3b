/** The four months' session guides: read them, save one month's, or put one back to its default. */
import { sessionGuidePaths, type SessionGuidesResponse } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

export const getSessionGuides = () => adminRequest<SessionGuidesResponse>(sessionGuidePaths.list);

export const saveSessionGuide = (month: number, guide: { topics: string[]; questions: string[] }) =>
  adminRequest<SessionGuidesResponse>(sessionGuidePaths.one(month), { method: 'PUT', body: guide });

export const resetSessionGuide = (month: number) =>
  adminRequest<SessionGuidesResponse>(sessionGuidePaths.one(month), { method: 'DELETE' });
