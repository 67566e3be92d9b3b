/**
 * "Download my data" and the coordinators' "Download data":
 * - a coordinator's download of a person's data is in the history (who, when, whose);
 * - the download holds the student's nomination as they gave it and the classmate invitation
 *   they sent, each field as its audience allows (not the nominator's answer or line, not the
 *   classmate's address or its hash, no token hash);
 * - the history in it is about the person only: not a coordinators' digest sent again that
 *   lists other pairs, nor the other pairs' ids of a bulk delete that took theirs.
 */
import {
  apiPaths,
  myApplicationPaths,
  FOUNDING_COHORT_ID,
  type MyDataExport,
  outboxPaths,
  recommendationPaths,
} from '@mentorship/domain';
import { call, confirmApplicant, firestore, tokenFor, uniqueSuffix } from '../support/api';
import { useFunctionParams } from '../support/pairs';
import { seedPair } from '../support/seed';

jest.setTimeout(120_000);

let admin: string;
beforeAll(async () => {
  useFunctionParams();
  admin = await tokenFor('admin');
});

const download = async (token: string) => {
  const res = await call<MyDataExport>('GET', myApplicationPaths.export, { token });
  expect(res.status).toBe(200);
  return res.body;
};

it("records a coordinator's download in the history", async () => {
  const pair = await seedPair(admin, FOUNDING_COHORT_ID);
  const res = await call('GET', myApplicationPaths.adminExport('student', pair.studentId), {
    token: admin,
  });
  expect(res.status).toBe(200);
  const entries = await firestore()
    .collection('audit')
    .where('people', 'array-contains', pair.studentId)
    .get();
  const exported = entries.docs.filter((d) => d.get('action') === 'person.export');
  expect(exported).toHaveLength(1);
  expect(exported[0]?.get('subject')).toEqual({
    kind: 'student',
    id: pair.studentId,
    name: pair.studentName,
  });
  expect(exported[0]?.get('actor.email')).toBeTruthy();
});

it('holds the nomination and the classmate invitation, without what is not the person\u2019s', async () => {
  const pair = await seedPair(admin, FOUNDING_COHORT_ID);
  const professor = `prof.${uniqueSuffix()}@faculty.example.edu`.toLowerCase();
  const classmate = `classmate.${uniqueSuffix()}@student.example.edu`.toLowerCase();
  // The student named a nominator; their confirmation asks them.
  await firestore()
    .collection('students')
    .doc(pair.studentId)
    .update({ professorEmail: professor, nominatedBy: 'Prof. Named' });
  const token = await confirmApplicant(pair.studentEmail);
  const nomination = firestore().collection('nominations').doc(pair.studentId);
  expect((await nomination.get()).get('state')).toBe('asked');
  // The nominator's answer and line are the coordinators'.
  await nomination.update({ note: `A line for the coordinators ${pair.studentId}` });
  const sent = await call('POST', recommendationPaths.mine, { token, body: { email: classmate } });
  expect(sent.status).toBe(201);

  for (const data of [
    await download(token),
    (
      await call<MyDataExport>('GET', myApplicationPaths.adminExport('student', pair.studentId), {
        token: admin,
      })
    ).body,
  ]) {
    expect(data.nominations).toEqual([
      {
        id: pair.studentId,
        studentId: pair.studentId,
        nominatorEmail: professor,
        nominatorName: 'Prof. Named',
        askedAt: expect.any(String),
      },
    ]);
    expect(data.recommendations).toEqual([
      {
        id: expect.any(String),
        state: 'sent',
        senderName: pair.studentName,
        createdAt: expect.any(String),
        sentAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    ]);
    const text = JSON.stringify({ ...data, emails: [] });
    expect(text).not.toContain(classmate);
    expect(text).not.toContain('A line for the coordinators');
    expect(text).not.toContain('tokenHashes');
  }
});

it("shows in a participant's history only what is about them", async () => {
  const [theirs, other] = [
    await seedPair(admin, FOUNDING_COHORT_ID),
    await seedPair(admin, FOUNDING_COHORT_ID),
  ];
  // A digest to the coordinators naming both pairs, undelivered, sent again by a coordinator.
  const digest = firestore().collection('mail').doc(`digest-${uniqueSuffix()}`);
  await digest.set({
    to: ['coordinators@bridgementorship.org'],
    kind: 'at-risk-digest',
    subjectId: `digest_${uniqueSuffix()}`,
    people: [theirs.studentId, theirs.mentorId, other.studentId, other.mentorId],
    message: { subject: 'Pairs at risk', text: `${theirs.studentName}, ${other.studentName}` },
    attention: true,
    delivery: { state: 'ERROR', attempts: 3, error: '550: refused' },
    createdAt: new Date(),
  });
  const resent = await call('POST', outboxPaths.resend(digest.id), {
    token: admin,
    body: {},
  });
  expect(resent.status).toBe(201);
  // Both pairs deleted in one bulk delete (the other pair listed first).
  const bulk = await call('POST', apiPaths.admin.pairsBulkDelete, {
    token: admin,
    body: { assignmentIds: [other.id, theirs.id] },
  });
  expect(bulk.status).toBe(200);

  const data = await download(await confirmApplicant(theirs.studentEmail));
  const text = JSON.stringify(data.history);
  for (const foreign of [other.id, other.studentId, other.mentorId, digest.id]) {
    expect(text).not.toContain(foreign);
  }
  expect(data.history.map((h) => h.action)).not.toContain('mail.resend');
  const deleted = data.history.find((h) => h.action === 'pairs.bulk-delete');
  expect(deleted?.subject).toEqual({ kind: 'pair', id: theirs.id, name: null });
});
