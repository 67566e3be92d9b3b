/**
 * What a signed-in applicant can do with their own data: confirm their address, read where their
 * applications stand, correct them, withdraw, download everything and erase everything. They
 * are found by the e-mail address of their verified sign-in (the application locks map an address to
 * its record), so a participant reaches only their own records.
 */
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  MY_APPLICATION_MESSAGES,
  APPLICATION_STATUS_LABELS,
  CONTACT_FIELDS,
  INTERVIEW_COLLECTIONS,
  SIGN_IN_LINK_AT_REST,
  SIGN_IN_LINK_PLACEHOLDER,
  describeLinksAtRest,
  historyEntryAbout,
  SURVEYS_COLLECTION,
  aboutForPartner,
  applicationStatus,
  partnerView,
  viewOf,
  withoutLinkMaterial,
  type MyApplication,
  type MyDataExport,
  type MyMatch,
  type PersonKind,
  type Viewer,
} from '@mentorship/domain';
import { recipientHash } from '../abuse/recipient';
import { eraseCertificatesOf } from '../program-end';
import { activePartnersOf, pairDocumentsOf } from '../pairs';
import { queueNewApplicationNote } from '../email/moments';
import { mailCollection } from '../email/outbox';
import { findApplications, type Found } from '../application-locks/repository';
import { db, runTransaction } from '../firebase';
import { releaseInterviewWith } from '../interviews';
import { askNominator } from '../nominations';
import { PEOPLE } from '../shared/people-kinds';
import { editPerson, removePerson, deleteSignIn } from '../people';
import { DomainError } from '../shared/errors';
import { personRef } from '../shared/people';
import {
  COLLECTIONS,
  isConfirmed,
  rowOf,
  type MentorDoc,
  type StudentDoc,
} from '../shared/records';
import { rowKeyOf, rowRef, updatePerson } from '../shared/rows';

type Doc = StudentDoc | MentorDoc;
const noApplication = () => new DomainError('not-found', MY_APPLICATION_MESSAGES.noApplication);

async function findOne(email: string, kind: PersonKind): Promise<Found> {
  const found = (await findApplications(email)).find((f) => f.kind === kind);
  if (!found) throw noApplication();
  return found;
}

/**
 * The signed-in address is confirmed: each unconfirmed application gets its list row and the
 * coordinators' note, in one transaction each. Opening a second link confirms nothing twice.
 */
export async function confirmApplications(email: string): Promise<number> {
  let confirmed = 0;
  for (const { kind, id } of await findApplications(email)) {
    const done = await runTransaction(async (tx) => {
      const ref = personRef(kind, id);
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return false;
      const doc = snapshot.data() as Doc;
      if (isConfirmed(doc)) return false;
      const now = Timestamp.now();
      const next = { ...doc, confirmed: true, confirmedAt: now };
      tx.update(ref, { confirmed: true, confirmedAt: now });
      tx.set(rowRef(kind, rowKeyOf(id, next)), rowOf(kind, next));
      const address = PEOPLE[kind].emailOf(doc);
      // The note the hour's caps granted when it was submitted (applications/submit.ts); past
      // them, the hour's digest told the coordinators instead.
      if (address && doc.noteOnConfirm !== false) {
        queueNewApplicationNote(tx, { role: kind, id, fullName: doc.fullName, email: address });
      }
      return true;
    });
    if (done) confirmed++;
    // The nominator is asked once, now or (caps permitting) at a later confirmation.
    if (kind === 'student') await askNominator(id);
  }
  return confirmed;
}

const iso = (t: Timestamp | null | undefined) => (t ? t.toDate().toISOString() : null);

/**
 * The partner of each running pair, as the audience statement lets a partner see them (fields
 * of audience `partner` only: name, address, what they study or do).
 */
async function matchesOf(kind: PersonKind, id: string): Promise<MyMatch[]> {
  const matches: MyMatch[] = [];
  for (const pair of await activePartnersOf(kind, id)) {
    const other = kind === 'student' ? 'mentor' : 'student';
    const otherId = pair.partnerId;
    const snapshot = await personRef(other, otherId).get();
    if (!snapshot.exists) continue;
    const partner = snapshot.data() ?? {};
    const seen = partnerView(
      other === 'mentor' ? COLLECTIONS.mentors : COLLECTIONS.students,
      partner,
    );
    const email = seen[PEOPLE[other].emailField];
    matches.push({
      name: typeof seen.fullName === 'string' ? seen.fullName : '',
      email: typeof email === 'string' ? email : null,
      about: aboutForPartner(other, partner) || null,
      since: iso(pair.assignedAt) ?? '',
    });
  }
  return matches;
}

/** The stored answers, without the program's own bookkeeping. */
const BOOKKEEPING = new Set([
  'isActive',
  'reviewStatus',
  'declineReason',
  'confirmed',
  'confirmedAt',
  'noteOnConfirm',
  'withdrawnAt',
  'createdAt',
  'updatedAt',
  'activePairId',
  'activeStudentCount',
  // The cohort and its carry-forward marks are the program's, not answers.
  'cohortId',
  'carriedForwardFrom',
  'matchPriority',
  'carryAskedFor',
]);
const answersOf = (doc: Doc): Record<string, unknown> =>
  Object.fromEntries(Object.entries(doc).filter(([key]) => !BOOKKEEPING.has(key)));

async function describe({ kind, id, doc }: Found): Promise<MyApplication> {
  const matches = await matchesOf(kind, id);
  const status = applicationStatus({
    confirmed: doc.confirmed,
    reviewStatus: doc.reviewStatus,
    isActive: doc.isActive,
    matched: matches.length > 0,
  });
  return {
    role: kind,
    id,
    status,
    statusLabel: APPLICATION_STATUS_LABELS[status],
    declineReason: status === 'declined' ? (doc.declineReason ?? null) : null,
    appliedAt: iso(doc.createdAt) ?? '',
    confirmedAt: iso(doc.confirmedAt),
    updatedAt: iso(doc.updatedAt) ?? '',
    withdrawnAt: iso(doc.withdrawnAt),
    canCorrectAnswers: status === 'received' || status === 'unconfirmed',
    canWithdraw: status === 'received' || status === 'approved' || status === 'inactive',
    matches,
    answers: answersOf(doc),
  };
}

export async function myApplications(email: string): Promise<MyApplication[]> {
  return Promise.all((await findApplications(email)).map(describe));
}

/**
 * Corrected answers. While the application awaits review every answer may change (the address
 * is the sign-in and stays); afterwards only contact details, and a withdrawn one not at all.
 * Checked on the record as it is inside the transaction that writes, and only the answers the
 * applicant changed are written (a field-level merge): a coordinator's decision made meanwhile
 * (approval, decline, activation) stays, and refuses a change it no longer allows. With
 * `version` (the application's `updatedAt` when My application showed it), a record changed
 * since, by a coordinator's edit for instance, is not written over: 409, nothing saved (the
 * merge alone would write the form's old value back over a field the coordinator changed).
 */
export async function correctApplication(
  email: string,
  kind: PersonKind,
  answers: Record<string, unknown>,
  version?: string,
): Promise<MyApplication> {
  const { id, doc } = await findOne(email, kind);
  const people = PEOPLE[kind];
  const next: Record<string, unknown> = { ...answers, [people.emailField]: people.emailOf(doc) };
  await editPerson(
    people as never,
    id,
    next as never,
    {
      base: doc as never,
      check: (current: Doc, changed: string[]) => {
        // `matched` does not change what may be corrected (contact details only either way).
        const status = applicationStatus({ ...current, matched: false });
        if (status === 'withdrawn') {
          throw new DomainError('failed-precondition', MY_APPLICATION_MESSAGES.notCorrectable);
        }
        if (status === 'received' || status === 'unconfirmed') return;
        if (changed.some((key) => !CONTACT_FIELDS[kind].includes(key))) {
          throw new DomainError('failed-precondition', MY_APPLICATION_MESSAGES.notCorrectable);
        }
      },
    },
    version,
  );
  const updated = await personRef(kind, id).get();
  return describe({ kind, id, doc: updated.data() as Doc });
}

/** Withdraws an application that is not matched: inactive, `withdrawn`, never matched. */
export async function withdrawApplication(email: string, kind: PersonKind): Promise<MyApplication> {
  const { id } = await findOne(email, kind);
  await runTransaction(async (tx) => {
    const snapshot = await tx.get(personRef(kind, id));
    if (!snapshot.exists) throw noApplication();
    // A withdrawn mentor's interview goes in the same transaction (reads first, writes below).
    const releaseInterview =
      kind === 'mentor' ? await releaseInterviewWith(id)(tx) : () => undefined;
    const doc = snapshot.data() as Doc;
    const matched =
      kind === 'student'
        ? Boolean((doc as StudentDoc).activePairId)
        : ((doc as MentorDoc).activeStudentCount ?? 0) > 0;
    if (doc.reviewStatus === 'withdrawn' || matched || !isConfirmed(doc)) {
      throw new DomainError('failed-precondition', MY_APPLICATION_MESSAGES.notWithdrawable);
    }
    const now = Timestamp.now();
    updatePerson(tx, kind, rowKeyOf(id, doc), {
      isActive: false,
      reviewStatus: 'withdrawn',
      withdrawnAt: now,
      updatedAt: now,
    });
    releaseInterview();
  });
  const updated = await personRef(kind, id).get();
  return describe({ kind, id, doc: updated.data() as Doc });
}

/** Firestore values as JSON: Timestamps become ISO strings. */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

/** The outbox messages addressed to an address, in any letter case it was stored with. */
export async function mailTo(addresses: string[]): Promise<DocumentSnapshot[]> {
  const variants = [...new Set(addresses.flatMap((a) => [a, a.trim().toLowerCase()]))];
  const snapshots = await Promise.all(
    variants.map((a) => mailCollection().where('to', 'array-contains', a).get()),
  );
  const byId = new Map<string, DocumentSnapshot>();
  for (const s of snapshots) for (const d of s.docs) byId.set(d.id, d);
  return [...byId.values()];
}

const EXPORT_ABOUT =
  'Everything the program stores about you that is yours to see: your applications, your pairs (what you and your partner share, and your own ratings, answers and words for the coordinators), the sessions logged, your check-ins, every e-mail the program sent you, the history entries about you, your certificates, your final survey answers, your screening interview, your nomination as you gave it and the classmate invitation you sent (not your classmate\u2019s address, which is theirs). Not included: what your partner told the coordinators, and the coordinators\u2019 own notes (see the README: they are working notes, not data you gave us); ask us by e-mail if you want those of the notes that are about you.';

/** Firestore values of a collection's documents found by one equality query. */
async function documentsWhere(
  collection: string,
  field: string,
  op: '==' | 'array-contains',
  value: string,
) {
  const snapshot = await db.collection(collection).where(field, op, value).get();
  return snapshot.docs.map((d) => ({ id: d.id, data: plain(d.data()) as Record<string, unknown> }));
}

/**
 * One JSON document with everything stored about the people with these records that they may
 * see, built from the audience statement (`STORED_FIELD_AUDIENCES`, domain audience.ts), never
 * by dumping documents: their own fields, what they share with their partner, nothing their
 * partner or the coordinators wrote, no secret. The coordinators' "Download data" is the same
 * document, so it can answer an access request as it is.
 */
export async function exportData(
  email: string,
  found: { kind: PersonKind; id: string }[],
): Promise<MyDataExport> {
  const applications: Record<string, unknown>[] = [];
  const pairs: Record<string, unknown>[] = [];
  const sessions: Record<string, unknown>[] = [];
  const checkIns: Record<string, unknown>[] = [];
  const history: Record<string, unknown>[] = [];
  const certificates: Record<string, unknown>[] = [];
  const surveys: Record<string, unknown>[] = [];
  const interviews: Record<string, unknown>[] = [];
  const plannedSessions: Record<string, unknown>[] = [];
  const eventInvitations: Record<string, unknown>[] = [];
  const problemReports: Record<string, unknown>[] = [];
  const nominations: Record<string, unknown>[] = [];
  const recommendations: Record<string, unknown>[] = [];
  const addresses = [email];
  const seen = new Set<string>();
  const once = (collection: string, id: string) => {
    const key = `${collection}/${id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const records: { kind: PersonKind; id: string; doc: Doc }[] = [];
  for (const { kind, id } of found) {
    const snapshot = await personRef(kind, id).get();
    if (!snapshot.exists) continue;
    const doc = snapshot.data() as Doc;
    records.push({ kind, id, doc });
    const address = PEOPLE[kind].emailOf(doc);
    if (address) addresses.push(address);
  }
  for (const { kind, id, doc } of records) {
    const collection = kind === 'student' ? COLLECTIONS.students : COLLECTIONS.mentors;
    const viewer: Viewer = { as: 'person', personId: id, role: kind, emails: addresses };
    const view = (name: string, docs: { id: string; data: Record<string, unknown> }[]) =>
      docs
        .filter((d) => once(name, d.id))
        .map((d) => ({ id: d.id, ...viewOf(name, d.id, d.data, viewer) }));
    applications.push({
      role: kind,
      id,
      ...viewOf(collection, id, plain(doc) as Record<string, unknown>, viewer),
    });
    // The pair module's records of the person: their pairs, sessions, check-ins, certificates.
    const [ofPairs, ofSessions, ofCheckIns, ofCertificates, ofPlanned] = await pairDocumentsOf(
      kind,
      id,
    );
    for (const [into, found] of [
      [pairs, ofPairs],
      [sessions, ofSessions],
      [checkIns, ofCheckIns],
      [certificates, ofCertificates],
      [plannedSessions, ofPlanned],
    ] as const) {
      if (found) into.push(...view(found.collection, found.docs));
    }
    surveys.push(
      ...view(SURVEYS_COLLECTION, await documentsWhere(SURVEYS_COLLECTION, 'personId', '==', id)),
    );
    if (kind === 'mentor') {
      const booking = await db.collection(INTERVIEW_COLLECTIONS.bookings).doc(id).get();
      if (booking.exists) {
        interviews.push(
          ...view(INTERVIEW_COLLECTIONS.bookings, [
            { id, data: plain(booking.data()) as Record<string, unknown> },
          ]),
        );
      }
    }
    eventInvitations.push(
      ...view(
        COLLECTIONS.eventInvitations,
        await documentsWhere(COLLECTIONS.eventInvitations, 'personId', '==', id),
      ),
    );
    problemReports.push(
      ...view(
        COLLECTIONS.problemReports,
        await documentsWhere(COLLECTIONS.problemReports, 'personId', '==', id),
      ),
    );
    // Only the entries about them: one naming them among others is those others' too.
    history.push(
      ...view(
        COLLECTIONS.audit,
        (await documentsWhere(COLLECTIONS.audit, 'people', 'array-contains', id)).flatMap((d) => {
          const about = historyEntryAbout(d.data, id);
          return about ? [{ id: d.id, data: about }] : [];
        }),
      ),
    );
    if (kind === 'student') {
      const nomination = await db.collection(COLLECTIONS.nominations).doc(id).get();
      if (nomination.exists) {
        nominations.push(
          ...view(COLLECTIONS.nominations, [
            { id, data: plain(nomination.data()) as Record<string, unknown> },
          ]),
        );
      }
    }
    recommendations.push(
      ...view(
        COLLECTIONS.recommendations,
        await documentsWhere(COLLECTIONS.recommendations, 'people', 'array-contains', id),
      ),
    );
  }
  // The classmate invitation made from one of their addresses (one per address), found by the
  // address's hash too: a record made after it is not among its `people`.
  for (const address of new Set(addresses.map(recipientHash))) {
    const sent = await db.collection(COLLECTIONS.recommendations).doc(address).get();
    if (!sent.exists || !once(COLLECTIONS.recommendations, sent.id)) continue;
    const data = plain(sent.data()) as Record<string, unknown>;
    const viewer: Viewer = { as: 'person', personId: '', emails: addresses };
    recommendations.push({
      id: sent.id,
      ...viewOf(COLLECTIONS.recommendations, sent.id, data, viewer, 'self'),
    });
  }
  const viewer: Viewer = { as: 'person', personId: '', emails: addresses };
  const emails = (await mailTo(addresses)).map((m) => {
    const data = viewOf(
      COLLECTIONS.mail,
      m.id,
      plain(m.data() ?? {}) as Record<string, unknown>,
      viewer,
    );
    const message = (data.message ?? {}) as { subject?: unknown; text?: unknown };
    const delivery = (data.delivery ?? {}) as { state?: unknown };
    return {
      id: m.id,
      kind: data.kind,
      to: data.to,
      createdAt: data.createdAt,
      subject: message.subject,
      text:
        typeof message.text === 'string'
          ? withoutLinkMaterial(
              describeLinksAtRest(
                message.text.split(SIGN_IN_LINK_PLACEHOLDER).join(SIGN_IN_LINK_AT_REST),
                data.kind === 'application-received' || data.kind === 'sign-in-link'
                  ? SIGN_IN_LINK_AT_REST
                  : undefined,
              ),
            )
          : message.text,
      delivered: delivery.state === 'SUCCESS',
    };
  });
  return {
    exportedAt: new Date().toISOString(),
    email,
    about: EXPORT_ABOUT,
    applications,
    pairs,
    sessions,
    checkIns,
    emails,
    history,
    certificates,
    surveys,
    interviews,
    plannedSessions,
    eventInvitations,
    problemReports,
    nominations,
    recommendations,
  };
}

/** Erases every application of the signed-in address and their sign-in. */
export async function eraseApplicant(email: string): Promise<void> {
  const found = await findApplications(email);
  // Certificates (nothing left to verify) and final survey answers go first, by person id.
  await eraseCertificatesOf(found.map((f) => f.id));
  for (const { kind, id } of found) {
    await removePerson(PEOPLE[kind], id, { onRequest: true });
  }
  await eraseLeftovers(email);
}

/** Sign-in link e-mails and the Auth user of an address that has no application left. */
async function eraseLeftovers(email: string): Promise<void> {
  if ((await findApplications(email)).length > 0) return;
  const batch = db.batch();
  for (const m of await mailTo([email])) batch.delete(m.ref);
  await batch.commit();
  await deleteSignIn(email);
}
