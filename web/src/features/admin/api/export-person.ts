/** Everything stored about one person, the document the applicant downloads themselves. */
import { myApplicationPaths, type MyDataExport, type PersonKind } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';

export const exportPerson = (kind: PersonKind, id: string) =>
  adminRequest<MyDataExport>(myApplicationPaths.adminExport(kind, id));
