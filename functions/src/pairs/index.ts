/**
 * The pair module: pairs and their transitions, sessions, check-ins, planned sessions, guides,
 * the daily nudges, and the report's tallies their changes keep.
 *
 * The feature's only entry: the rest of the function (other features, app.ts, schedule/,
 * register-features.ts) imports what is exported here, never a file inside the folder
 * (eslint.config.mjs holds that).
 */
export { checkInLinks } from './check-ins';
export { makePair } from './dashboard';
export { pairsDashboardRouter } from './dashboard-router';
export { runPairsDaily } from './daily';
export { addToTally, forgetTallies, keepTally, tallyRef, type TallyDoc } from './kept-tallies';
export {
  activePartnersOf,
  countPairs,
  existingPairKeys,
  listPairs,
  listPairsOf,
  mentorsWithPairsIn,
  pairDatesOf,
  pairDocumentsOf,
  reportQueries,
} from './reads';
export { createPairsPublicRouter, pairsAdminRouter } from './router';
export { duplicatePair } from './rules';
export {
  allPairs,
  pairsCollection,
  certificates,
  cohortIdsOf,
  sessions,
  type PairDoc,
} from './store';
export {
  createPair,
  deletePairs,
  erasePairsOf,
  releaseMentorPlaceAtEnd,
  renameInPairs,
  setPairActive,
} from './transitions';
