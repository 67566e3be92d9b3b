/**
 * Cohorts: their records, the public list and opening alerts, the program's events (orientation,
 * closing) and the carry-forward question.
 *
 * The feature's only entry: the rest of the function (other features, app.ts, schedule/,
 * register-features.ts) imports what is exported here, never a file inside the folder
 * (eslint.config.mjs holds that).
 */
export { carryForwardLinks, carryOffersOf, runCarryForward } from './carry-forward';
export { createCarryForwardRouter } from './carry-forward-router';
export {
  closingEventEndsForCertificates,
  closingEventLinks,
  eventInvitationsOf,
  onFanoutWritten,
  runFanout,
  leaveOutWithoutOrientation,
  orientationOnApproval,
  runProgramEvents,
} from './events';
export { cohortEventsRouter, createClosingEventRouter } from './events-router';
export { openingAlertLinks, openingAlertRef, runOpeningAlerts } from './opening-alerts';
export { cohortsRouter, createOpeningAlertsRouter, publicCohortsRouter } from './router';
export { allCohorts, checkCohortIn, cohortForNewPerson, openCohortId } from './service';
