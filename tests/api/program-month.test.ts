/**
 * A program month is a span of the program's own calendar, whatever zone each participant lives
 * in: a planned session on the last evening of month 1 (already the next day in Tokyo), answered
 * "We met" by both sides from their check-ins, is one session of month 1, not one of month 1 and
 * one of month 2.
 */
import { pairPaths } from '@mentorship/domain';
import { runDailyWork } from '../../functions/src/schedule/daily';
import { call, firestore } from '../support/api';
import { coordinatorToken as admin } from '../support/coordinator';
import { waitForMail } from '../support/inbox';
import { checkInLink, outboxAbout, useFunctionParams } from '../support/pairs';
import { seedCohort, seedPair } from '../support/seed';

jest.setTimeout(180_000);

// Month 1 of a program starting on 2023-09-04 ends on 2023-10-03; its check-ins go from 09-27.
const START = '2023-09-04';
// 20:00 UTC on month 1's last day: 05:00 on October 4 in Tokyo, 16:00 on October 3 in New York.
const EVENING = '2023-10-03T20:00:00.000Z';

beforeAll(() => useFunctionParams());

it('a session held across the month boundary in one partner’s zone is counted once, in its program month', async () => {
  const cohort = await seedCohort(START);
  const pair = await seedPair(admin, cohort.id, { assignedOn: '2023-08-20', mentorStays: true });
  // Planned and accepted (arranged as history: the API plans ahead only).
  await firestore()
    .collection('plannedSessions')
    .doc(`history-${pair.id}`)
    .set({
      pairId: pair.id,
      cohortId: cohort.id,
      studentId: pair.studentId,
      mentorId: pair.mentorId,
      startsAt: EVENING,
      minutes: 60,
      status: 'accepted',
      proposedBy: 'student',
      zones: { student: 'Asia/Tokyo', mentor: 'America/New_York' },
      uid: `planned-session-history-${pair.id}@bridgementorship.org`,
      sequence: 0,
      invited: true,
      acceptedAt: '2023-09-10T10:00:00.000Z',
      remindedAt: '2023-10-02T03:00:00.000Z',
      cancelledAt: null,
      cancelledBy: null,
      shortNotice: false,
      createdAt: '2023-09-09T10:00:00.000Z',
      updatedAt: '2023-09-10T10:00:00.000Z',
    });
  // The daily work's first run since the session, still on month 1's last program day.
  await runDailyWork(new Date('2023-10-03T22:00:00Z'));
  expect(await outboxAbout(pair.id, 'check-in')).toHaveLength(2);

  for (const email of [pair.studentEmail, pair.mentorEmail]) {
    const delivered = await waitForMail(email, /did your session with/);
    const { token } = checkInLink(delivered.text, 'met');
    const answered = await call('POST', pairPaths.checkInAnswer, {
      body: { token, answer: 'met' },
    });
    expect(answered.status).toBe(200);
  }
  const sessions = await firestore().collection('sessions').where('pairId', '==', pair.id).get();
  expect(sessions.docs.map((d) => [d.id, d.get('heldOn')])).toEqual([
    [`${pair.id}_1`, '2023-10-03'],
  ]);
});
