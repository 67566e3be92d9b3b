/**
 * Cohort records through the stack: coordinators only, contradictory dates refused
 * field by field with nothing stored, changes audited; applications stamped with the open
 * cohort (the test stack's founding cohort: scripts/lib/founding-cohort.ts) and people added by
 * hand to the cohort a coordinator chooses; a pair takes its student's cohort.
 *
 * The cohorts made here lie in 2061 and later, so the open window every other suite applies in
 * stays the one it is (these suites run side by side). The refusal outside every window moves
 * every window, so it runs in the serial browser suite (e2e/cohorts.spec.ts).
 */
import {
  COHORT_MESSAGES,
  FOUNDING_COHORT_ID,
  OPENING_ALERT_MESSAGES,
  PUBLIC_COHORTS_CACHE_CONTROL,
  cohortPaths,
  type CurrentStats,
  type Stats,
  openingAlertPaths,
  type ApiErrorBody,
  type CohortView,
  type CohortsResponse,
  type PublicCohorts,
} from '@mentorship/domain';
import {
  call,
  confirmApplicant,
  firestore,
  ownClient,
  siteUrl,
  tokenFor,
  uniqueSuffix,
} from '../support/api';
import { coordinatorToken as admin } from '../support/coordinator';
import { linkIn, waitForMail } from '../support/inbox';
import { cohortFormBody, studentApplication } from '../factories';
import { assign, createMentor, createStudent, doc, rowOfPerson, rowsFiled } from '../support/seed';

let year = 2060;
const farCohort = (extra: Record<string, unknown> = {}) => {
  year += 1 + Math.floor(Math.random() * 3);
  return {
    ...cohortFormBody(`Fall ${year} ${uniqueSuffix()}`.slice(0, 60), 'fall', year),
    ...extra,
  };
};

const create = (body: unknown, token = admin) =>
  call<{ cohort: CohortView; message: string } & ApiErrorBody>('POST', cohortPaths.list, {
    token,
    body,
  });

describe('cohort records', () => {
  it('are for coordinators only', async () => {
    expect((await call('GET', cohortPaths.list)).status).toBe(401);
    const user = await tokenFor('user');
    expect((await call('GET', cohortPaths.list, { token: user })).status).toBe(403);
    expect((await create(farCohort(), user)).status).toBe(403);
  });

  it('refuse contradictory dates field by field and store nothing', async () => {
    const before = (await firestore().collection('cohorts').count().get()).data().count;
    const body = farCohort({
      applicationsClose: `${year}-05-01`,
      matchingDoneBy: `${year}-05-01`,
      programStart: `${year}-04-01`,
      programEnd: `${year}-03-01`,
    });
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      applicationsClose: COHORT_MESSAGES.closeBeforeOpen,
      matchingDoneBy: COHORT_MESSAGES.matchingNotAfterClose,
      programStart: COHORT_MESSAGES.startBeforeMatching,
      programEnd: COHORT_MESSAGES.endBeforeStart,
    });
    expect((await firestore().collection('cohorts').count().get()).data().count).toBe(before);
  });

  it('are created with a 4-month program by default, listed with their phase, edited and audited', async () => {
    const body = farCohort();
    const res = await create(body);
    expect(res.status).toBe(201);
    const { cohort } = res.body;
    expect(cohort).toMatchObject({
      name: body.name,
      programEnd: `${year}-12-31`,
      phase: 'upcoming',
    });

    const list = await call<CohortsResponse>('GET', cohortPaths.list, { token: admin });
    expect(list.body.cohorts.find((c) => c.id === cohort.id)).toMatchObject({ phase: 'upcoming' });
    // The founding cohort is open in the test stack: the current one is a live cohort.
    expect(list.body.currentId).not.toBeNull();

    const edited = await call<{ cohort: CohortView }>('PUT', cohortPaths.cohort(cohort.id), {
      token: admin,
      body: { ...body, programEnd: `${year}-11-30` },
    });
    expect(edited.status).toBe(200);
    expect(await doc('cohorts', cohort.id)).toMatchObject({ programEnd: `${year}-11-30` });

    const audit = await firestore().collection('audit').where('subject.id', '==', cohort.id).get();
    expect(audit.docs.map((d) => d.get('action')).sort()).toEqual([
      'cohort.create',
      'cohort.update',
    ]);
    const update = audit.docs.find((d) => d.get('action') === 'cohort.update');
    expect(update?.get('changes')).toEqual({
      programEnd: { before: `${year}-12-31`, after: `${year}-11-30` },
    });

    const bad = await call<ApiErrorBody>('PUT', cohortPaths.cohort(cohort.id), {
      token: admin,
      body: { ...body, applicationsClose: 'someday' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.applicationsClose).toBe(
      COHORT_MESSAGES.dateInvalid('Applications close'),
    );
    expect(await doc('cohorts', cohort.id)).toMatchObject({ applicationsClose: `${year}-07-31` });
    expect((await call('PUT', cohortPaths.cohort('nope'), { token: admin, body })).status).toBe(
      404,
    );
  });
});

describe('applications belong to a cohort', () => {
  it('a public application is stamped with the open cohort, which the public answer names', async () => {
    const current = await call<PublicCohorts>('GET', cohortPaths.current);
    expect(current.status).toBe(200);
    expect(current.body.open).not.toBeNull();
    const body = studentApplication();
    const res = await call<{ id: string }>('POST', '/api/student-registration', {
      body,
      headers: ownClient(),
    });
    expect(res.status).toBe(201);
    expect(await doc('students', res.body.id)).toMatchObject({ cohortId: current.body.open?.id });
    await confirmApplicant(body.emailAddress);
    expect(await rowOfPerson('student', res.body.id)).toMatchObject({
      cohortId: current.body.open?.id,
    });
  });

  it("a coordinator adds people to any cohort; a pair takes its student's cohort", async () => {
    const { cohort } = (await create(farCohort())).body;
    const studentId = await createStudent(admin, { cohortId: cohort.id });
    const mentorId = await createMentor(admin, { cohortId: FOUNDING_COHORT_ID });
    expect(await doc('students', studentId)).toMatchObject({ cohortId: cohort.id });
    expect(await rowOfPerson('student', studentId)).toMatchObject({ cohortId: cohort.id });
    expect(await rowOfPerson('mentor', mentorId)).toMatchObject({ cohortId: FOUNDING_COHORT_ID });
    expect(await rowsFiled('student', studentId)).toEqual([
      `cohorts/${cohort.id}/studentRows/${studentId}`,
    ]);
    const pair = await assign(admin, mentorId, studentId);
    expect(pair.status).toBe(201);
    expect(await doc('pairs', pair.body.id)).toMatchObject({ cohortId: cohort.id });

    const unknown = await call<ApiErrorBody>('POST', '/api/admin/students', {
      token: admin,
      body: {
        fullName: 'No Cohort',
        emailAddress: `x.${uniqueSuffix()}@example.org`,
        cohortId: 'nope',
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields?.cohortId).toBe(COHORT_MESSAGES.notFound);
  });

  it('a public application cannot choose its cohort', async () => {
    const res = await call<ApiErrorBody>('POST', '/api/student-registration', {
      body: { ...studentApplication(), cohortId: FOUNDING_COHORT_ID },
      headers: ownClient(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.cohortId).toBeDefined();
  });
});

describe('tell me when applications open', () => {
  const alertsOf = (email: string) =>
    firestore().collection('openingAlerts').where('email', '==', email).get();
  const openMails = async (email: string) =>
    (
      await firestore()
        .collection('mail')
        .where('to', 'array-contains', email)
        .where('kind', '==', 'applications-open')
        .get()
    ).size;
  const runJob = async () => {
    const { runOpeningAlerts } = await import('../../functions/src/cohorts/opening-alerts');
    await runOpeningAlerts(new Date());
  };

  it('takes an address with consent, asks it to confirm, and sends nothing before the click', async () => {
    process.env.SITE_URL ??= siteUrl();
    const bad = await call<ApiErrorBody>('POST', openingAlertPaths.create, {
      body: { email: 'nope', consent: false },
      headers: ownClient(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      email: OPENING_ALERT_MESSAGES.email,
      consent: OPENING_ALERT_MESSAGES.consent,
    });

    const email = `waiting.${uniqueSuffix()}@example.org`;
    for (const address of [email, email.toUpperCase()]) {
      const res = await call<{ message: string }>('POST', openingAlertPaths.create, {
        body: { email: address, consent: true },
        headers: ownClient(),
      });
      expect(res.status).toBe(202);
      expect(res.body.message).toBe(OPENING_ALERT_MESSAGES.saved);
    }
    const stored = await alertsOf(email);
    expect(stored.size).toBe(1);
    expect(stored.docs[0]?.id).not.toContain('@');
    // Not confirmed: the daily job (the test stack's founding cohort is open) sends nothing.
    expect(stored.docs[0]?.get('confirmedAt')).toBeUndefined();
    await runJob();
    expect(await openMails(email)).toBe(0);

    // The e-mailed link's page, opened as a mail scanner would: nothing is confirmed.
    const mail = await waitForMail(email, /Please confirm/);
    const link = linkIn(mail, openingAlertPaths.page);
    const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
    expect((await fetch(link.href)).status).toBe(200);
    expect((await alertsOf(email)).docs[0]?.get('confirmedAt')).toBeUndefined();
    await runJob();
    expect(await openMails(email)).toBe(0);

    // The click: confirmed, then the one e-mail, and the address is forgotten.
    const confirmed = await call<{ message: string }>('POST', openingAlertPaths.confirm, {
      body: { token },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(OPENING_ALERT_MESSAGES.confirmed);
    await runJob();
    expect(await openMails(email)).toBe(1);
    expect((await alertsOf(email)).size).toBe(0);

    const unknown = await call<ApiErrorBody>('POST', openingAlertPaths.confirm, {
      body: { token: 'A'.repeat(43) },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('scoped to a cohort', () => {
  it('counts and proposes for one cohort only', async () => {
    const { cohort } = (await create(farCohort())).body;
    const prefs = { preferredDisciplines: ['Data Science'], mentoringTopics: ['Career Planning'] };
    const active = await createStudent(admin, { cohortId: cohort.id, ...prefs });
    await createStudent(admin, { cohortId: cohort.id, isActive: false, ...prefs });
    const mentor = await createMentor(admin, { cohortId: cohort.id, capacity: 2, ...prefs });
    // Someone of another cohort who would fit the same mentor.
    const outsider = await createStudent(admin, { cohortId: FOUNDING_COHORT_ID, ...prefs });

    const stats = await call('GET', `/api/admin/stats?cohort=${cohort.id}`, { token: admin });
    expect(stats.body).toEqual({
      totalStudents: 2,
      activeStudents: 1,
      totalMentors: 1,
      activeMentors: 1,
      totalAssignments: 0,
      awaitingReview: 0,
    });
    expect((await call('GET', '/api/admin/stats?cohort=no%20such!', { token: admin })).status).toBe(
      400,
    );

    // ?scope=current (asked at sign-in, before the dashboard has read the cohorts): the cohort
    // the cohorts list calls current, and the same counts as asking for it by id (files running
    // beside this one may add people meanwhile: asked again until two reads agree).
    const list = await call<CohortsResponse>('GET', cohortPaths.list, { token: admin });
    let same = false;
    for (let attempt = 0; attempt < 4 && !same; attempt++) {
      const current = await call<CurrentStats>('GET', '/api/admin/stats?scope=current', {
        token: admin,
      });
      expect(current.status).toBe(200);
      expect(current.body.cohortId).toBe(list.body.currentId);
      const byId = await call<Stats>(
        'GET',
        list.body.currentId ? `/api/admin/stats?cohort=${list.body.currentId}` : '/api/admin/stats',
        { token: admin },
      );
      same = JSON.stringify(current.body.stats) === JSON.stringify(byId.body);
    }
    expect(same).toBe(true);
    expect((await call('GET', '/api/admin/stats?scope=current')).status).toBe(401);

    const proposal = await call<{ pairs: { studentId: string; mentorId: string }[] }>(
      'POST',
      '/api/admin/matching/proposal',
      { token: admin, body: { cohortId: cohort.id } },
    );
    expect(proposal.status).toBe(200);
    expect(proposal.body.pairs).toEqual([
      expect.objectContaining({ studentId: active, mentorId: mentor }),
    ]);
    expect(proposal.body.pairs.some((p) => p.studentId === outsider)).toBe(false);
  });
});

describe('what may be cached (firebase.json served verbatim by the Hosting emulator)', () => {
  // A Hosting header rule replaces the function's own header (the emulator applies firebase.json
  // after the function answered, as Hosting does): firebase.json sets no Cache-Control on /api/**
  // and the function says it for every answer.
  it('the public cohorts answer is for the CDN, a few minutes; admin answers and errors are not', async () => {
    const current = await call('GET', cohortPaths.current);
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe(PUBLIC_COHORTS_CACHE_CONTROL);
    expect(PUBLIC_COHORTS_CACHE_CONTROL).toMatch(/^public, .*s-maxage=300$/);

    const list = await call('GET', cohortPaths.list, { token: admin });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(
      (await call('GET', '/api/admin/stats', { token: admin })).headers.get('cache-control'),
    ).toBe('no-store');
    expect((await call('GET', cohortPaths.list)).headers.get('cache-control')).toBe('no-store');
    expect((await call('GET', '/api/cohorts/nothing-here')).headers.get('cache-control')).toBe(
      'no-store',
    );
  });

  it('pages stay no-cache', async () => {
    for (const path of ['/', '/students', '/apply-nowhere', '/admin/login']) {
      const res = await fetch(`${siteUrl()}${path}`);
      expect({ path, cc: res.headers.get('cache-control') }).toEqual({ path, cc: 'no-cache' });
    }
  });
});
