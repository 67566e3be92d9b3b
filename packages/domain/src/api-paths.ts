/**
 * Every path of the API, in one table: its methods and its Express pattern (`:id` for a
 * parameter). The routers mount exactly these patterns (`API.x.path`). Callers (the web, tests,
 * e2e, scripts) name a path one way only: through its concept's `*Paths` object (apiPaths,
 * myApplicationPaths, pairPaths, certificatePaths, ...), each entry built here from the table with
 * `apiUrl` or `byId`, which the package does not export. functions/src/app.test.ts checks that
 * the app serves exactly the table, method by method.
 *
 * To add a path: add a line here (a name, its methods, its pattern; keep the group), mount it in
 * its router with `API.x.path`, and add an entry to its concept's `*Paths` object for the callers.
 * A path is a contract (deployed pages, e-mailed links and other clients call it as it is): never
 * change one that exists.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  readonly methods: readonly HttpMethod[];
  /** The Express pattern: `/api/admin/students/:id`. */
  readonly path: `/api/${string}`;
}

/** Where the routers' shared gates are mounted (app.ts, my-application/router.ts). */
export const API_PREFIX = {
  /** Everything a coordinator calls: requireAdmin runs first. */
  admin: '/api/admin',
  /** The signed-in applicant's own door. */
  me: '/api/me',
} as const;

export const API = {
  // --- Public -------------------------------------------------------------------------------
  health: { methods: ['GET'], path: '/api/health' },
  mentorApplication: { methods: ['POST'], path: '/api/mentor-registration' },
  studentApplication: { methods: ['POST'], path: '/api/student-registration' },
  linkedinAutofill: { methods: ['POST'], path: '/api/linkedin-autofill' },
  /** The open cohort and the next opening. */
  currentCohort: { methods: ['GET'], path: '/api/cohorts/current' },
  openingAlerts: { methods: ['POST'], path: '/api/cohorts/opening-alerts' },
  /** POST { token } confirms an opening alert (the button on the e-mailed link's page). */
  openingAlertConfirm: { methods: ['POST'], path: '/api/cohorts/opening-alerts/confirm' },
  /** POST { token } answers a carry-forward question yes. */
  carryForward: { methods: ['POST'], path: '/api/carry-forward' },
  acceptInvitation: { methods: ['POST'], path: '/api/team/invitations/accept' },
  passwordReset: { methods: ['POST'], path: '/api/team/password-reset' },
  /** POST { oobCode, password }: the new password through the server's policy. */
  passwordResetConfirm: { methods: ['POST'], path: '/api/team/password-reset/confirm' },
  /**
   * A signed-in coordinator's second step (password checked, passkey not yet): the challenge to
   * register their first passkey or to answer with one, and the answer.
   */
  passkeyOptions: { methods: ['POST'], path: '/api/session/passkey/options' },
  passkeyVerify: { methods: ['POST'], path: '/api/session/passkey/verify' },
  /** The demo administrator's one-step sign-in: the Functions emulator only. */
  localDemoFactor: { methods: ['POST'], path: '/api/session/local-demo' },
  /** Sign-out: ends the caller's confirmed session on the server (its record deleted). */
  endSession: { methods: ['POST'], path: '/api/session/end' },
  /** By the token of the e-mailed link, in the POST body. */
  checkInView: { methods: ['POST'], path: '/api/check-ins/view' },
  checkInAnswer: { methods: ['POST'], path: '/api/check-ins/answer' },
  /** Anyone verifies a certificate by its id. */
  certificate: { methods: ['GET'], path: '/api/certificates/:id' },
  /** POST { token, answer, note? }: the nominator's one-click answer. */
  nominationAnswer: { methods: ['POST'], path: '/api/nominations/answer' },
  /** The closing event's page (POST { token }) and the participant's reply. */
  closingEventView: { methods: ['POST'], path: '/api/closing-event/view' },
  closingEventReply: { methods: ['POST'], path: '/api/closing-event/reply' },

  // --- The applicant's own door (/api/me) ---------------------------------------------------
  /** Public: sends a sign-in link if that address applied; the same answer either way. */
  signInLink: { methods: ['POST'], path: '/api/me/sign-in-link' },
  confirm: { methods: ['POST'], path: '/api/me/confirm' },
  /** GET the signed-in applicant's applications; DELETE erases everything about them. */
  me: { methods: ['GET', 'DELETE'], path: '/api/me' },
  myExport: { methods: ['GET'], path: '/api/me/export' },
  /** PUT corrected answers of one application (`role`: student or mentor). */
  myApplication: { methods: ['PUT'], path: '/api/me/:role' },
  myWithdraw: { methods: ['POST'], path: '/api/me/:role/withdraw' },
  myPairs: { methods: ['GET'], path: '/api/me/pairs' },
  myPairSessions: { methods: ['POST'], path: '/api/me/pairs/:id/sessions' },
  myPairFit: { methods: ['POST'], path: '/api/me/pairs/:id/fit' },
  myPairProblem: { methods: ['POST'], path: '/api/me/pairs/:id/problem' },
  /** POST proposes a planned session (a day and time in the sender's zone). */
  myPairPlanned: { methods: ['POST'], path: '/api/me/pairs/:id/planned-sessions' },
  /** The partner accepts the time on the table (both get the calendar invitation). */
  myPairPlannedAccept: {
    methods: ['POST'],
    path: '/api/me/pairs/:id/planned-sessions/:plannedId/accept',
  },
  /** Either side suggests another time (a move, once accepted). */
  myPairPlannedCounter: {
    methods: ['POST'],
    path: '/api/me/pairs/:id/planned-sessions/:plannedId/counter',
  },
  /** Either side cancels (inside 24 hours too, which the partner is told). */
  myPairPlannedCancel: {
    methods: ['POST'],
    path: '/api/me/pairs/:id/planned-sessions/:plannedId/cancel',
  },
  myCertificates: { methods: ['GET'], path: '/api/me/certificates' },
  myCertificatePdf: { methods: ['GET'], path: '/api/me/certificates/:id/pdf' },
  myCertificateSurvey: { methods: ['PUT'], path: '/api/me/certificates/:id/survey' },
  /** A mentor awaiting review: GET open slots and their booking; PUT books or moves; DELETE cancels. */
  myInterview: { methods: ['GET', 'PUT', 'DELETE'], path: '/api/me/interview' },
  /** GET where my classmate invitation stands; POST { email } sends it (once). */
  myRecommendation: { methods: ['GET', 'POST'], path: '/api/me/recommendation' },

  // --- Coordinators (/api/admin) ------------------------------------------------------------
  stats: { methods: ['GET'], path: '/api/admin/stats' },
  activity: { methods: ['GET'], path: '/api/admin/activity' },
  students: { methods: ['GET', 'POST'], path: '/api/admin/students' },
  student: { methods: ['GET', 'PUT', 'DELETE'], path: '/api/admin/students/:id' },
  studentStatus: { methods: ['PUT'], path: '/api/admin/students/:id/status' },
  studentReview: { methods: ['PUT'], path: '/api/admin/students/:id/review' },
  studentNotes: { methods: ['GET', 'POST'], path: '/api/admin/students/:id/notes' },
  studentPairs: { methods: ['GET'], path: '/api/admin/students/:id/assignments' },
  studentExport: { methods: ['GET'], path: '/api/admin/students/:id/export' },
  mentors: { methods: ['GET', 'POST'], path: '/api/admin/mentors' },
  mentor: { methods: ['GET', 'PUT', 'DELETE'], path: '/api/admin/mentors/:id' },
  mentorStatus: { methods: ['PUT'], path: '/api/admin/mentors/:id/status' },
  mentorReview: { methods: ['PUT'], path: '/api/admin/mentors/:id/review' },
  mentorNotes: { methods: ['GET', 'POST'], path: '/api/admin/mentors/:id/notes' },
  mentorPairs: { methods: ['GET'], path: '/api/admin/mentors/:id/assignments' },
  mentorExport: { methods: ['GET'], path: '/api/admin/mentors/:id/export' },
  pairs: { methods: ['GET', 'POST'], path: '/api/admin/assignments' },
  pair: { methods: ['DELETE'], path: '/api/admin/assignments/:id' },
  pairStatus: { methods: ['PUT'], path: '/api/admin/assignments/:id/status' },
  pairsBulkDelete: { methods: ['POST'], path: '/api/admin/assignments/bulk-delete' },
  pairsBulkStatus: { methods: ['POST'], path: '/api/admin/assignments/bulk-status' },
  matchingProposal: { methods: ['POST'], path: '/api/admin/matching/proposal' },
  matchingApply: { methods: ['POST'], path: '/api/admin/matching/apply' },
  /** Health of every pair (`?cohort=<id>` narrows to one cohort). */
  pairHealth: { methods: ['GET'], path: '/api/admin/pairs' },
  /** What the daily job will send in the next 14 days (`?cohort=<id>`). */
  pairsPreview: { methods: ['GET'], path: '/api/admin/pairs/preview' },
  pairEnd: { methods: ['POST'], path: '/api/admin/pairs/:id/end' },
  cohorts: { methods: ['GET', 'POST'], path: '/api/admin/cohorts' },
  cohort: { methods: ['PUT'], path: '/api/admin/cohorts/:id' },
  /** A cohort's orientation(s) and closing event, invitees, replies and attendance. */
  cohortEvents: { methods: ['GET'], path: '/api/admin/cohorts/:id/events' },
  /** PUT sets or changes an event (invitations or updates follow); DELETE removes it (cancellations). */
  cohortEvent: { methods: ['PUT', 'DELETE'], path: '/api/admin/cohorts/:id/events/:kind' },
  cohortEventAttendance: {
    methods: ['PUT'],
    path: '/api/admin/cohorts/:id/events/:kind/attendance',
  },
  cohortEventSettings: { methods: ['PUT'], path: '/api/admin/cohorts/:id/event-settings' },
  team: { methods: ['GET'], path: '/api/admin/team' },
  /** DELETE: another coordinator's passkeys (they lost their device); their sessions end. */
  teamMemberPasskeys: { methods: ['DELETE'], path: '/api/admin/team/:id/passkeys' },
  /** POST: the open admin page is in use (the idle limit counts from the last one). */
  sessionActivity: { methods: ['POST'], path: '/api/admin/session/activity' },
  /** A second passkey (another device): its challenge, then the answer. */
  /**
   * A fresh answer from one's passkey (a step-up), which adding a passkey and changing the
   * password need within the last few minutes: its challenge, then the answer.
   */
  stepUpOptions: { methods: ['POST'], path: '/api/admin/account/step-up/options' },
  stepUp: { methods: ['POST'], path: '/api/admin/account/step-up' },
  addPasskeyOptions: { methods: ['POST'], path: '/api/admin/account/passkeys/options' },
  addPasskey: { methods: ['POST'], path: '/api/admin/account/passkeys' },
  /** GET: one's own passkeys (when added, when last used), without their keys. */
  ownPasskeys: { methods: ['GET'], path: '/api/admin/account/passkeys' },
  /** DELETE: one of one's own passkeys (never the last); the sessions it confirmed end. */
  ownPasskey: { methods: ['DELETE'], path: '/api/admin/account/passkeys/:id' },
  /** POST { currentPassword, password }: through the server's password policy. */
  changePassword: { methods: ['POST'], path: '/api/admin/account/password' },
  teamMember: { methods: ['DELETE'], path: '/api/admin/team/:id' },
  invitations: { methods: ['POST'], path: '/api/admin/team/invitations' },
  /** DELETE cancels a pending invitation (its link stops working). */
  invitation: { methods: ['DELETE'], path: '/api/admin/team/invitations/:id' },
  /** The four months' session guides (a month not edited shows its default). */
  sessionGuides: { methods: ['GET'], path: '/api/admin/session-guides' },
  /** PUT a month's guide; DELETE goes back to the default. */
  sessionGuide: { methods: ['PUT', 'DELETE'], path: '/api/admin/session-guides/:month' },
  /** The cohort report (`?cohort=<id>`), and one cohort's as CSV. */
  reports: { methods: ['GET'], path: '/api/admin/reports' },
  reportsCsv: { methods: ['GET'], path: '/api/admin/reports/csv' },
  /** Undelivered and long-waiting messages; `?subject=<id>` for one record's. */
  mailUndelivered: { methods: ['GET'], path: '/api/admin/mail/undelivered' },
  /** A coordinator sends an undelivered message again (a copy; audited). */
  mailResend: { methods: ['POST'], path: '/api/admin/mail/:id/resend' },
  /** Screening interview slots: GET upcoming (and the last week's); POST publishes one. */
  interviewSlots: { methods: ['GET', 'POST'], path: '/api/admin/interviews/slots' },
  /** DELETE an unbooked slot. */
  interviewSlot: { methods: ['DELETE'], path: '/api/admin/interviews/slots/:id' },
  /** POST cancels a booked slot's interview (the mentor is told and may book again). */
  interviewSlotCancel: { methods: ['POST'], path: '/api/admin/interviews/slots/:id/cancel' },
  /** The booked interviews of the coming days (the dashboard). */
  interviewsUpcoming: { methods: ['GET'], path: '/api/admin/interviews/upcoming' },
  mentorInterview: { methods: ['GET'], path: '/api/admin/interviews/mentors/:id' },
  /** POST the outcome: attended or not, and the review decision. */
  mentorInterviewOutcome: {
    methods: ['POST'],
    path: '/api/admin/interviews/mentors/:id/outcome',
  },
  /** A student's nomination, as the person's page shows it. */
  studentNomination: { methods: ['GET'], path: '/api/admin/students/:id/nomination' },
  /** The ids of the students whose nomination is in `?state=`. */
  nominations: { methods: ['GET'], path: '/api/admin/nominations' },
} as const satisfies Record<string, ApiRoute>;

export type ApiName = keyof typeof API;

/** The parameter names of a pattern: `/api/me/:role/withdraw` -> `'role'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsArg<P extends string> = [PathParams<P>] extends [never]
  ? []
  : [params: Record<PathParams<P>, string>];

/**
 * The URL of a route with its parameters filled in (each encoded):
 * `apiUrl(API.student, { id })` -> `/api/admin/students/abc`. A query string is the caller's.
 */
export function apiUrl<R extends ApiRoute>(route: R, ...[params]: ParamsArg<R['path']>): string {
  return fill(route.path, (params ?? {}) as Record<string, string>);
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * An edit's URL with the record's version (its `updatedAt` when the form opened): the server
 * refuses, with 409, to overwrite a record changed since (people/repository.ts `editPerson`).
 */
export const withVersion = (url: string, version: string): string =>
  `${url}?version=${encodeURIComponent(version)}`;

/** `apiUrl` as a one-id builder, the shape most `*Paths` entries take: `(id) => url`. */
export const byId =
  (route: ApiRoute & { path: `${string}:id${string}` }) =>
  (id: string): string =>
    fill(route.path, { id });
