/**
 * Certificates, the final survey and the cohort report:
 * - GET /api/certificates/:id (public, rate-limited): what the certificate shows, or 404 "no such
 *   certificate" (an unknown, malformed or erased id alike);
 * - /api/me/certificates (signed in by e-mail link): the participant's own certificates, each
 *   one's PDF, and the final survey (one answer per certificate);
 * - /api/admin/reports (coordinators): a cohort's figures beside earlier cohorts, and as CSV.
 */
import { Router, type Request, type RequestHandler } from 'express';
import {
  API,
  NO_SUCH_CERTIFICATE,
  SURVEYS_COLLECTION,
  SURVEY_MESSAGES,
  RETENTION,
  addMonths,
  cohortReportCsv,
  endOfDay,
  isCertificateId,
  publicCertificate,
  surveySchema,
  type CertificateDoc,
  type MyCertificate,
  type SurveyDoc,
} from '@mentorship/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { findApplications } from '../application-locks/repository';
import { siteUrl as configuredSiteUrl } from '../email/config';
import { db, runTransaction } from '../firebase';
import { applicantOf, requireApplicant } from '../http/authenticate-applicant';
import { requireJsonBody } from '../http/request-guards';
import { withBody } from '../http/route';
import { DomainError } from '../shared/errors';
import { certificatePdf } from './certificate-pdf';
import { certificatesOfPerson, readCertificateDoc } from './completion';
import { addToTally } from '../pairs';
import { buildReport } from './report';

const noSuchCertificate = () => new DomainError('not-found', NO_SUCH_CERTIFICATE);

async function readCertificate(id: string): Promise<CertificateDoc> {
  if (!isCertificateId(id)) throw noSuchCertificate();
  const doc = await readCertificateDoc(id);
  if (!doc) throw noSuchCertificate();
  return doc;
}

/** A certificate of the signed-in participant, or 404 (never says whose it is). */
async function ownCertificate(req: Request): Promise<{ id: string; doc: CertificateDoc }> {
  const id = String(req.params.id);
  const doc = await readCertificate(id);
  const mine = await findApplications(applicantOf(req).email);
  if (!mine.some((f) => f.id === doc.personId && f.kind === doc.role)) throw noSuchCertificate();
  return { id, doc };
}

function siteUrl(req: Request): string {
  let url = '';
  try {
    url = configuredSiteUrl();
  } catch {
    url = '';
  }
  return url || `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

export const certificatesRouter = Router();

/**
 * GET /api/certificates/:id, the public verification, behind the rate limit (`certificates`):
 * ids are 22 random characters, so guessing is hopeless, but each look-up is a Firestore read a
 * flood should not be able to buy.
 */
export function createPublicCertificatesRouter(rateLimiter: RequestHandler): Router {
  const router = Router();
  router.get(API.certificate.path, rateLimiter, async (req, res) => {
    const id = String(req.params.id);
    res.json(publicCertificate(id, await readCertificate(id)));
  });
  return router;
}

certificatesRouter.get(API.myCertificates.path, requireApplicant, async (req, res) => {
  const mine = await findApplications(applicantOf(req).email);
  const certificates: MyCertificate[] = [];
  for (const { id: personId, kind } of mine) {
    for (const d of await certificatesOfPerson(personId)) {
      const { doc } = d;
      if (doc.role !== kind) continue;
      const survey = await db.collection(SURVEYS_COLLECTION).doc(d.id).get();
      certificates.push({ ...publicCertificate(d.id, doc), surveyAnswered: survey.exists });
    }
  }
  certificates.sort((a, b) => b.issuedOn.localeCompare(a.issuedOn));
  res.json({ certificates });
});

certificatesRouter.get(API.myCertificatePdf.path, requireApplicant, async (req, res) => {
  const { id, doc } = await ownCertificate(req);
  const pdf = await certificatePdf(id, doc, siteUrl(req));
  res.set('Content-Type', 'application/pdf');
  res.set('Content-Disposition', `attachment; filename="certificate-${id}.pdf"`);
  res.send(pdf);
});

certificatesRouter.put(
  API.myCertificateSurvey.path,
  requireApplicant,
  requireJsonBody,
  ...withBody(surveySchema, async (answers, req, res) => {
    const { id, doc } = await ownCertificate(req);
    const ref = db.collection(SURVEYS_COLLECTION).doc(id);
    await runTransaction(async (tx) => {
      if ((await tx.get(ref)).exists) {
        throw new DomainError('already-exists', SURVEY_MESSAGES.answered);
      }
      const survey: SurveyDoc & { expiresAt: Timestamp } = {
        rating: answers.rating,
        wouldRecommend: answers.wouldRecommend as SurveyDoc['wouldRecommend'],
        improve: answers.improve ?? '',
        certificateId: id,
        pairId: doc.pairId,
        cohortId: doc.cohortId,
        personId: doc.personId,
        role: doc.role,
        answeredAt: new Date().toISOString(),
        expiresAt: Timestamp.fromDate(addMonths(endOfDay(doc.programEnd), RETENTION.surveyMonths)),
      };
      tx.create(ref, survey);
      // The cohort report counts it (pairs/kept-tallies.ts).
      addToTally(tx, doc.cohortId, {
        surveyAnswers: 1,
        surveyRatingSum: survey.rating,
        wouldRecommend: survey.wouldRecommend === 'yes' ? 1 : 0,
      });
    });
    res.status(201).json({ message: SURVEY_MESSAGES.thanks });
  }),
);

/** Behind requireAdmin (app.ts mounts every /api/admin route after it). */
export const reportsRouter = Router();

const cohortParam = (req: Request): string | undefined =>
  typeof req.query.cohort === 'string' && req.query.cohort ? req.query.cohort : undefined;

reportsRouter.get(API.reports.path, async (req, res) => {
  const body = await buildReport(cohortParam(req));
  if (!body.report) throw new DomainError('not-found', 'No such cohort.');
  res.json(body);
});

reportsRouter.get(API.reportsCsv.path, async (req, res) => {
  const { report } = await buildReport(cohortParam(req));
  if (!report) throw new DomainError('not-found', 'No such cohort.');
  res.set('Content-Type', 'text/csv; charset=utf-8');
  res.set(
    'Content-Disposition',
    `attachment; filename="cohort-report-${report.cohort.cohortId.replace(/[^A-Za-z0-9-]/g, '')}.csv"`,
  );
  res.send(cohortReportCsv(report));
});
