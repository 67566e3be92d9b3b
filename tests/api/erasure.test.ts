/**
 * Erasure walks the collection registry: a participant who recommended a classmate and then
 * deleted their data leaves nothing that names them in any registered collection (the outbox
 * included), and no e-mail in their name goes out afterwards, not even the classmate invitation
 * that was waiting for the next cohort's dates (the daily work of a later day runs and sends
 * nothing).
 *
 * The waiting invitation is made in the test process for a day in 2482 (no other suite's cohort
 * is open or upcoming then); the cohort that would give it dates exists only while the daily
 * work of that day runs.
 */
import {
  COHORTS_COLLECTION,
  COLLECTION_PATHS,
  FOUNDING_COHORT_ID,
  RECOMMENDATIONS_COLLECTION,
  recommendationPaths,
  type MyRecommendation,
} from '@mentorship/domain';
import { readCapsConfig } from '../../functions/src/abuse/public-caps';
import { recommendClassmate } from '../../functions/src/recommendations/service';
import { DAILY_JOBS, runDailyWork } from '../../functions/src/schedule/daily';
import { call, confirmApplicant, firestore, tokenFor, uniqueSuffix } from '../support/api';
import { registryLeftoversOf } from '../support/erasure';
import { useFunctionParams } from '../support/pairs';
import { seedCohort, seedPair } from '../support/seed';

jest.setTimeout(120_000);

const DAY_MS = 86_400_000;

let admin: string;
beforeAll(async () => {
  useFunctionParams();
  admin = await tokenFor('admin');
});

const classmateAddress = () => `classmate.${uniqueSuffix()}@student.example.edu`.toLowerCase();

const mailTo = async (address: string) =>
  (await firestore().collection('mail').where('to', 'array-contains', address).get()).docs;

/** Everything stored that still names the person: none of it may stay. */
async function expectNothingNames(person: { email: string; name: string; id: string }) {
  const { found, scanned } = await registryLeftoversOf(
    [person.email, person.name, person.id],
    person.id,
  );
  // Every registered collection was read, the newest included.
  expect(scanned).toEqual(COLLECTION_PATHS);
  expect(found).toEqual([]);
}

describe('erasing a participant who recommended a classmate', () => {
  it('leaves nothing naming them: their invitation record and the classmate e-mail naming them go', async () => {
    const pair = await seedPair(admin, FOUNDING_COHORT_ID);
    const classmate = classmateAddress();
    const token = await confirmApplicant(pair.studentEmail);
    const sent = await call<MyRecommendation>('POST', recommendationPaths.mine, {
      token,
      body: { email: classmate },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.state).toBe('sent');
    const [invitation] = await mailTo(classmate);
    expect(invitation?.get('message.subject')).toContain(pair.studentName);

    expect((await call('DELETE', '/api/me', { token })).status).toBe(200);

    await expectNothingNames({
      email: pair.studentEmail,
      name: pair.studentName,
      id: pair.studentId,
    });
    expect(await mailTo(classmate)).toHaveLength(0);
  });

  it('sends no invitation in their name afterwards: the waiting one goes with them', async () => {
    const pair = await seedPair(admin, FOUNDING_COHORT_ID);
    const classmate = classmateAddress();
    const madeAt = new Date('2482-03-01T12:00:00.000Z');
    // No cohort open or set to open in March 2482: the invitation waits, address kept.
    const waiting = await recommendClassmate(
      pair.mentorEmail,
      classmate,
      readCapsConfig(process.env),
      madeAt,
    );
    expect(waiting.state).toBe('waiting');
    const senders = await firestore()
      .collection(RECOMMENDATIONS_COLLECTION)
      .where('senderName', '==', pair.mentorName)
      .get();
    expect(senders.docs).toHaveLength(1);

    const token = await confirmApplicant(pair.mentorEmail);
    expect((await call('DELETE', '/api/me', { token })).status).toBe(200);

    // The next cohort gets its dates; the daily work of the next day runs.
    const cohort = await seedCohort({
      name: `Fall 2482 ${uniqueSuffix()}`.slice(0, 60),
      programStart: '2482-06-01',
    });
    try {
      const report = await runDailyWork(
        new Date(madeAt.getTime() + DAY_MS),
        DAILY_JOBS.filter((j) => j.name === 'waiting-recommendations'),
      );
      expect(report.jobs['waiting-recommendations']).toMatchObject({ sent: 0 });
    } finally {
      await firestore().collection(COHORTS_COLLECTION).doc(cohort.id).delete();
    }
    expect(await mailTo(classmate)).toHaveLength(0);
    await expectNothingNames({ email: pair.mentorEmail, name: pair.mentorName, id: pair.mentorId });
  });
});
