/**
 * The months after matching's daily job (schedule/daily.ts DAILY_JOBS) and its 14-day preview,
 * one code path: `planPairDay` (domain pair-plan.ts) says what each running pair is owed on a
 * day; the job sends it, the preview lists it for each of the next 14 days without sending.
 *
 * The job reads every running pair once (their `progress` holds what was sent and
 * answered), then, for each pair owed something, one transaction re-reads the pair and the
 * two people, plans again from that fresh state (so a second run, or two at once, sends nothing
 * twice), writes the check-ins, the e-mails (outbox; their one-click links are made at the send), a
 * `nudges/{key}` record per nudge and the progress. An ended pair, or one whose person was erased
 * (the pair goes with them), is never planned. Mondays, one digest of the pairs at risk to
 * the coordinators (`nudges/digest_<day>`, once).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  CHECK_IN_ANSWERS,
  CHECK_IN_ANSWER_LABELS,
  CHECK_IN_PERIOD,
  NUDGE_PREVIEW_DAYS,
  applyPlan,
  atRiskDigestEmail,
  checkInEmail,
  checkInId as checkInIdOf,
  checkInKey,
  checkInMonthOf,
  programDayOf,
  digestKeyOn,
  guideLines,
  isoDayOf,
  linkPlaceholder,
  nextDays,
  noSessionNudgeEmail,
  planPairDay,
  type IsoDay,
  type LinkSpec,
  type PersonKind,
  type PlannedItem,
  type PreviewItem,
  type PreviewResponse,
  type PlannedSessionDoc,
  type SessionGuide,
} from '@mentorship/domain';
import { whenText } from '../calendar/lifecycle';
import { readGuides } from './guides';
import { plannedZoneFor, runPlannedSessionReminders, unloggedPlannedOf } from './planned-sessions';
import { coordinatorAddresses, siteUrl } from '../email/config';
import { queueEmail } from '../email/outbox';
import { db, runTransaction } from '../firebase';
import { COLLECTIONS, type MentorDoc, type StudentDoc } from '../shared/records';
import {
  pairsCollection,
  checkIns,
  countReads,
  healthOf,
  isRunning,
  nudges,
  pairNames,
  planStateOf,
  relist,
  runningPairs,
  withListing,
  type Pair,
  type PairDoc,
} from './store';

export interface PairsJobReport {
  pairs: number;
  checkIns: number;
  noSessionNudges: number;
  reminders: number;
  digests: number;
  /** Day-before reminders of planned sessions (pairs/planned-sessions.ts). */
  sessionReminders: number;
}

/** How many pair transactions run at once. */
const PARALLEL = 16;

/**
 * The one-click buttons of a check-in e-mail: placeholders of one link made at the send
 * (email/links.ts), each with the answer it chooses.
 */
const checkInActions = () =>
  CHECK_IN_ANSWERS.map((answer) => ({
    label: CHECK_IN_ANSWER_LABELS[answer],
    href: linkPlaceholder(0, { answer }),
  }));

/** Sends what one pair is owed on `day`, in one transaction; returns what was sent. */
async function sendForPair(pair: Pair, day: IsoDay, at: Date): Promise<PlannedItem[]> {
  return runTransaction(async (tx) => {
    const ref = pairsCollection().doc(pair.id);
    const [snap, studentSnap, mentorSnap] = await tx.getAll(
      ref,
      db.collection(COLLECTIONS.students).doc(pair.doc.studentId),
      db.collection(COLLECTIONS.mentors).doc(pair.doc.mentorId),
    );
    countReads(3);
    if (!snap?.exists || !studentSnap?.exists || !mentorSnap?.exists) return [];
    const doc = snap.data() as PairDoc;
    if (!isRunning(doc)) return [];
    const fresh: Pair = { ...pair, doc };
    const state = planStateOf(fresh);
    const items = planPairDay(state, day);
    if (items.length === 0) return [];

    // Reads before the writes: a check-in asks about the session of the program month its
    // period falls in that was planned and nobody logged, and a month's last check-in
    // carries the next month's session guide.
    const monthOfPeriod = (period: number) =>
      checkInMonthOf(fresh.programStart, fresh.programEnd, period);
    const checkInPeriods = [
      ...new Set(
        items.flatMap((i) =>
          i.kind === 'check-in-reminder' || i.kind === 'check-in' ? [i.period] : [],
        ),
      ),
    ];
    const plannedByPeriod = new Map<number, PlannedSessionDoc | null>();
    for (const period of checkInPeriods) {
      plannedByPeriod.set(
        period,
        await unloggedPlannedOf(tx, fresh, monthOfPeriod(period).month, at),
      );
    }
    const guides: SessionGuide[] = items.some((i) => i.kind === 'check-in')
      ? await readGuides(tx)
      : [];

    const student = studentSnap.data() as StudentDoc;
    const mentor = mentorSnap.data() as MentorDoc;
    const zones: Record<PersonKind, unknown> = {
      student: (student as { timeZone?: unknown }).timeZone,
      mentor: (mentor as { timeZone?: unknown }).timeZone,
    };
    const people: Record<PersonKind, { id: string; name: string; email: string | null }> = {
      student: { id: doc.studentId, name: student.fullName, email: student.emailAddress ?? null },
      mentor: { id: doc.mentorId, name: mentor.fullName, email: mentor.email ?? null },
    };
    const partnerOf = (role: PersonKind) => people[role === 'student' ? 'mentor' : 'student'];
    const now = Timestamp.now();
    const patch: Record<string, unknown> = { updatedAt: now };

    for (const item of items) {
      if (item.kind === 'check-in' || item.kind === 'check-in-reminder') {
        const person = people[item.role];
        const checkInId = checkInIdOf(pair.id, item.role, item.period);
        const planned = plannedByPeriod.get(item.period) ?? null;
        const zone = planned ? plannedZoneFor(planned, item.role, zones[item.role]) : null;
        const asked = monthOfPeriod(item.period);
        const next = asked.lastOfMonth
          ? guides.find((g) => g.month === asked.month + 1)
          : undefined;
        if (item.kind === 'check-in') {
          tx.set(checkIns().doc(checkInId), {
            pairId: pair.id,
            cohortId: pair.cohortId,
            role: item.role,
            personId: person.id,
            // The period's number, under the stored field's name (CheckInDoc).
            month: item.period,
            sentAt: now.toDate().toISOString(),
            answeredAt: null,
            answer: null,
            rating: null,
            note: null,
            fit: null,
            // "We met" on a planned session logs it on its program day (check-ins.ts reads
            // heldOn): the same day for both partners, so both answers count one session, in
            // the month the session was found for, wherever each of them lives.
            ...(planned ? { heldOn: programDayOf(new Date(planned.startsAt)) } : {}),
          });
          patch[`progress.checkIns.${checkInKey(item.role, item.period)}`] = {
            sentOn: day,
            answeredOn: null,
          };
        } else {
          tx.set(nudges().doc(item.key), {
            kind: item.kind,
            pairId: pair.id,
            people: [person.id],
            day,
            createdAt: now,
          });
          patch[`progress.nudges.${item.key}`] = day;
        }
        if (person.email) {
          const link: LinkSpec = {
            kind: 'check-in',
            checkInId,
            pairId: pair.id,
            role: item.role,
            personId: person.id,
          };
          queueEmail(
            tx,
            person.email,
            checkInEmail({
              fullName: person.name,
              partnerName: partnerOf(item.role).name,
              month: item.period,
              actions: checkInActions(),
              reminder: item.kind === 'check-in-reminder',
              planned: planned
                ? { when: whenText(new Date(planned.startsAt), planned.minutes, zone) }
                : null,
              guide:
                item.kind === 'check-in' && next
                  ? { month: next.month, lines: guideLines(next) }
                  : null,
            }),
            { kind: item.kind, subjectId: pair.id, links: [link] },
          );
        }
      } else {
        tx.set(nudges().doc(item.key), {
          kind: item.kind,
          pairId: pair.id,
          people: [doc.studentId, doc.mentorId],
          day,
          createdAt: now,
        });
        patch[`progress.nudges.${item.key}`] = day;
        for (const role of item.roles) {
          const person = people[role];
          if (!person.email) continue;
          queueEmail(
            tx,
            person.email,
            noSessionNudgeEmail({
              fullName: person.name,
              partnerName: partnerOf(role).name,
              day: item.day,
              siteUrl: siteUrl(),
            }),
            { kind: 'no-session-nudge', subjectId: pair.id },
          );
        }
      }
    }
    tx.update(ref, withListing({ ...pair, doc }, patch, day));
    return items;
  });
}

/** The coordinators' digest of pairs at risk (Mondays, once). */
async function sendDigest(pairs: Pair[], day: IsoDay): Promise<number> {
  const key = digestKeyOn(day);
  if (!key) return 0;
  const atRisk = pairs
    .map((pair) => ({ pair, health: healthOf(pair, day) }))
    .filter(({ health }) => health.state === 'at-risk');
  if (atRisk.length === 0) return 0;
  const to = coordinatorAddresses();
  if (to.length === 0) {
    logger.error('COORDINATOR_EMAILS is empty: no digest of pairs at risk was sent', { day });
    return 0;
  }
  return runTransaction(async (tx) => {
    const ref = nudges().doc(key);
    const existing = await tx.get(ref);
    countReads(1);
    if (existing.exists) return 0;
    tx.set(ref, { kind: 'at-risk-digest', day, pairs: atRisk.length, createdAt: Timestamp.now() });
    queueEmail(
      tx,
      to,
      atRiskDigestEmail({
        pairs: atRisk.map(({ pair, health }) => ({
          names: pairNames(pair.doc),
          reasons: health.reasons,
        })),
        siteUrl: siteUrl(),
      }),
      { kind: 'at-risk-digest', subjectId: key },
      atRisk.flatMap(({ pair }) => [pair.doc.studentId, pair.doc.mentorId]),
    );
    return 1;
  });
}

/** The job: everything running pairs are owed on the day `now` falls on (UTC). */
export async function runPairsDaily(now: Date): Promise<PairsJobReport> {
  const day = isoDayOf(now);
  const pairs = await runningPairs();
  const report: PairsJobReport = {
    pairs: pairs.length,
    checkIns: 0,
    noSessionNudges: 0,
    reminders: 0,
    digests: 0,
    sessionReminders: 0,
  };
  // Only pairs owed something today open a transaction.
  const owed = pairs.filter((pair) => planPairDay(planStateOf(pair), day).length > 0);
  for (let i = 0; i < owed.length; i += PARALLEL) {
    const results = await Promise.all(
      owed.slice(i, i + PARALLEL).map((pair) => sendForPair(pair, day, now)),
    );
    for (const items of results) {
      for (const item of items) {
        if (item.kind === 'check-in') report.checkIns++;
        else if (item.kind === 'no-session') report.noSessionNudges++;
        else report.reminders++;
      }
    }
  }
  // Health worsens with time alone: every other running pair's list place is judged again.
  const sent = new Set(owed.map((p) => p.id));
  await relist(
    pairs.filter((p) => !sent.has(p.id)),
    day,
  );
  report.sessionReminders = (await runPlannedSessionReminders(now)).sessionReminders;
  // Mondays, the digest judges health after today's check-ins went out (re-read only then).
  if (digestKeyOn(day))
    report.digests = await sendDigest(await runningPairsAfter(pairs, owed), day);
  return report;
}

/** Pairs with their progress as it is after today's sends (re-reads only the pairs written). */
async function runningPairsAfter(pairs: Pair[], written: Pair[]): Promise<Pair[]> {
  if (written.length === 0) return pairs;
  const ids = new Set(written.map((p) => p.id));
  const fresh = new Map<string, PairDoc>();
  for (let i = 0; i < written.length; i += 300) {
    const snaps = await db.getAll(
      ...written.slice(i, i + 300).map((p) => pairsCollection().doc(p.id)),
    );
    countReads(snaps.length);
    for (const s of snaps) if (s.exists) fresh.set(s.id, s.data() as PairDoc);
  }
  return pairs.flatMap((p) => {
    if (!ids.has(p.id)) return [p];
    const doc = fresh.get(p.id);
    return doc && isRunning(doc) ? [{ ...p, doc }] : [];
  });
}

const ROLE_TO: Record<PersonKind, string> = { student: 'Student', mentor: 'Mentor' };

function describe(item: PlannedItem): { to: string; detail: string } {
  switch (item.kind) {
    case 'check-in':
      return {
        to: ROLE_TO[item.role],
        detail: `${CHECK_IN_PERIOD.words.titled(item.period)} check-in`,
      };
    case 'check-in-reminder':
      return {
        to: ROLE_TO[item.role],
        detail: `Reminder: ${CHECK_IN_PERIOD.words.named(item.period)} check-in`,
      };
    case 'no-session':
      return { to: 'Student and mentor', detail: `No session logged by day ${item.day}` };
  }
}

/**
 * What the job will send on each of the next 14 days (from `now`'s day), if nobody answers or
 * logs anything meanwhile: the same plan, applied day after day to a copy of each pair's state.
 */
export async function previewNudges(now: Date, cohortId?: string | null): Promise<PreviewResponse> {
  const pairs = await runningPairs(cohortId);
  const states = new Map(pairs.map((p) => [p.id, planStateOf(p)]));
  const digestsSent = new Set<string>();
  const days: PreviewResponse['days'] = [];
  for (const day of nextDays(isoDayOf(now), NUDGE_PREVIEW_DAYS)) {
    const items: PreviewItem[] = [];
    for (const pair of pairs) {
      const state = states.get(pair.id);
      if (!state) continue;
      const planned = planPairDay(state, day);
      states.set(pair.id, applyPlan(state, planned, day));
      for (const item of planned) {
        items.push({
          kind: item.kind,
          pairId: pair.id,
          pair: pairNames(pair.doc),
          ...describe(item),
        });
      }
    }
    const key = digestKeyOn(day);
    if (key && !digestsSent.has(key)) {
      const atRisk = pairs.filter(
        (p) => healthOf(p, day, states.get(p.id)).state === 'at-risk',
      ).length;
      if (atRisk > 0) {
        digestsSent.add(key);
        items.push({
          kind: 'at-risk-digest',
          to: 'Coordinators',
          pairId: null,
          pair: null,
          detail: `Weekly digest: ${atRisk} pair${atRisk === 1 ? '' : 's'} at risk`,
        });
      }
    }
    days.push({ day, items });
  }
  return { days };
}
