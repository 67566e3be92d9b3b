/**
 * Recommend a classmate through the stack and the daily job `waiting-recommendations`:
 * - only a participant (a student or mentor who is or was in a pair) may send the one invitation:
 *   anyone else (an applicant awaiting review, a mentor awaiting their interview) is refused with
 *   the reason and nothing is stored or sent, and My application is told not to show the form;
 * - an invitation made while no cohort is open or set to open waits, its address kept; once a
 *   next cohort has its dates, the daily work of that date sends it once (a second run sends
 *   nothing) with that cohort's dates, and the address is kept only in the outbox's message, which
 *   goes 30 days after delivery;
 * - an invitation still waiting at the end of its life (RECOMMENDATION_KEPT_DAYS) is deleted with
 *   the address, unsent.
 *
 * The waiting invitations are made in the test process for days in the 2480s (no other suite's
 * cohort is open or upcoming then, and the daily job acts only on invitations made by its date, so
 * no other suite's daily run sends them); the cohort that gives them dates exists only while the
 * daily work of that day runs.
 */
import { Timestamp } from 'firebase-admin/firestore';
import {
  COHORTS_COLLECTION,
  FOUNDING_COHORT_ID,
  RECOMMENDATIONS_COLLECTION,
  RECOMMENDATION_KEPT_DAYS,
  RECOMMENDATION_MESSAGES,
  RETENTION,
  formatDay,
  recommendationPaths,
  type ApiErrorBody,
  type MyRecommendation,
} from '@mentorship/domain';
import { recipientHash } from '../../functions/src/abuse/recipient';
import { readCapsConfig } from '../../functions/src/abuse/public-caps';
import { recommendClassmate } from '../../functions/src/recommendations/service';
import { DAILY_JOBS, runDailyWork } from '../../functions/src/schedule/daily';
import { call, confirmApplicant, firestore, tokenFor, uniqueSuffix } from '../support/api';
import { useFunctionParams } from '../support/pairs';
import { apply, seedCohort, seedPair } from '../support/seed';

jest.setTimeout(120_000);

const DAY_MS = 86_400_000;

let admin: string;
beforeAll(async () => {
  useFunctionParams();
  admin = await tokenFor('admin');
});

const classmateAddress = () => `classmate.${uniqueSuffix()}@student.example.edu`.toLowerCase();

/** The daily work of `now`, this job alone (the others would act on every suite's data). */
const runWaitingJob = async (now: Date) =>
  (
    await runDailyWork(
      now,
      DAILY_JOBS.filter((j) => j.name === 'waiting-recommendations'),
    )
  ).jobs['waiting-recommendations'];

/** The outbox's messages to an address. */
const mailTo = async (address: string) =>
  (await firestore().collection('mail').where('to', 'array-contains', address).get()).docs;

/** Every recommendations document that holds the address anywhere. */
const recommendationsHolding = async (address: string) =>
  (await firestore().collection(RECOMMENDATIONS_COLLECTION).get()).docs
    .filter((d) => JSON.stringify(d.data()).toLowerCase().includes(address))
    .map((d) => d.id);

const senderDoc = async (email: string) =>
  (await firestore().collection(RECOMMENDATIONS_COLLECTION).doc(recipientHash(email)).get()).data();

describe('who may recommend a classmate', () => {
  it('refuses an applicant who is in no pair with the reason, stores and sends nothing, and hides the form', async () => {
    const student = await apply('student', { confirm: true });
    const mentor = await apply('mentor', { confirm: true });
    const classmate = classmateAddress();
    for (const applicant of [student, mentor]) {
      const token = await confirmApplicant(applicant.email);
      const mine = await call<MyRecommendation>('GET', recommendationPaths.mine, { token });
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual({
        state: null,
        allowed: false,
        at: null,
        message: RECOMMENDATION_MESSAGES.notParticipant,
      });
      const refused = await call<ApiErrorBody>('POST', recommendationPaths.mine, {
        token,
        body: { email: classmate },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        code: 'permission-denied',
        message: RECOMMENDATION_MESSAGES.notParticipant,
      });
      expect(await senderDoc(applicant.email)).toBeUndefined();
    }
    expect(await mailTo(classmate)).toHaveLength(0);
    expect(await recommendationsHolding(classmate)).toEqual([]);
  });

  it('lets both sides of a pair send one invitation, with the open cohort\u2019s dates', async () => {
    const pair = await seedPair(admin, FOUNDING_COHORT_ID);
    const classmate = classmateAddress();
    const mentorToken = await confirmApplicant(pair.mentorEmail);
    expect(
      (await call<MyRecommendation>('GET', recommendationPaths.mine, { token: mentorToken })).body,
    ).toEqual({ state: null, allowed: true, at: null, message: RECOMMENDATION_MESSAGES.available });

    const token = await confirmApplicant(pair.studentEmail);
    const sent = await call<MyRecommendation>('POST', recommendationPaths.mine, {
      token,
      body: { email: classmate },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      state: 'sent',
      allowed: false,
      message: RECOMMENDATION_MESSAGES.sent,
    });
    expect(await mailTo(classmate)).toHaveLength(1);
    expect(await recommendationsHolding(classmate)).toEqual([]);
    const again = await call<ApiErrorBody>('POST', recommendationPaths.mine, {
      token,
      body: { email: classmateAddress() },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(RECOMMENDATION_MESSAGES.used);
  });
});

describe('the daily job waiting-recommendations', () => {
  it('sends an invitation that waited once the next cohort has dates, once, and keeps its address only in the outbox', async () => {
    const pair = await seedPair(admin, FOUNDING_COHORT_ID);
    const classmate = classmateAddress();
    const madeAt = new Date('2480-03-01T12:00:00.000Z');

    // No cohort open or set to open in March 2480: the invitation waits, address kept.
    const waiting = await recommendClassmate(
      pair.studentEmail,
      classmate,
      readCapsConfig(process.env),
      madeAt,
    );
    expect(waiting).toMatchObject({ state: 'waiting', message: RECOMMENDATION_MESSAGES.waiting });
    const stored = await senderDoc(pair.studentEmail);
    expect(stored).toMatchObject({ state: 'waiting', classmateEmail: classmate, sentAt: null });
    // Its life: RECOMMENDATION_KEPT_DAYS from when it was made (Firestore's TTL on expiresAt).
    expect((stored?.expiresAt as Timestamp).toMillis()).toBe(
      madeAt.getTime() + RECOMMENDATION_KEPT_DAYS * DAY_MS,
    );
    // Still no cohort: the daily work of the next day sends nothing and keeps it.
    const nextDay = new Date(madeAt.getTime() + DAY_MS);
    expect(await runWaitingJob(nextDay)).toEqual({ sent: 0, expired: 0 });
    expect(await mailTo(classmate)).toHaveLength(0);
    expect(await senderDoc(pair.studentEmail)).toMatchObject({ state: 'waiting' });

    // The coordinators set the next cohort's dates (applications open in April 2480).
    const cohort = await seedCohort({
      name: `Fall 2480 ${uniqueSuffix()}`.slice(0, 60),
      programStart: '2480-06-01',
    });
    try {
      expect(await runWaitingJob(nextDay)).toEqual({ sent: 1, expired: 0 });
      // A second run of the same day (or a later one) sends nothing more.
      expect(await runWaitingJob(nextDay)).toEqual({ sent: 0, expired: 0 });
      expect(await runWaitingJob(new Date(nextDay.getTime() + DAY_MS))).toEqual({
        sent: 0,
        expired: 0,
      });
    } finally {
      await firestore().collection(COHORTS_COLLECTION).doc(cohort.id).delete();
    }

    const mails = await mailTo(classmate);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.data();
    expect(mail.kind).toBe('classmate-invitation');
    expect(mail.message.text).toContain(
      `The ${cohort.name} cohort takes applications from ${formatDay(cohort.applicationsOpen)} to ${formatDay(cohort.applicationsClose)}; the program runs from ${formatDay(cohort.programStart)} to ${formatDay(cohort.programEnd)}.`,
    );
    // Sent: the invitation keeps no address, only hashes.
    expect(await senderDoc(pair.studentEmail)).toMatchObject({
      state: 'sent',
      classmateEmail: null,
      sentAt: Timestamp.fromDate(nextDay),
    });
    expect(await recommendationsHolding(classmate)).toEqual([]);
    expect(JSON.stringify(await senderDoc(pair.studentEmail))).not.toContain('@student.');

    // The outbox's copy goes RETENTION.deliveredEmailDays after delivery (its TTL, expireAt).
    let delivered: FirebaseFirestore.DocumentData | undefined;
    for (let i = 0; i < 60 && !delivered?.expireAt; i++) {
      delivered = (await mails[0]!.ref.get()).data();
      if (!delivered?.expireAt) await new Promise((r) => setTimeout(r, 500));
    }
    expect(delivered?.delivery?.state).toBe('SUCCESS');
    const end = (delivered?.delivery.endTime as Timestamp).toMillis();
    expect((delivered?.expireAt as Timestamp).toMillis()).toBe(
      end + RETENTION.deliveredEmailDays * DAY_MS,
    );
  });

  it('deletes an invitation still waiting at the end of its life, address and all, unsent', async () => {
    const pair = await seedPair(admin, FOUNDING_COHORT_ID);
    const classmate = classmateAddress();
    const madeAt = new Date('2485-01-10T12:00:00.000Z');
    await recommendClassmate(pair.mentorEmail, classmate, readCapsConfig(process.env), madeAt);
    expect(await recommendationsHolding(classmate)).toHaveLength(1);

    // A day before its end: still waiting.
    const life = RECOMMENDATION_KEPT_DAYS * DAY_MS;
    expect(await runWaitingJob(new Date(madeAt.getTime() + life - DAY_MS))).toEqual({
      sent: 0,
      expired: 0,
    });
    expect(await recommendationsHolding(classmate)).toHaveLength(1);
    // Its last day: gone, and nothing was sent.
    expect(await runWaitingJob(new Date(madeAt.getTime() + life))).toEqual({
      sent: 0,
      expired: 1,
    });
    expect(await recommendationsHolding(classmate)).toEqual([]);
    expect(await senderDoc(pair.mentorEmail)).toBeUndefined();
    expect(await mailTo(classmate)).toHaveLength(0);
  });
});
