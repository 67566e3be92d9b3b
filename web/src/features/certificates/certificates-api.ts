/** Anyone verifies a certificate by its id (404: no such certificate, or erased). */
import { certificatePaths, type PublicCertificate } from '@mentorship/domain';
import { apiRequest } from '../../lib/api-client';

export const verifyCertificate = (id: string) =>
  apiRequest<PublicCertificate>(certificatePaths.verify(id));
