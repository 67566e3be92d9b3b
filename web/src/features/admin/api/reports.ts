/** The cohort report (the newest cohort's unless one is named) and one cohort's as a CSV file. */
import { reportPaths, type CohortReport } from '@mentorship/domain';
import { adminRequest } from '../../../lib/admin-request';
import { idToken } from '../../../lib/id-token';
import { saveFile } from '../../../lib/save-file';

export interface ReportResponse {
  cohorts: { id: string; name: string }[];
  report: CohortReport;
}

export const getReport = (cohort: string | null) =>
  adminRequest<ReportResponse>(
    `${reportPaths.report}${cohort ? `?cohort=${encodeURIComponent(cohort)}` : ''}`,
  );

/**
 * A file, not JSON, so not through adminRequest; a failure says only that the CSV could not be
 * made (the toast's own words follow it).
 */
export async function downloadReportCsv(cohortId: string): Promise<void> {
  const token = await idToken('Sign in as an administrator to continue.');
  const response = await fetch(`${reportPaths.csv}?cohort=${encodeURIComponent(cohortId)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${response.status}: the CSV could not be made.`);
  saveFile(await response.blob(), `cohort-report-${cohortId}.csv`);
}
