/**
 * Completion at the cohort's end (functions/src/program-end): the daily job marks exactly the
 * qualifying pairs, once, and issues one certificate per participant; the public verification
 * answers what the certificate shows and nothing after its holder erases their data; the holder
 * downloads the PDF and answers the final survey once; the cohort report's figures and CSV equal
 * a seeded cohort's, worked out by hand. Data are seeded through tests/support/after-match.ts.
 */
import {
  COMPLETION_MIN_SESSIONS,
  NO_SUCH_CERTIFICATE,
  apiPaths,
  pairPaths,
  PAIR_COLLECTIONS,
  SURVEY_MESSAGES,
  type CohortReport,
  type MyDataExport,
  type MyCertificate,
  type PublicCertificate,
} from '@mentorship/domain';
import { PDFParse } from 'pdf-parse';
import { runDailyWork } from '../../functions/src/schedule/daily';
import { runCompletion } from '../../functions/src/program-end/completion';
import { call, confirmApplicant, siteUrl, tokenFor } from '../support/api';
import { coordinatorToken as token } from '../support/coordinator';
import { dayOffset } from '../factories';
import {
  certificatesOf,
  endPair,
  seedCheckIns,
  seedCohort,
  seedPair,
  seedSessions,
  seedSurvey,
  type SeededPair,
  doc,
  rowOfPerson,
} from '../support/seed';
import { queuedAbout, waitForMail } from '../support/inbox';

jest.setTimeout(120_000);
process.env.SITE_URL ??= siteUrl();

const now = new Date();
const sessionsOn = (start: string, offsets: number[]) => offsets.map((d) => dayOffset(start, d));
const mailCount = async (pairId: string) =>
  (await queuedAbout(pairId)).filter((m) => m.kind === 'certificate').length;

describe('completion at the end of a cohort', () => {
  let cohort: Awaited<ReturnType<typeof seedCohort>>;
  let running: Awaited<ReturnType<typeof seedCohort>>;
  const pairs: Record<string, SeededPair> = {};

  beforeAll(async () => {
    cohort = await seedCohort({ name: 'Completion Cohort', endedDaysAgo: 1 });
    running = await seedCohort({ name: 'Running Cohort', endedDaysAgo: -20 });
    const s = cohort.programStart;
    // four: 4 sessions; three: 3 by the end (+1 after it); two: 2 by the end + 1 after it (no);
    // ended: 3 sessions but ended by a coordinator (no); elsewhere: 4 sessions, cohort running.
    for (const name of ['four', 'three', 'two', 'ended'])
      pairs[name] = await seedPair(token, cohort.id);
    pairs.elsewhere = await seedPair(token, running.id);
    await seedSessions(pairs.four!, cohort.id, sessionsOn(s, [3, 33, 63, 93]));
    await seedSessions(pairs.three!, cohort.id, [
      ...sessionsOn(s, [5, 40, 80]),
      dayOffset(cohort.programEnd, 1),
    ]);
    await seedSessions(pairs.two!, cohort.id, [
      ...sessionsOn(s, [5, 40]),
      dayOffset(cohort.programEnd, 1),
    ]);
    await seedSessions(pairs.ended!, cohort.id, sessionsOn(s, [5, 40, 80]));
    await endPair(pairs.ended!, 'not-a-good-fit');
    await seedSessions(
      pairs.elsewhere!,
      running.id,
      sessionsOn(running.programStart, [1, 2, 3, 4]),
    );
  });

  it('marks exactly the qualifying pairs, once, with one certificate per participant', async () => {
    const first = await runDailyWork(now);
    expect(first.jobs.completion).toMatchObject({ pairsCompleted: expect.any(Number) });
    expect(COMPLETION_MIN_SESSIONS).toBe(3);

    const four = await doc('pairs', pairs.four!.pairId);
    const three = await doc('pairs', pairs.three!.pairId);
    expect(four?.completedAt).toBeDefined();
    expect(four?.sessionsHeld).toBe(4);
    expect(three?.completedAt).toBeDefined();
    expect(three?.sessionsHeld).toBe(3);
    for (const name of ['two', 'ended', 'elsewhere']) {
      expect((await doc('pairs', pairs[name]!.pairId))?.completedAt).toBeUndefined();
      expect(await certificatesOf(pairs[name]!.pairId)).toHaveLength(0);
    }

    const certificates = await certificatesOf(pairs.four!.pairId);
    expect(certificates.map((c) => c.role).sort()).toEqual(['mentor', 'student']);
    const student = certificates.find((c) => c.role === 'student')!;
    expect(student).toMatchObject({
      fullName: pairs.four!.studentName,
      cohortName: 'Completion Cohort',
      programStart: cohort.programStart,
      programEnd: cohort.programEnd,
      sessionsHeld: 4,
      personId: pairs.four!.studentId,
    });
    expect(student.id).toMatch(/^[A-Za-z0-9]{22}$/);

    // Run twice (and once more on its own): nothing twice.
    const completedAt = four?.completedAt;
    const second = await runCompletion(now);
    await runDailyWork(now);
    expect(second.pairsCompleted).toBe(0);
    expect(second.certificates).toBe(0);
    expect((await doc('pairs', pairs.four!.pairId))?.completedAt).toEqual(completedAt);
    expect(await certificatesOf(pairs.four!.pairId)).toHaveLength(2);
    expect(await certificatesOf(pairs.three!.pairId)).toHaveLength(2);
    expect(await mailCount(pairs.four!.pairId)).toBe(2);
    expect(await mailCount(pairs.three!.pairId)).toBe(2);

    // The e-mail: the verification link and My application (PDF and survey).
    const mail = await waitForMail(pairs.four!.studentEmail, /Your certificate/);
    expect(mail.text).toContain(`/certificates/${student.id}`);
    expect(mail.text).toContain('/my-application');
    expect(mail.text).toContain('4 sessions held');
  });

  it("gives each mentor's place back once when the program ends, completed or not: a returning mentor is not full", async () => {
    // The runs above: every pair still running at the cohort's end, completed (four, three) or
    // not (two, 2 sessions), gave its mentor's place back, on the mentor and on their list row.
    for (const name of ['four', 'three', 'two']) {
      const pair = pairs[name]!;
      expect((await doc('pairs', pair.pairId))?.mentorPlaceReleasedAt).toBeDefined();
      expect((await doc('mentors', pair.mentorId))?.activeStudentCount).toBe(0);
      expect(await rowOfPerson('mentor', pair.mentorId)).toMatchObject({ activeStudentCount: 0 });
    }
    // A pair ended before the end is not touched; a cohort still running keeps its places.
    expect((await doc('pairs', pairs.ended!.pairId))?.mentorPlaceReleasedAt).toBeUndefined();
    expect((await doc('pairs', pairs.elsewhere!.pairId))?.mentorPlaceReleasedAt).toBeUndefined();
    expect((await doc('mentors', pairs.elsewhere!.mentorId))?.activeStudentCount).toBe(1);

    // Once: another run gives nothing back again.
    expect((await runCompletion(now)).mentorPlacesReleased).toBe(0);
    // Nothing done to such a pair later counts again: ending it, deactivating it, deleting it
    // (pairs of a cohort of their own, so the pairs above stay as the next test needs them).
    const own = await seedCohort({ name: 'Places Cohort', endedDaysAgo: 1 });
    const [a, b] = [await seedPair(token, own.id), await seedPair(token, own.id)] as const;
    expect((await runCompletion(now)).mentorPlacesReleased).toBe(2);
    const ended = await call('POST', pairPaths.end(a.pairId), {
      token,
      body: { reason: 'goals-met' },
    });
    expect(ended.status).toBe(200);
    expect((await doc('mentors', a.mentorId))?.activeStudentCount).toBe(0);
    const off = await call('PUT', apiPaths.admin.pairStatus(b.pairId), {
      token,
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect((await doc('mentors', b.mentorId))?.activeStudentCount).toBe(0);
    // ...and it stays history: it cannot take the place again.
    const on = await call('PUT', apiPaths.admin.pairStatus(b.pairId), {
      token,
      body: { isActive: true },
    });
    expect(on.status).toBe(409);
    expect((await doc('mentors', b.mentorId))?.activeStudentCount).toBe(0);
    const removed = await call('DELETE', apiPaths.admin.pair(b.pairId), { token });
    expect(removed.status).toBeLessThan(300);
    expect((await doc('mentors', b.mentorId))?.activeStudentCount).toBe(0);
  });

  it('verifies a certificate publicly, lets its holder download it and answer the survey once, and forgets it after erasure', async () => {
    const certificates = await certificatesOf(pairs.three!.pairId);
    const student = certificates.find((c) => c.role === 'student')!;
    const mentor = certificates.find((c) => c.role === 'mentor')!;

    const verified = await call<PublicCertificate>('GET', `/api/certificates/${student.id}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      id: student.id,
      fullName: pairs.three!.studentName,
      role: 'student',
      roleLabel: 'Mentee (student)',
      cohortName: 'Completion Cohort',
      programStart: cohort.programStart,
      programEnd: cohort.programEnd,
      sessionsHeld: 3,
      issuedOn: now.toISOString().slice(0, 10),
    });
    for (const unknown of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id']) {
      const res = await call<{ error: { message: string } }>('GET', `/api/certificates/${unknown}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(NO_SUCH_CERTIFICATE);
    }
    expect((await call('GET', '/api/certificates/..%2F..%2Fstudents')).status).toBe(404);

    // The holder, signed in by e-mail link: their certificate, its PDF, the survey.
    const holder = await confirmApplicant(pairs.three!.studentEmail);
    const mine = await call<{ certificates: MyCertificate[] }>('GET', '/api/me/certificates', {
      token: holder,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.certificates).toEqual([{ ...verified.body, surveyAnswered: false }]);

    const pdf = await fetch(`${siteUrl()}/api/me/certificates/${student.id}/pdf`, {
      headers: { Authorization: `Bearer ${holder}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    for (const expected of [
      'Certificate of recognition',
      pairs.three!.studentName,
      'Role: Mentee (student)',
      'Cohort: Completion Cohort',
      'Sessions held: 3 of 4',
      `Certificate id: ${student.id}`,
      `/certificates/${student.id}`,
    ]) {
      expect(text).toContain(expected);
    }

    // Another participant cannot download it (404, as for an unknown id).
    const other = await confirmApplicant(pairs.four!.studentEmail);
    const refused = await call('GET', `/api/me/certificates/${student.id}/pdf`, { token: other });
    expect(refused.status).toBe(404);
    const signedOut = await call('GET', `/api/me/certificates/${student.id}/pdf`);
    expect(signedOut.status).toBe(401);

    // The survey: field errors change nothing; one answer; a second is refused.
    const bad = await call<{ error: { fields: Record<string, string> } }>(
      'PUT',
      `/api/me/certificates/${student.id}/survey`,
      { token: holder, body: { rating: 9, wouldRecommend: 'perhaps' } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      rating: SURVEY_MESSAGES.rating,
      wouldRecommend: SURVEY_MESSAGES.wouldRecommend,
    });
    expect(await doc('surveys', student.id)).toBeUndefined();
    const body = { rating: 5, wouldRecommend: 'yes', improve: 'More structure in month 1.' };
    const answered = await call('PUT', `/api/me/certificates/${student.id}/survey`, {
      token: holder,
      body,
    });
    expect(answered.status).toBe(201);
    expect(await doc('surveys', student.id)).toMatchObject({
      ...body,
      cohortId: cohort.id,
      personId: pairs.three!.studentId,
    });
    const again = await call('PUT', `/api/me/certificates/${student.id}/survey`, {
      token: holder,
      body,
    });
    expect(again.status).toBe(409);

    // "Download my data" holds the certificate and the survey answer.
    const exported = await call<MyDataExport>('GET', '/api/me/export', { token: holder });
    expect(exported.status).toBe(200);
    expect(exported.body.certificates?.map((c) => c.id)).toEqual([student.id]);
    expect(exported.body.surveys?.map((c) => c.id)).toEqual([student.id]);

    // Erasure: nothing left to verify, the survey answer gone; the partner's certificate stays.
    const erased = await call('DELETE', '/api/me', { token: holder });
    expect(erased.status).toBe(200);
    const after = await call('GET', `/api/certificates/${student.id}`);
    expect(after.status).toBe(404);
    expect(await doc(PAIR_COLLECTIONS.certificates, student.id)).toBeUndefined();
    expect(await doc('surveys', student.id)).toBeUndefined();
    expect((await call('GET', `/api/certificates/${mentor.id}`)).status).toBe(200);

    // A coordinator's Delete (a request that arrives by e-mail) erases the same: the partner's
    // certificate and survey answer go with them.
    const deleted = await call('DELETE', `/api/admin/mentors/${pairs.three!.mentorId}`, { token });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/api/certificates/${mentor.id}`)).status).toBe(404);
    expect(await doc(PAIR_COLLECTIONS.certificates, mentor.id)).toBeUndefined();
  });
});

describe('the cohort report', () => {
  it('answers a seeded cohort’s figures, worked out by hand, beside the earlier cohort, and as CSV', async () => {
    // Earlier (ended 200 days ago): 1 pair, 2 sessions, not completed; 1 check-in rated 4.
    // Chosen (ended 3 days ago): 4 pairs. p1 4 sessions, p2 3 sessions -> completed; p3 1
    // session, ended "unresponsive"; p4 0 sessions, ended "other". 8 sessions. Check-ins:
    // 5, 3, 1 (and one without a rating) -> 3 ratings, mean 3. Surveys: 5 yes, 4 no -> mean
    // 4.5, would recommend 0.5. Completion 2/4 = 0.5. Re-matches 2.
    const earlier = await seedCohort({ name: 'Report Earlier', endedDaysAgo: 200 });
    const chosen = await seedCohort({ name: 'Report Chosen', endedDaysAgo: 3 });
    const old = await seedPair(token, earlier.id);
    await seedSessions(old, earlier.id, sessionsOn(earlier.programStart, [2, 40]));
    await seedCheckIns(old, earlier.id, [4]);

    const [p1, p2, p3, p4] = [
      await seedPair(token, chosen.id),
      await seedPair(token, chosen.id),
      await seedPair(token, chosen.id),
      await seedPair(token, chosen.id),
    ];
    const s = chosen.programStart;
    await seedSessions(p1!, chosen.id, sessionsOn(s, [3, 33, 63, 93]));
    await seedSessions(p2!, chosen.id, sessionsOn(s, [3, 33, 63]));
    await seedSessions(p3!, chosen.id, sessionsOn(s, [3]));
    await endPair(p3!, 'unresponsive');
    await endPair(p4!, 'other');
    await seedCheckIns(p1!, chosen.id, [5, 3]);
    await seedCheckIns(p3!, chosen.id, [1, null]);
    await runCompletion(now);
    await seedSurvey(p1!, chosen.id, { rating: 5, wouldRecommend: 'yes' });
    await seedSurvey(p2!, chosen.id, { rating: 4, wouldRecommend: 'no' });

    const res = await call<{ cohorts: { id: string }[]; report: CohortReport }>(
      'GET',
      `/api/admin/reports?cohort=${chosen.id}`,
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.cohorts.map((c) => c.id)).toEqual(
      expect.arrayContaining([chosen.id, earlier.id]),
    );
    expect(res.body.report.cohort).toEqual({
      cohortId: chosen.id,
      cohortName: 'Report Chosen',
      programStart: chosen.programStart,
      programEnd: chosen.programEnd,
      pairsMade: 4,
      sessionsHeld: 8,
      pairsCompleted: 2,
      completionRate: 0.5,
      rematches: 2,
      rematchReasons: {
        'goals-met': 0,
        'not-a-good-fit': 0,
        unresponsive: 1,
        'left-the-program': 0,
        other: 1,
      },
      checkInRatings: 3,
      averageCheckInRating: 3,
      surveyAnswers: 2,
      averageSurveyRating: 4.5,
      wouldRecommendRate: 0.5,
    });
    const earlierFigures = res.body.report.earlier.find((e) => e.cohortId === earlier.id);
    expect(earlierFigures).toMatchObject({
      pairsMade: 1,
      sessionsHeld: 2,
      pairsCompleted: 0,
      completionRate: 0,
      averageCheckInRating: 4,
    });

    const csv = await fetch(`${siteUrl()}/api/admin/reports/csv?cohort=${chosen.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(
      /^"Cohort","Program start","Program end","Pairs made","Sessions held"/,
    );
    expect(lines[1]).toBe(
      `"Report Chosen","${chosen.programStart}","${chosen.programEnd}","4","8","2","0.5","2","0","1","0","1","3","3","2","4.5","0.5"`,
    );
    expect(lines.some((l) => l.startsWith('"Report Earlier"'))).toBe(true);

    const unknown = await call('GET', '/api/admin/reports?cohort=no-such-cohort', { token });
    expect(unknown.status).toBe(404);
    const applicant = await call('GET', `/api/admin/reports?cohort=${chosen.id}`, {
      token: await tokenFor('user'),
    });
    expect(applicant.status).toBe(403);
  });
});
