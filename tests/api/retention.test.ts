/**
 * Retention by the software: the scheduled work (functions/src/retention) run as of a date finds
 * exactly the documents past each period of RETENTION gone, their neighbours one step inside
 * the period kept. The documents are stored through the API, then dated back; the date is today,
 * so other suites' fresh data is never past a period.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { COHORTS_COLLECTION, RETENTION, addDays, addMonths, isoDayOf } from '@mentorship/domain';
import { runRetention } from '../../functions/src/retention/retention';
import { call, confirmApplicant, firestore, uniqueSuffix } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import {
  apply,
  assign,
  createMentor,
  createStudent,
  doc,
  moveToCohort,
  rowsFiled,
} from '../support/seed';

jest.setTimeout(60_000);

const now = new Date();
const at = (date: Date) => Timestamp.fromDate(date);
const exists = async (collection: string, id: string) => (await doc(collection, id)) !== undefined;

const backdate = (collection: string, id: string, fields: Record<string, unknown>) =>
  firestore().collection(collection).doc(id).update(fields);

it('runs the work as of a date and deletes exactly what is past each period', async () => {
  const db = firestore();

  // Unconfirmed applications: one a day past the period, one a day inside it.
  const staleApplication = await apply();
  const freshApplication = await apply();
  await backdate('students', staleApplication.id, {
    createdAt: at(addDays(now, -RETENTION.unconfirmedDays - 1)),
  });
  await backdate('students', freshApplication.id, {
    createdAt: at(addDays(now, -RETENTION.unconfirmedDays + 1)),
  });

  // Declined (or withdrawn) applications, from the decision.
  const declinedOld = await apply();
  const declinedNew = await apply();
  for (const { id, application } of [declinedOld, declinedNew]) {
    await confirmApplicant(application.emailAddress);
    const res = await call('PUT', `/api/admin/students/${id}/review`, {
      token,
      body: { decision: 'decline', reason: 'Not this cohort.' },
    });
    expect(res.status).toBe(200);
  }
  await backdate('students', declinedOld.id, {
    updatedAt: at(addDays(now, -RETENTION.closedApplicationDays - 1)),
  });
  await backdate('students', declinedNew.id, {
    updatedAt: at(addDays(now, -RETENTION.closedApplicationDays + 1)),
  });

  // Everyone after their cohort: N months after the program end of the latest cohort they took
  // part in (theirs, or a later pair's). A cohort that ended N months and a day ago:
  const gone = addMonths(now, -(RETENTION.cohortMonths + RETENTION.afterCohortMonths) - 1);
  const cohort = async (start: Date, end: Date) => {
    const id = `retention-${uniqueSuffix()}`;
    await db
      .collection(COHORTS_COLLECTION)
      .doc(id)
      .set({
        name: `Cohort ${id}`,
        term: 'fall',
        year: start.getUTCFullYear(),
        applicationsOpen: isoDayOf(addDays(start, -60)),
        applicationsClose: isoDayOf(addDays(start, -30)),
        matchingDoneBy: isoDayOf(addDays(start, -7)),
        programStart: isoDayOf(start),
        programEnd: isoDayOf(end),
      });
    return id;
  };
  const endedCohort = await cohort(gone, addDays(addMonths(now, -RETENTION.afterCohortMonths), -2));
  const runningCohort = await cohort(addMonths(now, -1), addMonths(now, 3));
  const oldStudent = await createStudent(token);
  const matchedStudent = await createStudent(token);
  const mentor = await createMentor(token, { capacity: 1 });
  await moveToCohort('student', oldStudent, endedCohort, { createdAt: at(gone) });
  await moveToCohort('student', matchedStudent, endedCohort, { createdAt: at(gone) });
  // Matched again later, in a cohort still running: kept.
  const pair = await assign(token, mentor, matchedStudent);
  expect(pair.status).toBe(201);
  await backdate('pairs', pair.body.id, {
    assignedAt: at(addMonths(now, -1)),
    cohortId: runningCohort,
  });
  // Applied long ago but carried forward to a cohort that ended 20 months ago: kept (counted
  // from the application, it would be past the period).
  const carried = await createStudent(token);
  const laterCohort = await cohort(addMonths(now, -24), addMonths(now, -20));
  await moveToCohort('student', carried, laterCohort, {
    createdAt: at(addMonths(now, -(RETENTION.cohortMonths + RETENTION.afterCohortMonths) - 1)),
  });
  // A record from before cohorts (no cohort recorded): application + one program + N months.
  const legacy = await createStudent(token);
  await moveToCohort('student', legacy, null, { createdAt: at(gone) });

  // E-mails after delivery, rate-limit counters after their window, history entries.
  const mail = (days: number) =>
    db.collection('mail').add({
      to: [`nobody.${uniqueSuffix()}@example.org`],
      kind: 'approved',
      subjectId: `retention-${uniqueSuffix()}`,
      message: { subject: 's', text: 't', html: 'h' },
      createdAt: at(addDays(now, -days - 1)),
      delivery: { state: 'SUCCESS', attempts: 1, endTime: at(addDays(now, -days)) },
    });
  const oldMail = await mail(RETENTION.deliveredEmailDays + 1);
  const newMail = await mail(RETENTION.deliveredEmailDays - 1);
  const counter = (days: number) =>
    db.collection('rateLimits').add({ count: 1, expiresAt: at(addDays(now, -days)) });
  const oldCounter = await counter(RETENTION.rateLimitDays + 1);
  const newCounter = await counter(0);
  const entry = (months: number) =>
    db.collection('audit').add({
      at: at(addMonths(now, -months)),
      actor: { uid: 'retention', email: null },
      action: 'person.update',
      subject: { kind: 'student', id: 'x', name: null },
      people: [`retention-${uniqueSuffix()}`],
      changes: null,
      detail: null,
    });
  const oldEntry = await entry(RETENTION.historyMonths + 1);
  const newEntry = await entry(RETENTION.historyMonths - 1);

  const report = await runRetention(now);
  expect(report.unconfirmedApplications).toBeGreaterThanOrEqual(1);

  // Gone, with what hangs on them (application lock, list row, outbox messages).
  for (const id of [staleApplication.id, declinedOld.id, oldStudent, legacy]) {
    expect(await exists('students', id)).toBe(false);
    expect(await rowsFiled('student', id)).toEqual([]);
    expect((await db.collection('mail').where('subjectId', '==', id).get()).size).toBe(0);
  }
  expect(
    (await db.collection('applicationLocks').where('recordId', '==', staleApplication.id).get())
      .size,
  ).toBe(0);
  expect(await exists('mail', oldMail.id)).toBe(false);
  expect(await exists('rateLimits', oldCounter.id)).toBe(false);
  expect(await exists('audit', oldEntry.id)).toBe(false);

  // Kept: one step inside each period.
  for (const id of [freshApplication.id, declinedNew.id, matchedStudent, carried]) {
    expect(await exists('students', id)).toBe(true);
  }
  expect(await exists('mentors', mentor)).toBe(true);
  expect(await exists('mail', newMail.id)).toBe(true);
  expect(await exists('rateLimits', newCounter.id)).toBe(true);
  expect(await exists('audit', newEntry.id)).toBe(true);
});
